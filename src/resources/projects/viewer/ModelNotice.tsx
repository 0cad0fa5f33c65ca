import { Alert, AlertTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { unitContextQueryKey } from '../details/projectQueries';
import { useProjectFiles } from '../files/projectFileQueries';
import { problemText, useModelStatus } from './viewerQueries';

/** The unit's IFC files as one string: it changes when one is uploaded or deleted. */
const ifcRevision = (files: { id: number; name: string }[] | undefined) =>
  (files ?? [])
    .filter((file) => file.name.toLowerCase().endsWith('.ifc'))
    .map((file) => file.id)
    .join(',');

/**
 * On the details page: a clear message when the unit's model could not be read (corrupt or not an IFC file).
 * Nothing shows while the model is fine or being read; the rest of the page works either way.
 */
export function ModelNotice({ rootId, unitId }: { rootId: number; unitId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const files = useProjectFiles(rootId, unitId);
  const revision = ifcRevision(files.data);
  const { data: status } = useModelStatus(rootId, unitId, revision, !files.isPending);
  const seen = useRef<string | null>(null);

  // A new or deleted IFC file may switch the viewer button: the unit's context is read again.
  useEffect(() => {
    if (!files.data || seen.current === revision) return;
    const first = seen.current === null;
    seen.current = revision;
    if (!first) void queryClient.invalidateQueries({ queryKey: unitContextQueryKey(unitId) });
  }, [files.data, revision, unitId, queryClient]);

  if (status?.status !== 'failed') return null;
  const reason = problemText(status.messages, translate);
  return (
    <Alert severity="error" data-testid="model-notice">
      <AlertTitle>{translate('VIEWER.Notice.Title')}</AlertTitle>
      {translate('VIEWER.Notice.Text', { name: status.file?.name ?? '', reason })}
    </Alert>
  );
}
