import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { zipDownloadUrl } from '../../../domain/projectFiles';
import { messagesOf, ServerMessages } from '../../../components/ServerMessages';
import { downloadItems } from './fileTree';
import { FileTreeBranch } from './FileTreeBranch';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { useFileTree } from './projectFileQueries';

/** The browser downloads the zip itself (streamed by the server), as if the user had clicked a link. */
function startBrowserDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** "Download files": the project's file tree with checkboxes; the selection is downloaded as one zip. */
export function DownloadFilesDialog({ rootId, onClose }: { rootId: number; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = usePortalDataProvider();
  const tree = useFileTree(rootId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [messages, setMessages] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);

  const download = async () => {
    if (submitting || !tree.data) return;
    setSubmitting(true);
    setMessages([]);
    try {
      const downloadID = await dataProvider.requestFilesZip(rootId, downloadItems(tree.data, selected));
      startBrowserDownload(zipDownloadUrl(downloadID));
      onClose();
    } catch (error) {
      setMessages(messagesOf(error).map((text) => translate(text, { _: text })));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open onClose={submitting ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="download-files-title">
      <DialogTitle id="download-files-title">{translate('FILES.DownloadDialog.Title')}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 160 }}>
        <ServerMessages messages={messages} />
        {tree.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {tree.isError && <ServerMessages messages={messagesOf(tree.error)} />}
        {tree.data?.length === 0 && <Typography color="text.secondary">{translate('FILES.DownloadDialog.Empty')}</Typography>}
        {tree.data?.map((node) => <FileTreeBranch key={node.projectUnitID} node={node} selected={selected} onChange={setSelected} />)}
      </DialogContent>
      <DialogActions>
        {selected.size > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 2 }} data-testid="download-files-count">
            {translate('FILES.DownloadDialog.Selected', { smart_count: selected.size })}
          </Typography>
        )}
        <Button onClick={onClose} disabled={submitting}>
          {translate('COMMON.Cancel')}
        </Button>
        <Button variant="contained" onClick={download} disabled={selected.size === 0 || submitting} data-testid="download-files-submit">
          {submitting && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate('FILES.DownloadDialog.Download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
