import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { fileExtension, PROJECT_FILE_ACCEPT, projectFileContentUrl, type ProjectFile } from '../../../domain/projectFiles';
import { IFC_IMPORT_PARAM } from '../structure/structurePaths';
import { messagesOf, ServerMessages } from '../../../components/ServerMessages';
import { DownloadFilesDialog } from './DownloadFilesDialog';
import { formatFileSize } from '../../../domain/format';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { localProblem, projectFilesQueryKey, useProjectFiles } from './projectFileQueries';
import { formatDateTime } from '../../../domain/format';

export interface ProjectFilesCardProps {
  rootId: number;
  unitId: number;
  /** `canUploadFiles` of the unit's context. */
  canUpload: boolean;
  /** The project feature DownloadSelectedFiles. */
  canDownloadSelected: boolean;
  /** The structure page (the root while its structure can be edited): an uploaded IFC model offers to build it (issue #39). */
  structurePath?: string;
}

/** The unit's files: list with download and delete, upload of several files, and the zip download dialog. */
export function ProjectFilesCard({ rootId, unitId, canUpload, canDownloadSelected, structurePath }: ProjectFilesCardProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'en'] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = usePortalDataProvider();
  const files = useProjectFiles(rootId, unitId);
  const [progress, setProgress] = useState<{ done: number; total: number; name: string } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<ProjectFile | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [uploadedModel, setUploadedModel] = useState<ProjectFile | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: projectFilesQueryKey(rootId, unitId) });
  const serverTexts = (error: unknown) => messagesOf(error).map((text) => translate(text, { _: text }));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!chosen.length) return;
    const errors: string[] = [];
    const valid = chosen.filter((file) => {
      const problem = localProblem(file);
      if (problem) errors.push(translate(problem.key, problem.params));
      return !problem;
    });
    let uploaded = 0;
    // One request per file: each file succeeds or fails on its own, and the bar moves per file.
    for (const [index, file] of valid.entries()) {
      setProgress({ done: index, total: valid.length, name: file.name });
      try {
        const after = await dataProvider.uploadProjectFile(rootId, unitId, file);
        uploaded++;
        // The newest file of that name is the one just uploaded.
        const stored = after.filter((candidate) => candidate.name === file.name).sort((a, b) => b.id - a.id)[0];
        if (structurePath && stored && fileExtension(stored.name) === 'ifc') setUploadedModel(stored);
      } catch (error) {
        errors.push(...serverTexts(error));
      }
    }
    setProgress(null);
    setProblems(errors);
    if (uploaded) {
      notify('FILES.Upload.Done', { type: 'success', messageArgs: { smart_count: uploaded } });
      await reload();
    }
  };

  const remove = async () => {
    const file = toDelete;
    setToDelete(null);
    if (!file) return;
    try {
      await dataProvider.deleteProjectFile(rootId, unitId, file.projectFileID);
      notify('FILES.Deleted', { type: 'success', messageArgs: { name: file.name } });
    } catch (error) {
      notify(serverTexts(error).join('\n'), { type: 'error' });
    }
    await reload();
  };

  return (
    <Card data-testid="project-files-card">
      <CardHeader
        title={translate('FILES.Title')}
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {/* An empty card offers no download: its empty state says there is nothing yet. */}
            {canDownloadSelected && Boolean(files.data?.length) && (
              <Button startIcon={<DownloadOutlined />} onClick={() => setDialogOpen(true)} data-testid="project-files-download">
                {translate('FILES.DownloadFiles')}
              </Button>
            )}
            {canUpload && (
              <Button component="label" variant="contained" startIcon={<UploadFileOutlined />} disabled={progress !== null}>
                {translate('FILES.Upload.Button')}
                <input hidden type="file" multiple accept={PROJECT_FILE_ACCEPT} onChange={choose} data-testid="project-files-input" />
              </Button>
            )}
          </Box>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {progress && (
          <Box sx={{ mb: 2 }} data-testid="project-files-progress">
            <Typography variant="body2" color="text.secondary">
              {translate('FILES.Upload.Progress', { name: progress.name, current: progress.done + 1, total: progress.total })}
            </Typography>
            <LinearProgress variant={progress.total > 1 ? 'determinate' : 'indeterminate'} value={(progress.done / progress.total) * 100} />
          </Box>
        )}
        <ServerMessages messages={problems} />
        {uploadedModel && structurePath && (
          <Alert
            severity="success"
            sx={{ mb: 2, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            data-testid="structure-from-upload"
            action={
              <Button component={RouterLink} to={`${structurePath}?${IFC_IMPORT_PARAM}=${uploadedModel.id}`} variant="contained" size="small" sx={{ flexShrink: 0 }}>
                {translate('FILES.Upload.CreateStructure')}
              </Button>
            }
          >
            {translate('FILES.Upload.ModelUploaded', { name: uploadedModel.name })}
          </Alert>
        )}
        {files.isPending && <CircularProgress size={24} />}
        {files.isError && <ServerMessages messages={serverTexts(files.error)} />}
        {files.data?.length === 0 && (
          <Typography color="text.secondary" data-testid="project-files-empty">
            {translate('FILES.Empty')}
          </Typography>
        )}
        {Boolean(files.data?.length) && (
          <List dense disablePadding>
            {files.data!.map((file) => (
              <ListItem
                key={file.projectFileID}
                disableGutters
                secondaryAction={
                  file.canDelete && (
                    <Tooltip title={translate('COMMON.Delete')}>
                      <IconButton edge="end" aria-label={translate('COMMON.Delete')} onClick={() => setToDelete(file)}>
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  )
                }
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <InsertDriveFileOutlined color="action" />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <Link href={projectFileContentUrl(rootId, unitId, file.projectFileID)} download={file.name} underline="hover">
                      {file.name}
                    </Link>
                  }
                  secondary={[formatFileSize(file.size, locale), formatDateTime(file.createdAt, locale), file.uploadedBy].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <Confirm
        isOpen={toDelete !== null}
        title="FILES.DeleteTitle"
        content="FILES.DeleteText"
        contentTranslateOptions={{ name: toDelete?.name ?? '' }}
        confirm="COMMON.Delete"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
      {dialogOpen && <DownloadFilesDialog rootId={rootId} onClose={() => setDialogOpen(false)} />}
    </Card>
  );
}
