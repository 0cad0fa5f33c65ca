import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, useNotify, useRefresh, useStore, useTranslate } from 'react-admin';
import { BULK_DEFINITIONS, isBulkResource } from '../../domain/bulk/resources';
import { apiResource, usePortalDataProvider } from '../../providers/dataProvider';
import type { ImportPreview } from '../../providers/methods/bulk';
import { ImportMapping } from './ImportMapping';
import { ImportPreviewTable } from './ImportPreviewTable';

/** The mapping last used for a resource, remembered with the headers it was made for. */
type RememberedMapping = { headers: string[]; mapping: (string | null)[] } | undefined;

const sameHeaders = (a: string[], b: string[]) => a.length === b.length && a.every((header, index) => header === b[index]);

/** file → columns → preview → apply; the server reads, checks and writes, the dialog shows what it answers. */
export function ImportDialog({ resource, onClose }: { resource: string; onClose: () => void }) {
  const name = apiResource(resource);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = usePortalDataProvider();
  const [remembered, remember] = useStore<RememberedMapping>(`bulk.import.mapping.${name}`);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState(0);
  const [mapping, setMapping] = useState<(string | null)[]>([]);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause));
  const previewing = useMutation({
    mutationFn: ({ chosen, columns }: { chosen: File; columns?: (string | null)[] }) => dataProvider.previewImport(name, chosen, columns),
    onMutate: () => setError(null),
    onError: fail,
  });
  const applying = useMutation({
    mutationFn: () => dataProvider.applyImport(name, file!, mapping),
    onError: fail,
    onSuccess: (result) => {
      notify('BULK.Import.Done', { type: 'success', messageArgs: { created: result.new, updated: result.changed, unchanged: result.unchanged } });
      refresh();
      onClose();
    },
  });

  const chooseFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    const first = await previewing.mutateAsync({ chosen }).catch(() => null);
    if (!first) return;
    // The mapping remembered for the same columns comes back; otherwise the server's suggestion by name and label.
    const columns = remembered && sameHeaders(remembered.headers, first.headers) ? remembered.mapping : first.mapping;
    setMapping(columns);
    setPreview(first);
    setStep(1);
  };

  const showPreview = async () => {
    const next = await previewing.mutateAsync({ chosen: file!, columns: mapping }).catch(() => null);
    if (!next) return;
    remember({ headers: next.headers, mapping });
    setPreview(next);
    setStep(2);
  };

  const changes = preview ? preview.summary.new + preview.summary.changed : 0;
  const columns = isBulkResource(name) ? BULK_DEFINITIONS[name].columns : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="import-title">
      <DialogTitle id="import-title">{translate('BULK.Import.Title', { name: translate(`resources.${resource}.name`, { smart_count: 2 }) })}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} sx={{ mb: 2 }}>
          {['BULK.Import.StepFile', 'BULK.Import.StepMapping', 'BULK.Import.StepPreview'].map((label) => (
            <Step key={label}><StepLabel>{translate(label)}</StepLabel></Step>
          ))}
        </Stepper>
        {error && <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>{error}</Alert>}
        {step === 0 && (
          <>
            <MuiButton variant="outlined" component="label" disabled={previewing.isPending}>
              {translate('BULK.Import.ChooseFile')}
              <input hidden type="file" accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" data-testid="import-file" onChange={(event) => chooseFile(event.target.files?.[0])} />
            </MuiButton>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('BULK.Import.FileHint')}</Typography>
          </>
        )}
        {step > 0 && preview && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {preview.fileName} · {translate('BULK.Import.Detected', { format: preview.format.toUpperCase(), rows: preview.rows.length })}
          </Typography>
        )}
        {step === 1 && preview && <ImportMapping resource={resource} headers={preview.headers} columns={columns} mapping={mapping} onChange={setMapping} />}
        {step === 2 && preview && (
          <>
            {preview.summary.invalid > 0 && <Alert severity="error" sx={{ mb: 1 }}>{translate('BULK.Import.HasInvalid')}</Alert>}
            {preview.summary.invalid === 0 && changes === 0 && <Alert severity="info" sx={{ mb: 1 }}>{translate('BULK.Import.NothingToDo')}</Alert>}
            <ImportPreviewTable resource={resource} preview={preview} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={onClose} />
        {step > 0 && <Button label="BULK.Import.Back" onClick={() => setStep(step === 2 ? 1 : 0)} />}
        {step === 1 && <Button label="BULK.Import.ShowPreview" variant="contained" onClick={showPreview} disabled={previewing.isPending} />}
        {step === 2 && preview && (
          <Button
            label={translate('BULK.Import.Apply', { count: changes })}
            variant="contained"
            onClick={() => applying.mutate()}
            disabled={applying.isPending || preview.summary.invalid > 0 || changes === 0}
          />
        )}
      </DialogActions>
    </Dialog>
  );
}
