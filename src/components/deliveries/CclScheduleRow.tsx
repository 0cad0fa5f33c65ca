import ArchitectureIcon from '@mui/icons-material/Architecture';
import SaveIcon from '@mui/icons-material/Save';
import { Box, Chip, CircularProgress, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatIsoWeek } from '../../domain/format';
import { DeliveryWeekSelect } from './DeliveryWeekSelect';
import { cclScheduleEntrySchema, type CclScheduleEntry, type CclScheduleEntryInput } from '../../domain/deliveries';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { serverMessages } from '../ServerMessages';
import { useConflictHandler } from '../../providers/conflict';

type Field = keyof CclScheduleEntryInput;
const FIELDS: Field[] = ['features', 'deliveryWeek', 'note'];
const LABEL: Record<Field, string> = { features: 'DELIVERY.Schedule.Features', deliveryWeek: 'DELIVERY.Schedule.DeliveryWeek', note: 'DELIVERY.Schedule.Note' };

const valuesOf = (entry: CclScheduleEntry): CclScheduleEntryInput => ({ features: entry.features ?? '', deliveryWeek: entry.deliveryWeek ?? '', note: entry.note ?? '' });

/** The field problems the domain schema finds (translation keys), before anything is sent. */
function localProblems(values: CclScheduleEntryInput): Partial<Record<Field, string>> {
  const result = cclScheduleEntrySchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

interface CclScheduleRowProps {
  rootId: number;
  entry: CclScheduleEntry;
  canEdit: boolean;
  onSaved: (entry: CclScheduleEntry) => void;
  /** Reads the schedule again (after a conflict). */
  onReload: () => unknown;
}

/**
 * One drawing job of the CCL delivery schedule: features, delivery week and note, saved per row when changed, with
 * the entry's version (409 when someone else saved it meanwhile: the message, then the schedule as it is now).
 */
export function CclScheduleRow({ rootId, entry, canEdit, onSaved, onReload }: CclScheduleRowProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const handleConflict = useConflictHandler();
  const [values, setValues] = useState(() => valuesOf(entry));
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const saved = valuesOf(entry);
  const dirty = FIELDS.some((field) => values[field] !== saved[field]);
  const problems = localProblems(values);
  const invalid = Object.keys(problems).length > 0;

  // Closing or reloading the tab with an unsaved (e.g. invalid) row asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async () => {
    if (inFlight.current || !dirty || invalid) return;
    inFlight.current = true;
    setSaving(true);
    setGeneral(null);
    try {
      const body = { features: values.features.trim(), deliveryWeek: values.deliveryWeek, note: values.note.trim(), version: entry.version };
      const next = await dataProvider.saveCclScheduleEntry(rootId, entry.projectUnitID, body);
      setValues(valuesOf(next));
      onSaved(next);
      notify('DELIVERY.Schedule.Saved', { type: 'success', messageArgs: { title: entry.title } });
    } catch (caught) {
      if (handleConflict(caught, onReload)) return;
      const atFields: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      for (const message of serverMessages(caught)) {
        const field = message.reference?.split('.').pop() as Field | undefined;
        if (field && FIELDS.includes(field)) atFields[field] = message.text;
        else rest.push(message.text);
      }
      setServerErrors(atFields);
      setGeneral(rest.length ? rest.join(' ') : null);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const errorOf = (field: Field) => serverErrors[field] ?? (problems[field] ? translate(problems[field]!, { _: problems[field] }) : undefined);
  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(field, event.target.value),
    error: Boolean(errorOf(field)),
    helperText: errorOf(field),
    size: 'small' as const,
    fullWidth: true,
    disabled: saving,
  });

  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', py: 1.5, px: 2, borderBottom: 1, borderColor: 'divider', bgcolor: dirty ? 'action.hover' : undefined }}
      data-testid={`ccl-entry-${entry.projectUnitID}`}
      // Leaving the row saves it (no edit is lost because the save icon was not pressed); an invalid row stays marked.
      onBlur={(event: React.FocusEvent<HTMLElement>) => {
        if (canEdit && !event.currentTarget.contains(event.relatedTarget as Node | null)) void save();
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        <ArchitectureIcon fontSize="small" sx={{ color: '#00838f' }} />
        <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
          {entry.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {entry.subTitle}
        </Typography>
        {entry.custRef && <Chip size="small" variant="outlined" label={translate('DELIVERY.Schedule.CustRef', { ref: entry.custRef })} />}
      </Stack>
      {canEdit ? (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.2fr) 190px minmax(0, 1.6fr) 40px' }, alignItems: 'start' }}>
          <TextField {...fieldProps('features')} label={translate(LABEL.features)} multiline minRows={1} maxRows={4} slotProps={{ htmlInput: { maxLength: 500 } }} />
          <DeliveryWeekSelect {...fieldProps('deliveryWeek')} label={translate(LABEL.deliveryWeek)} />
          <TextField {...fieldProps('note')} label={translate(LABEL.note)} multiline minRows={1} maxRows={4} slotProps={{ htmlInput: { maxLength: 2000 } }} />
          <Tooltip title={translate('DELIVERY.Schedule.SaveRow')}>
            <span>
              <IconButton color="primary" onClick={save} disabled={!dirty || invalid || saving} aria-label={translate('DELIVERY.Schedule.SaveRow')} data-testid="ccl-save">
                {saving ? <CircularProgress size={20} /> : <SaveIcon />}
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 140px 1.5fr' }, typography: 'body2' }}>
          {FIELDS.map((field) => (
            <Box key={field}>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {translate(LABEL[field])}
              </Typography>
              <Box sx={{ whiteSpace: 'pre-wrap' }}>{(field === 'deliveryWeek' ? formatIsoWeek(saved[field], locale) : saved[field]) || '–'}</Box>
            </Box>
          ))}
        </Box>
      )}
      {general && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }} role="alert">
          {general}
        </Typography>
      )}
    </Box>
  );
}
