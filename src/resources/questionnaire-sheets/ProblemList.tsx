import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { Alert, Box, Chip, LinearProgress, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { EditorProblem } from './editorProblems';

/** The text of a problem: its translation key with its values (the server's keys and the editor's own). */
export function useProblemText() {
  const translate = useTranslate();
  return useCallback(
    (problem: Pick<EditorProblem, 'key' | 'params'>) => {
      const params = Object.fromEntries(Object.entries(problem.params).map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : value]));
      return translate(problem.key, { ...params, _: problem.key });
    },
    [translate],
  );
}

interface ProblemListProps {
  problems: EditorProblem[];
  checking: boolean;
  checkFailed: boolean;
  onSelect: (problem: EditorProblem) => void;
}

/** Under the editor: every problem of both documents with where it is; a click jumps to it in the text. */
export function ProblemList({ problems, checking, checkFailed, onSelect }: ProblemListProps) {
  const translate = useTranslate();
  const problemText = useProblemText();
  return (
    <Box data-testid="problem-list" sx={{ borderTop: 1, borderColor: 'divider', minHeight: 56, flexShrink: 0 }}>
      <LinearProgress sx={{ height: 2, visibility: checking ? 'visible' : 'hidden' }} />
      {checkFailed && (
        <Alert severity="warning" sx={{ m: 1 }}>
          {translate('QUESTIONNAIRE_SHEETS.CheckFailed')}
        </Alert>
      )}
      {!checkFailed && problems.length === 0 && (
        <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }} data-testid="no-problems">
          <CheckCircleOutlineIcon fontSize="small" />
          {translate(checking ? 'QUESTIONNAIRE_SHEETS.Checking' : 'QUESTIONNAIRE_SHEETS.NoProblems')}
        </Typography>
      )}
      {problems.length > 0 && (
        <>
          <Typography variant="subtitle2" color="error" sx={{ px: 2, pt: 1 }}>
            {translate('QUESTIONNAIRE_SHEETS.ProblemCount', { smart_count: problems.length })}
          </Typography>
          <List dense disablePadding sx={{ maxHeight: 200, overflow: 'auto' }}>
            {problems.map((problem, index) => (
              <ListItemButton key={`${problem.document}-${problem.pointer}-${problem.key}-${index}`} onClick={() => onSelect(problem)} data-testid="problem">
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <ErrorOutlineIcon color="error" fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={problemText(problem)}
                  secondary={
                    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.25, minWidth: 0 }}>
                      <Chip component="span" size="small" variant="outlined" label={problem.document} sx={{ height: 20, fontFamily: 'monospace', flexShrink: 0 }} />
                      <Box component="span" sx={{ flexShrink: 0 }}>
                        {translate('QUESTIONNAIRE_SHEETS.LineColumn', { line: problem.line, column: problem.column })}
                      </Box>
                      {problem.pointer && (
                        <Box component="span" title={problem.pointer} sx={{ fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                          {problem.pointer}
                        </Box>
                      )}
                    </Box>
                  }
                />
              </ListItemButton>
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
