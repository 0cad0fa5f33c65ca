import EditNoteIcon from '@mui/icons-material/EditNote';
import { Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Button, useListContext, useNotify, useResourceContext, useTranslate, useUnselectAll, useUpdateMany } from 'react-admin';
import { BULK_DEFINITIONS, isBulkResource } from '../../domain/bulk/resources';
import { LINTEL_TYPES } from '../../domain/catalogue';
import { LANGUAGES } from '../../domain/languages';
import { apiResource } from '../../providers/dataProvider';

/** Choices of a field with a fixed set of values; others are typed. */
const CHOICES: Record<string, readonly (string | boolean)[]> = {
  lintelType: LINTEL_TYPES,
  language: LANGUAGES,
};

function fieldKind(resource: string, field: string) {
  if (!isBulkResource(resource)) return 'text';
  return BULK_DEFINITIONS[resource].columns.find((column) => column.field === field)?.kind ?? 'text';
}

/** The typed text as the value the API reads (numbers, yes/no, id lists). */
function toValue(kind: string, text: string): unknown {
  if (kind === 'boolean') return text === 'true';
  if (kind === 'integer' || kind === 'decimal') return text.trim() === '' ? null : Number(text.replace(',', '.'));
  if (kind === 'idList') return text.split(/[\s,;]+/).filter(Boolean).map(Number);
  return text;
}

/**
 * "Set field": one value for every selected row, in one request (react-admin's updateMany → `api/bulk/…/update`),
 * undoable for a few seconds like react-admin's own bulk actions; the server checks every record with the forms' rules.
 */
export function BulkEditButton() {
  const resource = useResourceContext() ?? '';
  const name = apiResource(resource);
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const unselectAll = useUnselectAll(resource);
  const [updateMany, { isPending }] = useUpdateMany();
  const fields = isBulkResource(name) ? Object.keys(BULK_DEFINITIONS[name].bulkFields) : [];
  const [open, setOpen] = useState(false);
  const [field, setField] = useState(fields[0] ?? '');
  const [text, setText] = useState('');
  if (!fields.length) return null;
  const kind = fieldKind(name, field);
  const choices = kind === 'boolean' ? ['true', 'false'] : CHOICES[field];

  const apply = () => {
    updateMany(
      resource,
      { ids: selectedIds, data: { [field]: toValue(kind, text) } },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify('BULK.Edit.Done', { type: 'info', messageArgs: { smart_count: selectedIds.length }, undoable: true });
          unselectAll();
        },
        onError: (error) => notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' }),
      },
    );
    setOpen(false);
  };

  return (
    <>
      <Button label="BULK.Edit.Button" onClick={() => setOpen(true)}>
        <EditNoteIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate('BULK.Edit.Title', { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField select label={translate('BULK.Edit.Field')} value={field} onChange={(event) => { setField(event.target.value); setText(''); }}>
              {fields.map((option) => (
                <MenuItem key={option} value={option}>{translate(`resources.${resource}.fields.${option}`)}</MenuItem>
              ))}
            </TextField>
            {choices ? (
              <TextField select label={translate('BULK.Edit.Value')} value={text} onChange={(event) => setText(event.target.value)}>
                {choices.map((choice) => (
                  <MenuItem key={String(choice)} value={String(choice)}>
                    {kind === 'boolean' ? translate(choice === 'true' ? 'ra.boolean.true' : 'ra.boolean.false') : field === 'language' ? translate(`LANGUAGES.${choice}`) : String(choice)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField label={translate('BULK.Edit.Value')} value={text} onChange={(event) => setText(event.target.value)} inputMode={kind === 'text' ? 'text' : 'decimal'} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
          <Button label="BULK.Edit.Apply" variant="contained" onClick={apply} disabled={isPending || (kind !== 'decimal' && text === '')} />
        </DialogActions>
      </Dialog>
    </>
  );
}
