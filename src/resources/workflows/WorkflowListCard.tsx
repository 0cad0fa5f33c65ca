import { Alert, Box, Card, CardHeader, Divider } from '@mui/material';
import type { ReactNode } from 'react';
import { Datagrid, ListBase, Pagination, useListContext, useTranslate } from 'react-admin';
import { unitDetailsPath } from '../../domain/search';
import { WORKFLOW_PAGE_SIZES } from '../../domain/tasks';

/** Both lists' records name their unit and its root. */
type UnitLink = { projectUnitID: number; rootProjectUnitID: number };

function ListProblem() {
  const translate = useTranslate();
  const { error } = useListContext();
  return error ? (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate('WORKFLOWS.LoadFailed')}
    </Alert>
  ) : null;
}

interface WorkflowListCardProps {
  resource: string;
  title: string;
  subtitle: string;
  empty: string;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}

/**
 * One table of the Workflows page: a card with its own paging (5, 10, 20 and the total), newest first.
 * The two lists keep their paging to themselves (not in the address), so they do not disturb each other.
 */
export function WorkflowListCard({ resource, title, subtitle, empty, icon, testId, children }: WorkflowListCardProps) {
  const translate = useTranslate();
  return (
    <Card data-testid={testId}>
      <CardHeader
        avatar={<Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>}
        title={translate(title)}
        subheader={translate(subtitle)}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <Divider />
      <ListBase resource={resource} perPage={WORKFLOW_PAGE_SIZES[0]} sort={{ field: 'createdOn', order: 'DESC' }} disableSyncWithLocation>
        <ListProblem />
        <Box sx={{ overflowX: 'auto' }}>
          <Datagrid
            rowClick={(_id, _resource, record) => unitDetailsPath(record as unknown as UnitLink)}
            bulkActionButtons={false}
            empty={<Box sx={{ p: 3, color: 'text.secondary' }}>{translate(empty)}</Box>}
            sx={{ '& .RaDatagrid-rowCell': { verticalAlign: 'top' } }}
          >
            {children}
          </Datagrid>
        </Box>
        <Pagination rowsPerPageOptions={[...WORKFLOW_PAGE_SIZES]} />
      </ListBase>
    </Card>
  );
}
