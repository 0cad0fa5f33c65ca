import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, Card, CircularProgress, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Datagrid, DatagridBody, FunctionField, List, TextField, useListContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { PreliminaryDaysRecord } from '../../domain/preliminaryDays';
import { PreliminaryDaysInput, PreliminaryDaysRow } from './PreliminaryDaysCells';
import { PreliminaryEditsContext, rowState, type Edits } from './preliminaryEdits';
import { BulkListActions } from '../../layout/bulk/BulkListActions';
import { PRELIMINARY_DAYS_RESOURCE } from '../../domain/resources';

/** The API answers every plant × product type row at once; one page holds them all. */
const WHOLE_TABLE = 10_000;

/** The hint and, while rows are changed, Save: one PUT per changed row; rows that fail stay changed. */
function SaveBar({ edits, setEdits, saving, setSaving }: { edits: Edits; setEdits: (update: (current: Edits) => Edits) => void; saving: boolean; setSaving: (saving: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data } = useListContext<PreliminaryDaysRecord>();
  // The API takes the spec's `PreliminaryDays` and answers the row as it is now.
  const [update] = useUpdate<PreliminaryDaysRecord & { PreliminaryDays?: number }>();
  const dirtyRows = (data ?? []).filter((record) => rowState(record, edits).dirty);
  const invalid = dirtyRows.some((record) => rowState(record, edits).error);

  const onSave = async () => {
    if (saving || invalid || !dirtyRows.length) return;
    setSaving(true);
    try {
      const results = await Promise.allSettled(
        dirtyRows.map((record) =>
          update(
            PRELIMINARY_DAYS_RESOURCE,
            { id: record.id, data: { PreliminaryDays: Number(edits[record.id]) }, previousData: record },
            { mutationMode: 'pessimistic', returnPromise: true },
          ),
        ),
      );
      const saved = dirtyRows.filter((_, index) => results[index].status === 'fulfilled').map((record) => record.id);
      const failed = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error)?.message ?? 'ra.notification.http_error'] : []));
      // Saved rows become clean (react-admin put the answers into the list); failed ones keep what was typed.
      setEdits((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !saved.includes(Number(id)))));
      if (failed.length) notify(failed.join('\n'), { type: 'error', multiLine: true });
      else notify('PRELIMINARY.Saved', { type: 'success', messageArgs: { smart_count: saved.length } });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between', minHeight: 64 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('PRELIMINARY.Hint')}
      </Typography>
      {dirtyRows.length > 0 && (
        <Button variant="contained" startIcon={saving ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />} disabled={invalid || saving} onClick={onSave}>
          {translate('PRELIMINARY.Save', { smart_count: dirtyRows.length })}
        </Button>
      )}
    </Stack>
  );
}

/**
 * home/app/admin/preliminary-days: the preliminary-days resource's list, an editable datagrid of plant × product
 * type rows (sorted by plant, then product, by the API). Values are typed in place and saved together.
 */
export default function PreliminaryDaysList() {
  const translate = useTranslate();
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const context = useMemo(() => ({ edits, saving, change: (id: number, text: string) => setEdits((current) => ({ ...current, [id]: text })) }), [edits, saving]);
  return (
    <PreliminaryEditsContext.Provider value={context}>
      <List
        resource={PRELIMINARY_DAYS_RESOURCE}
        title="PRELIMINARY.Title"
        perPage={WHOLE_TABLE}
        disableSyncWithLocation
        actions={<BulkListActions create={false} />}
        pagination={false}
        empty={false}
        component={Box}
        sx={{ maxWidth: 900 }}
      >
        <Card sx={{ mt: 2 }}>
          <SaveBar edits={edits} setEdits={setEdits} saving={saving} setSaving={setSaving} />
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            size="small"
            aria-label={translate('PRELIMINARY.Title')}
            body={<DatagridBody row={<PreliminaryDaysRow />} />}
            empty={<Box sx={{ p: 3 }}>{translate('PRELIMINARY.Empty')}</Box>}
          >
            <TextField source="plantName" label="PRELIMINARY.Plant" sortable={false} />
            <TextField source="productTypeTitle" label="PRELIMINARY.Product" sortable={false} />
            <FunctionField source="preliminaryDays" label="PRELIMINARY.PreliminaryDays" textAlign="right" sortable={false} render={() => <PreliminaryDaysInput />} />
          </Datagrid>
        </Card>
      </List>
    </PreliminaryEditsContext.Provider>
  );
}
