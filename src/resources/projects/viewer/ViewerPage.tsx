import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { HttpError, Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { unitPageTitle } from '../../../domain/projectUnits';
import { detailsPath, useUnitContext } from '../details/projectQueries';
import { UnitBreadcrumb } from '../details/UnitBreadcrumb';
import { ModelWorkspace } from './ModelWorkspace';
import { preloadScene } from './SceneView';
import { useViewerData } from './viewerQueries';
import { ViewerFailed, ViewerNoModel, ViewerPending, ViewerSkeleton } from './ViewerStates';
import { positiveId } from '../RootPageState';


function NotFound() {
  const translate = useTranslate();
  return (
    <Alert severity="warning" data-testid="viewer-not-found" action={<Button component={RouterLink} to="/home/app/dash">{translate('MENU.Dashboard')}</Button>}>
      {translate('PROJECTUNIT.NotFound')}
    </Alert>
  );
}

/** home/app/viewer/{root}/{unit}/view: the unit's IFC model as a tree of floors and walls beside a 3D view. */
export default function ViewerPage() {
  const translate = useTranslate();
  const params = useParams();
  const rootId = positiveId(params.rootId);
  const unitId = positiveId(params.unitId);
  const { data: context, error: contextError } = useUnitContext(unitId ?? 0);
  const { data, error } = useViewerData(rootId ?? 0, unitId ?? 0, rootId !== null && unitId !== null);
  const title = translate('VIEWER.Title');
  const fullTitle = context ? `${title} – ${unitPageTitle(context.unit)}` : title;
  useEffect(() => void preloadScene(), []);

  const notFound =
    rootId === null ||
    unitId === null ||
    data?.status === 'notFound' ||
    (contextError instanceof HttpError && contextError.status === 404) ||
    (context !== undefined && context.root.id !== rootId);
  const backTo = context && !notFound ? detailsPath(context.unit) : null;
  const file = data?.status === 'ready' ? data.view.file : data && 'file' in data ? data.file : null;

  let content;
  if (notFound) content = <NotFound />;
  else if (error) content = <Alert severity="error">{translate('VIEWER.LoadFailed')}</Alert>;
  else if (!data) content = <ViewerSkeleton />;
  else if (data.status === 'ready') content = <ModelWorkspace key={data.view.hash} view={data.view} />;
  else if (data.status === 'pending') content = <ViewerPending file={data.file} />;
  else if (data.status === 'failed') content = <ViewerFailed file={data.file} messages={data.messages} backTo={backTo} />;
  else content = <ViewerNoModel backTo={backTo} />;

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={fullTitle} />
      {backTo && (
        <Box sx={{ mb: 1 }}>
          <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} data-testid="viewer-back">
            {translate('VIEWER.BackToUnit')}
          </Button>
        </Box>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1, mb: 0.5 }}>
        <ViewInArIcon color="primary" />
        <Typography variant="h5" component="h1" sx={{ mr: 'auto' }}>
          {title}
        </Typography>
        {file && !notFound && (
          <Chip icon={<InsertDriveFileOutlinedIcon />} label={file.name} variant="outlined" title={translate('VIEWER.ModelFile', { name: file.name })} data-testid="viewer-file" />
        )}
      </Stack>
      {context && !notFound && <UnitBreadcrumb path={context.path} />}
      {content}
    </Box>
  );
}
