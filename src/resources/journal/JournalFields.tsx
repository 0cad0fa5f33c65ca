import ArrowRightAltIcon from '@mui/icons-material/ArrowRightAlt';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import { Fragment } from 'react';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { parseJournalContent, stateChange, type JournalRecord } from '../../domain/journal';
import { stateKey, unitTypeKey } from '../projects/details/unitLabels';
import { formatDate, formatFullDateTime, formatTime } from '../../domain/format';

/** Delayed rows: a warning background and a bar at the start, as changed rows elsewhere in the portal. */
export const delayedRowSx = {
  bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.14),
  boxShadow: (theme: Theme) => `inset 4px 0 ${theme.palette.warning.main}`,
};

export function JournalDateField() {
  const record = useRecordContext<JournalRecord>();
  const [locale = 'en'] = useLocaleState();
  if (!record) return null;
  const date = new Date(record.date);
  return (
    <Box component="time" dateTime={record.date} title={formatFullDateTime(date, locale)} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
      {formatDate(date, locale)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {formatTime(date, locale)}
      </Typography>
    </Box>
  );
}

export function UnitTypeField() {
  const record = useRecordContext<JournalRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate(unitTypeKey(record.projectUnitType), { _: record.projectUnitType })}</>;
}

/** An e-mail address that wraps after the @ only, never inside a word. */
function breakableEmail(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Name above, e-mail below (the scheduler and deleted users have none). */
export function MemberField() {
  const record = useRecordContext<JournalRecord>();
  if (!record) return null;
  return (
    <Stack sx={{ minWidth: 0 }}>
      <Typography variant="body2">{record.userName}</Typography>
      {record.userEmail && (
        <Typography variant="caption" color="text.secondary">
          {breakableEmail(record.userEmail)}
        </Typography>
      )}
    </Stack>
  );
}

/** old → new with translated state names; one state where the unit stayed (a delay) or had none before. */
export function StateChangeField() {
  const record = useRecordContext<JournalRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const content = parseJournalContent(record.contentJson);
  const states = stateChange(content);
  const label = (state: string) => translate(stateKey(state), { _: state });
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      aria-label={states.length === 2 ? translate('JOURNAL.StateArrow', { from: label(states[0]), to: label(states[1]) }) : undefined}
    >
      {states.map((state, index) => (
        <Fragment key={`${index}-${state}`}>
          {index > 0 && <ArrowRightAltIcon fontSize="small" color="action" aria-hidden />}
          <Chip size="small" variant={index === states.length - 1 ? 'filled' : 'outlined'} label={label(state)} />
        </Fragment>
      ))}
    </Stack>
  );
}

export function DelayedField() {
  const record = useRecordContext<JournalRecord>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.delayed) return <Typography variant="body2" color="text.secondary">{translate('JOURNAL.No')}</Typography>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'warning.dark' }}>
      <WarningAmberIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('JOURNAL.Yes')}
      </Typography>
    </Stack>
  );
}

/** The transition's message and, for a delayed entry, the escalation rule's text. */
export function DelayReasonField() {
  const record = useRecordContext<JournalRecord>();
  if (!record) return null;
  const { additionalMessage } = parseJournalContent(record.contentJson);
  return (
    <Stack spacing={0.25} sx={{ minWidth: 160, maxWidth: 360 }}>
      {record.delayReason && (
        <Typography variant="body2" sx={{ fontWeight: 500, color: 'warning.dark' }}>
          {record.delayReason}
        </Typography>
      )}
      {additionalMessage && (
        <Typography variant="body2" sx={{ fontStyle: 'italic', whiteSpace: 'pre-line' }}>
          {additionalMessage}
        </Typography>
      )}
    </Stack>
  );
}
