import { Alert, Box, Button, Card, CardContent, CardHeader, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { HttpError, Title, useGetIdentity, useTranslate } from 'react-admin';
import { canManageMembers } from '../../../domain/memberManagement';
import { unitPageTitle } from '../../../domain/projectUnits';
import { canDownloadSelectedFiles, canUploadFiles, showsProjectFiles } from '../../../domain/projectFiles';
import { OrderTableCard } from '../../orders/OrderTableCard';
import { CclDeliveryScheduleCard } from '../deliveries/CclDeliveryScheduleList';
import { ProjectFilesCard } from '../files/ProjectFilesCard';
import { MembersCard } from '../members/MembersCard';
import { ChildUnitsGrid } from './ChildUnitsGrid';
import { useChildUnits, useUnitContext } from './projectApi';
import { ProjectToolsMenu } from './ProjectToolsMenu';
import { SiteAddressCard, SiteContactCard } from './SiteCards';
import { TenantInfoCard, TenantLogo } from './TenantPanel';
import { UnitActionMenu } from './UnitActionMenu';
import { UnitBreadcrumb } from './UnitBreadcrumb';
import { UnitSummary } from './UnitSummary';
import { ProjectActionsCard, WorkflowCard } from './WorkflowCard';
import { ModelNotice } from '../../viewer/ModelNotice';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';

export const PROJECT_DETAILS_PATHS = ['/project/details/:rootId', '/project/details/:rootId/:unitId'];

function NotFound() {
  const translate = useTranslate();
  return (
    <Alert severity="warning" action={<Button component={RouterLink} to="/home/app/dash">{translate('MENU.Dashboard')}</Button>} data-testid="unit-not-found">
      {translate('PROJECTUNIT.NotFound')}
    </Alert>
  );
}

/** home/app/project/details/{root}[/{unit}]: the unit with its path, children, files and side panel. */
export default function ProjectDetailsPage() {
  const translate = useTranslate();
  const params = useParams();
  const unitId = Number(params.unitId ?? params.rootId);
  const { data: context, error, isPending } = useUnitContext(unitId);
  const showChildren = Boolean(context && context.unit.projectUnitType !== 'drawingjob');
  const { data: children } = useChildUnits(unitId, showChildren);
  const [creating, setCreating] = useState(false);
  const { identity } = useGetIdentity();
  useDocumentTitle(context ? unitPageTitle(context.unit) : undefined);

  if (!Number.isInteger(unitId) || unitId <= 0 || (error as HttpError | null)?.status === 404) return <NotFound />;
  if (isPending || !context) return error ? <Alert severity="error">{(error as Error).message}</Alert> : <LinearProgress />;
  if (context.root.id !== Number(params.rootId)) return <NotFound />;

  const { unit, root } = context;
  const isRoot = unit.id === root.id;
  const canCreate = context.allowedChildTypes.some((type) => context.can.create[type]?.allowed);
  const newUnitTile = context.features.includes('AllowCreateProjectUnits') && canCreate;
  return (
    <Box>
      <Title title={unitPageTitle(unit)} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <UnitBreadcrumb path={context.path} />
        </Box>
        {isRoot && <TenantLogo context={context} />}
        <UnitActionMenu context={context} creating={creating} onCreatingChange={setCreating} />
      </Stack>
      <UnitSummary unit={unit} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <ModelNotice rootId={root.id} unitId={unit.id} />
          <WorkflowCard context={context} />
          <OrderTableCard context={context} />
          {showChildren && (
            <Card>
              <CardHeader title={translate('PROJECTUNIT.Children')} slotProps={{ title: { variant: 'h6' } }} />
              <CardContent sx={{ pt: 0 }}>
                {context.allowedChildTypes.length === 0 && !children?.length ? (
                  <Typography color="text.secondary">{translate('PROJECTUNIT.NoFurtherStructuring')}</Typography>
                ) : children && children.length === 0 && !newUnitTile ? (
                  <Typography color="text.secondary">{translate('PROJECTUNIT.NoChildren')}</Typography>
                ) : (
                  <ChildUnitsGrid units={children ?? []} onCreate={newUnitTile ? () => setCreating(true) : undefined} />
                )}
              </CardContent>
            </Card>
          )}
          {isRoot && context.tenant.type === 'ccl' && <CclDeliveryScheduleCard rootId={root.id} />}
          {showsProjectFiles(unit) && (
            <ProjectFilesCard rootId={root.id} unitId={unit.id} canUpload={canUploadFiles({ role: context.role, isInternal: context.isInternal, rootState: root.stateKey }).allowed} canDownloadSelected={canDownloadSelectedFiles(context)} />
          )}
        </Stack>
        <Stack spacing={2}>
          <ProjectActionsCard context={context} />
          <ProjectToolsMenu context={context} />
          <MembersCard rootId={root.id} canManage={canManageMembers({ role: context.role, isInternal: context.isInternal, isAdmin: Boolean(identity?.isAdmin) }).allowed} />
          <SiteAddressCard context={context} />
          <SiteContactCard context={context} />
          <TenantInfoCard context={context} />
        </Stack>
      </Box>
    </Box>
  );
}
