import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { Alert, AlertTitle, LinearProgress, Stack } from '@mui/material';
import { FunctionField, TextField, Title, useGetIdentity, useTranslate } from 'react-admin';
import { workflowAvailable } from '../../domain/tasks';
import type { WorkflowRow } from '../../domain/workflowPage';
import type { SessionUser } from '../../domain/user';
import { StateChip } from '../projects/ProjectCells';
import { MaterialHeader, MaterialLines, NotificationProject, ReceivedCell, RuleCell, WorkflowRowProject } from './WorkflowCells';
import { WorkflowListCard } from './WorkflowListCard';
import { WORKFLOW_NOTIFICATIONS_RESOURCE, WORKFLOW_ROWS_RESOURCE } from '../../domain/resources';

function NotificationsCard() {
  return (
    <WorkflowListCard
      resource={WORKFLOW_NOTIFICATIONS_RESOURCE}
      title="WORKFLOWS.Notifications.Title"
      subtitle="WORKFLOWS.Notifications.Subtitle"
      empty="WORKFLOWS.Notifications.Empty"
      icon={<LocalShippingIcon />}
      testId="workflow-notifications"
    >
      <FunctionField label="WORKFLOWS.Notifications.Columns.Project" sortable={false} render={() => <NotificationProject />} />
      <TextField source="username" label="WORKFLOWS.Notifications.Columns.Username" sortable={false} />
      <FunctionField label={<MaterialHeader />} sortable={false} render={() => <MaterialLines />} />
      <FunctionField source="createdOn" label="WORKFLOWS.Notifications.Columns.Received" render={() => <ReceivedCell />} />
    </WorkflowListCard>
  );
}

function WorkflowRowsCard() {
  return (
    <WorkflowListCard
      resource={WORKFLOW_ROWS_RESOURCE}
      title="WORKFLOWS.Rows.Title"
      subtitle="WORKFLOWS.Rows.Subtitle"
      empty="WORKFLOWS.Rows.Empty"
      icon={<HourglassBottomIcon />}
      testId="workflow-rows"
    >
      <FunctionField label="WORKFLOWS.Rows.Columns.Project" sortable={false} render={() => <WorkflowRowProject />} />
      <FunctionField label="WORKFLOWS.Rows.Columns.State" source="stateKey" render={(record: WorkflowRow) => <StateChip stateKey={record.stateKey} />} />
      <FunctionField label="WORKFLOWS.Rows.Columns.Rule" source="createdOn" render={() => <RuleCell />} />
    </WorkflowListCard>
  );
}

/** home/app/project/workflows: new delivery data and delayed workflows, for the provider's staff. */
export default function WorkflowsPage() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  if (isPending) return <LinearProgress />;
  if (!workflowAvailable(identity as SessionUser | undefined)) {
    return (
      <>
        <Title title="WORKFLOWS.Title" />
        <Alert severity="info" sx={{ mt: 2 }} data-testid="workflows-not-available">
          <AlertTitle>{translate('WORKFLOWS.NotAvailableTitle')}</AlertTitle>
          {translate('WORKFLOWS.NotAvailable')}
        </Alert>
      </>
    );
  }
  return (
    <>
      <Title title="WORKFLOWS.Title" />
      <Stack spacing={3} sx={{ mt: 2 }}>
        <NotificationsCard />
        <WorkflowRowsCard />
      </Stack>
    </>
  );
}
