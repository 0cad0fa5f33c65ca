import { Alert, Box, Button, Card, CardContent, CardHeader, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { HttpError, ShowBase, Title, useGetIdentity, useShowContext, useTranslate } from 'react-admin';
import { canManageMembers } from '../../../domain/memberManagement';
import { unitPageTitle } from '../../../domain/projectUnits';
import { canDownloadSelectedFiles, canUploadFiles, showsProjectFiles } from '../../../domain/projectFiles';
import { UNIT_CONTEXT_META } from '../../../providers/dataProvider';
import { OrderTableCard } from '../orders/OrderTableCard';
import { ModelNotice } from '../viewer/ModelNotice';
import { structurePagePath } from '../structure/structurePaths';
import { useDocumentTitle } from '../../../layout/useDocumentTitle';
import { CclDeliveryScheduleCard } from '../../../components/deliveries/CclDeliveryScheduleList';
import { ProjectFilesCard } from '../files/ProjectFilesCard';
import { MembersCard } from '../members/MembersCard';
import { positiveId } from '../RootPageState';
import { ChildUnitsGrid } from './ChildUnitsGrid';
import { CreateUnitDialog } from './CreateUnitDialog';
import { detailsPath, useChildUnits, type UnitContextRecord } from './projectQueries';
import { ProjectToolsMenu } from './ProjectToolsMenu';
import { SiteAddressCard, SiteContactCard } from './SiteCards';
import { TenantInfoCard, TenantLogo } from './TenantPanel';
import { UnitActionMenu } from './UnitActionMenu';
import { UnitBreadcrumb } from './UnitBreadcrumb';
import { UnitSummary } from './UnitSummary';
import { ProjectActionsCard, WorkflowCard } from './WorkflowCard';
import { NextStepsCard } from './NextStepsCard';
import { PROJECTS_RESOURCE } from '../../../domain/resources';

function NotFound() {
  const translate = useTranslate();
  return (
    <Alert severity="warning" action={<Button component={RouterLink} to="/home/app/dash">{translate('MENU.Dashboard')}</Button>} data-testid="unit-not-found">
      {translate('PROJECTUNIT.NotFound')}
    </Alert>
  );
}

/**
 * The details page of the unit in the show context: the unit with its path, children, files and side panel. "New
 * unit" opens the creation dialog in place; as the resource's create view (`createView`) the dialog is open from
 * the start and leaving it goes back.
 */
function ProjectDetails({ rootId, createView }: { rootId: number | null; createView: boolean }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [creating, setCreating] = useState(false);
  const { record: context, error, isPending, isFetching } = useShowContext<UnitContextRecord>();
  const showChildren = Boolean(context && context.unit.projectUnitType !== 'drawingjob');
  const { data: children } = useChildUnits(context?.unit.id ?? 0, showChildren);
  const { identity } = useGetIdentity();
  useDocumentTitle(context ? unitPageTitle(context.unit) : undefined);

  if ((error as HttpError | null)?.status === 404) return <NotFound />;
  if (isPending || !context) return error ? <Alert severity="error">{(error as Error).message}</Alert> : <LinearProgress />;
  // react-admin's own show path (…/project/{id}/show) leads to the spec's path of the unit.
  if (rootId === null && !createView) return <Navigate to={detailsPath(context.unit)} replace />;
  if (rootId !== null && context.root.id !== rootId) return <NotFound />;

  const { unit, root } = context;
  const isRoot = unit.id === root.id;
  const canCreate = context.allowedChildTypes.some((type) => context.can.create[type]?.allowed);
  // An invalid information sheet keeps the tile, disabled, with the spec's invalidPIS tooltip.
  const blockedBySheet = !canCreate && context.allowedChildTypes.some((type) => {
    const rule = context.can.create[type];
    return rule && !rule.allowed && rule.reason === 'PROJECTS.Rules.InvalidPIS';
  });
  const newUnitTile = context.features.includes('AllowCreateProjectUnits') && (canCreate || blockedBySheet);
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
          <WorkflowCard context={context} contextFetching={isFetching} />
          <NextStepsCard context={context} />
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
                  <ChildUnitsGrid units={children ?? []} onCreate={newUnitTile ? () => setCreating(true) : undefined} createBlockedReason={blockedBySheet ? 'PROJECTS.Rules.InvalidPIS' : undefined} />
                )}
              </CardContent>
            </Card>
          )}
          {isRoot && context.tenant.type === 'ccl' && <CclDeliveryScheduleCard rootId={root.id} />}
          {showsProjectFiles(unit) && (
            <ProjectFilesCard
              rootId={root.id}
              unitId={unit.id}
              canUpload={canUploadFiles({ role: context.role, isInternal: context.isInternal, rootState: root.stateKey }).allowed}
              canDownloadSelected={canDownloadSelectedFiles(context)}
              structurePath={isRoot && context.can.structure?.allowed ? structurePagePath(root.id) : undefined}
            />
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
      {createView && (
        <CreateUnitDialog
          context={context}
          replace
          // Back to where the link came from, else to the parent's own page.
          onClose={() => (location.key !== 'default' ? navigate(-1) : navigate(detailsPath(unit), { replace: true }))}
        />
      )}
    </Box>
  );
}

/** The project resource's show view of a unit (its page context as the record), optionally with the create dialog. */
export function ProjectShowBase({ unitId, rootId, createView = false }: { unitId: number | null; rootId: number | null; createView?: boolean }) {
  if (unitId === null) return <NotFound />;
  return (
    <ShowBase
      resource={PROJECTS_RESOURCE}
      id={unitId}
      // A unit that is gone or not visible shows "not found" here instead of react-admin's redirect to the list.
      queryOptions={{ meta: UNIT_CONTEXT_META, onError: () => undefined }}
    >
      <ProjectDetails rootId={rootId} createView={createView} />
    </ShowBase>
  );
}

/**
 * home/app/project/details/{root}[/{unit}] (the spec's paths, children routes of the project resource) and
 * react-admin's own home/app/project/{id}/show, which leads to the former.
 */
export default function ProjectShow() {
  const params = useParams();
  const unitId = positiveId(params.unitId ?? params.rootId ?? params.id);
  const rootId = params.rootId === undefined ? null : positiveId(params.rootId);
  if (params.rootId !== undefined && rootId === null) return <NotFound />;
  return <ProjectShowBase unitId={unitId} rootId={rootId} />;
}
