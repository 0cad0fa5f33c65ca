import { Alert, Stack } from '@mui/material';
import { Datagrid, FunctionField, HttpError, List, Pagination, SelectArrayInput, TextField, TextInput, useListContext, useTranslate } from 'react-admin';
import { JOURNAL_DEFAULT_PAGE_SIZE, JOURNAL_FILTER_DEBOUNCE_MS, JOURNAL_PAGE_SIZES, JOURNAL_UNIT_TYPES, type JournalRecord } from '../../domain/journal';
import { unitTypeKey } from '../projects/details/unitLabels';
import { DelayedField, DelayReasonField, delayedRowSx, JournalDateField, MemberField, StateChangeField, UnitTypeField } from './JournalFields';
import { JournalNotAvailable } from './JournalNotAvailable';
import { JOURNAL_RESOURCE } from '../../domain/resources';

const unitTypeChoices = JOURNAL_UNIT_TYPES.map((type) => ({ id: type, name: unitTypeKey(type) }));

const filters = [
  <TextInput key="unitName" source="unitName" label="JOURNAL.Filters.UnitName" alwaysOn />,
  <TextInput key="number" source="number" label="JOURNAL.Filters.Number" alwaysOn />,
  <SelectArrayInput key="unitTypes" source="unitTypes" label="JOURNAL.Filters.UnitTypes" choices={unitTypeChoices} alwaysOn sx={{ minWidth: 220 }} />,
  <TextInput key="user" source="user" label="JOURNAL.Filters.User" alwaysOn />,
];

function NoEntries() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues).some((value) => (Array.isArray(value) ? value.length > 0 : Boolean(value)));
  return (
    <Stack sx={{ p: 3, color: 'text.secondary' }} data-testid="journal-empty">
      {translate(filtered ? 'JOURNAL.NoMatch' : 'JOURNAL.Empty')}
    </Stack>
  );
}

/** 404 means the journal is not there for this user (the API never says 403 here); anything else failed to load. */
function JournalError() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error instanceof HttpError && error.status === 404) return <JournalNotAvailable />;
  return <Alert severity="error">{translate('JOURNAL.LoadFailed')}</Alert>;
}

/** The journal table of a root, narrowed to the unit and everything below it unless the unit is the root. */
export function JournalList({ rootId, unitId }: { rootId: number; unitId: number }) {
  const permanent = unitId === rootId ? { rootProjectUnitID: rootId } : { rootProjectUnitID: rootId, projectUnitID: unitId };
  return (
    <List
      resource={JOURNAL_RESOURCE}
      title={false}
      filter={permanent}
      filters={filters}
      debounce={JOURNAL_FILTER_DEBOUNCE_MS}
      perPage={JOURNAL_DEFAULT_PAGE_SIZE}
      sort={{ field: 'date', order: 'DESC' }}
      storeKey={`${JOURNAL_RESOURCE}.${unitId}`}
      actions={false}
      empty={false}
      error={<JournalError />}
      queryOptions={{ onError: () => undefined }}
      pagination={<Pagination rowsPerPageOptions={[...JOURNAL_PAGE_SIZES]} />}
      // A narrow window scrolls the table, not the page.
      sx={{ minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } }}
    >
      <Datagrid
        bulkActionButtons={false}
        rowSx={(record) => ((record as JournalRecord).delayed ? delayedRowSx : {})}
        rowClick={false}
        empty={<NoEntries />}
        sx={{ '& .RaDatagrid-rowCell': { verticalAlign: 'top' }, '& .RaDatagrid-rowCell, & .RaDatagrid-headerCell': { px: 1.25 } }}
      >
        <TextField source="projectUnitName" label="JOURNAL.Columns.UnitName" />
        <TextField source="projectUnitNo" label="JOURNAL.Columns.Number" sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField source="projectUnitType" label="JOURNAL.Columns.UnitType" sortable={false} render={() => <UnitTypeField />} />
        <FunctionField source="date" label="JOURNAL.Columns.Date" render={() => <JournalDateField />} />
        <FunctionField source="userName" label="JOURNAL.Columns.Member" sortable={false} render={() => <MemberField />} />
        <FunctionField source="contentJson" label="JOURNAL.Columns.StateChange" sortable={false} render={() => <StateChangeField />} />
        <FunctionField source="delayed" label="JOURNAL.Columns.Delayed" sortable={false} render={() => <DelayedField />} />
        <FunctionField source="delayReason" label="JOURNAL.Columns.DelayReason" sortable={false} render={() => <DelayReasonField />} />
      </Datagrid>
    </List>
  );
}
