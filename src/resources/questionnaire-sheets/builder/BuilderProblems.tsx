import { memo } from 'react';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Card, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useProblemText } from '../ProblemList';

/** A problem of the draft as the builder lists it: its message and, when it sits on one, the item to select. */
export interface BuilderProblem {
  key: string;
  params: Record<string, unknown>;
  itemId?: string;
}

/** Every problem of the draft after each edit; a click selects the control it is on. */
export const BuilderProblems = memo(function BuilderProblems({ problems, onSelect }: { problems: BuilderProblem[]; onSelect: (id: string) => void }) {
  const translate = useTranslate();
  const problemText = useProblemText();
  return (
    <Card variant="outlined" data-testid="builder-problems">
      {problems.length === 0 ? (
        <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5 }} data-testid="builder-no-problems">
          <CheckCircleOutlineIcon fontSize="small" />
          {translate('SHEET_BUILDER.NoProblems')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={translate('QUESTIONNAIRE_SHEETS.ProblemCount', { smart_count: problems.length })} sx={{ maxHeight: 200, overflow: 'auto' }}>
          {problems.map((problem, index) => (
            <ListItemButton key={index} disabled={!problem.itemId} onClick={() => problem.itemId && onSelect(problem.itemId)} data-testid="builder-problem">
              <ListItemIcon sx={{ minWidth: 32 }}>
                <ErrorOutlineIcon color="error" fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={problemText(problem)} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Card>
  );
});
