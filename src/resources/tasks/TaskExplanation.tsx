import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TASK_DIALOG_KEYS } from '../../domain/tasks';

const STEPS = ['Step1', 'Step2', 'Step3'] as const;
const hasOwnDialog = (taskKey: string): taskKey is (typeof TASK_DIALOG_KEYS)[number] => (TASK_DIALOG_KEYS as readonly string[]).includes(taskKey);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * What a task asks for. PlaceOrder, PendingValidation and PendingContract explain themselves in three parts
 * (meaning, steps, what follows); every other key has one description, and a key the translations do not
 * know gets a generic one.
 */
export function TaskExplanation({ taskKey }: { taskKey: string }) {
  const translate = useTranslate();
  if (!hasOwnDialog(taskKey)) {
    return (
      <Typography sx={{ mt: 2 }} data-testid="task-description">
        {translate(`TASKS.Keys.${taskKey}.Description`, { _: translate('TASKS.Generic.Description') })}
      </Typography>
    );
  }
  const text = (part: string) => translate(`TASKS.Dialogs.${taskKey}.${part}`);
  return (
    <Box data-testid="task-description">
      <Section title={translate('TASKS.Dialog.Meaning')}>
        <Typography>{text('Meaning')}</Typography>
      </Section>
      <Section title={translate('TASKS.Dialog.ToDo')}>
        <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
          {STEPS.map((step) => (
            <Typography component="li" key={step}>
              {text(step)}
            </Typography>
          ))}
        </Box>
      </Section>
      <Section title={translate('TASKS.Dialog.Next')}>
        <Typography>{text('Next')}</Typography>
      </Section>
    </Box>
  );
}
