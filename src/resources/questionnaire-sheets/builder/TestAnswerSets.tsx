import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import SaveAltIcon from '@mui/icons-material/SaveAlt';
import { Button, Card, IconButton, List, ListItem, ListItemIcon, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { memo, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TEST_ANSWER_LIMITS, testAnswerProblems, withTestAnswerSet, type QuestionnaireAnswers, type SheetSchema, type TestAnswerSet } from '../../../domain/questionnaire';

/** How many problems a listed set shows before "… and N more". */
const SHOWN_PROBLEMS = 5;

/**
 * The draft's test answer sets, checked against the sheet as it is now (issue #34): re-run on every edit, so a
 * change that breaks a known filling shows at once. Shown beside the canvas.
 */
export const TestAnswerChecks = memo(function TestAnswerChecks({ schema, sets }: { schema: SheetSchema; sets: readonly TestAnswerSet[] }) {
  const translate = useTranslate();
  const checked = useMemo(() => sets.map((set) => ({ set, problems: testAnswerProblems(schema, set) })), [schema, sets]);
  return (
    <Card variant="outlined" sx={{ p: 1.5 }} data-testid="test-answer-checks">
      <Typography variant="subtitle2" component="h2">
        {translate('SHEET_BUILDER.TestAnswers.Title')}
      </Typography>
      {!sets.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('SHEET_BUILDER.TestAnswers.None')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {checked.map(({ set, problems }) => (
            <ListItem key={set.name} disableGutters alignItems="flex-start" data-testid={`test-set-${set.name}`} data-problems={problems.length}>
              <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>{problems.length ? <ErrorOutlineIcon color="error" fontSize="small" /> : <CheckCircleOutlineIcon color="success" fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={set.name}
                secondary={
                  problems.length ? (
                    <>
                      {translate('SHEET_BUILDER.TestAnswers.Problems', { smart_count: problems.length })}
                      {problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
                        <Typography key={index} component="span" variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                          {problem.path.join('.')}: {translate(problem.key, { _: problem.key, ...(problem.params ?? {}) })}
                        </Typography>
                      ))}
                      {problems.length > SHOWN_PROBLEMS && (
                        <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                          {translate('SHEET_BUILDER.TestAnswers.More', { count: problems.length - SHOWN_PROBLEMS })}
                        </Typography>
                      )}
                    </>
                  ) : (
                    translate('SHEET_BUILDER.TestAnswers.Valid')
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
});

/**
 * The preview's bar for test answer sets: fill the preview with a saved set, keep the answers typed there as a set
 * (a new name or one that exists, which is replaced), or remove a set.
 */
export function TestAnswerBar({ sets, answers, onLoad, onChange }: { sets: readonly TestAnswerSet[]; answers: QuestionnaireAnswers; onLoad: (answers: QuestionnaireAnswers) => void; onChange: (sets: TestAnswerSet[]) => void }) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const full = sets.length >= TEST_ANSWER_LIMITS.sets && !sets.some((set) => set.name.toLowerCase() === name.trim().toLowerCase());
  const keep = () => {
    onChange(withTestAnswerSet(sets, name, answers));
    setChosen(name.trim());
    setName('');
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1 }} data-testid="test-answer-bar">
      <TextField
        select
        size="small"
        label={translate('SHEET_BUILDER.TestAnswers.Load')}
        value={sets.some((set) => set.name === chosen) ? chosen : ''}
        onChange={(event) => {
          const set = sets.find((candidate) => candidate.name === event.target.value);
          setChosen(event.target.value);
          onLoad(set ? set.answers : {});
        }}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'test-set-load' } }}
      >
        <MenuItem value="">{translate('SHEET_BUILDER.TestAnswers.Empty')}</MenuItem>
        {sets.map((set) => (
          <MenuItem key={set.name} value={set.name}>
            {set.name}
          </MenuItem>
        ))}
      </TextField>
      {sets.some((set) => set.name === chosen) && (
        <Tooltip title={translate('SHEET_BUILDER.TestAnswers.Remove', { name: chosen })}>
          <IconButton aria-label={translate('SHEET_BUILDER.TestAnswers.Remove', { name: chosen })} onClick={() => { onChange(sets.filter((set) => set.name !== chosen)); setChosen(''); }} data-testid="test-set-remove">
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      )}
      <TextField
        size="small"
        label={translate('SHEET_BUILDER.TestAnswers.Name')}
        value={name}
        onChange={(event) => setName(event.target.value.slice(0, TEST_ANSWER_LIMITS.name))}
        onKeyDown={(event) => event.key === 'Enter' && name.trim() && !full && keep()}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'test-set-name', maxLength: TEST_ANSWER_LIMITS.name } }}
      />
      <Button startIcon={<SaveAltIcon />} disabled={!name.trim() || full} onClick={keep} data-testid="test-set-keep">
        {translate('SHEET_BUILDER.TestAnswers.Keep')}
      </Button>
      {full && (
        <Typography variant="body2" color="text.secondary">
          {translate('SHEET_BUILDER.TestAnswers.TooMany', { max: TEST_ANSWER_LIMITS.sets })}
        </Typography>
      )}
    </Stack>
  );
}
