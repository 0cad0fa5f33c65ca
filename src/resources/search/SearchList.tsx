import { Alert, AlertTitle, LinearProgress, Stack, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, FunctionField, List, Pagination, SearchInput, SimpleList, TextField, Title, useTranslate } from 'react-admin';
import { SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZES, searchContext, unitDetailsPath, type ProjectSearchRecord } from '../../domain/search';
import { PlantField, ProductTypeField, UnitTitleLink, UnitTypeField } from './SearchFields';
import { useSearchAvailability } from './useSearchAvailability';
import { PROJECT_SEARCH_RESOURCE } from '../../domain/resources';

// The filter form reads `source` and `alwaysOn` from the element; the input itself needs the translated placeholder.
function SearchFilter({ source }: { source: string; alwaysOn: boolean }) {
  const translate = useTranslate();
  return <SearchInput source={source} alwaysOn placeholder={translate('SEARCH.Placeholder')} sx={{ minWidth: { sm: 380 } }} slotProps={{ htmlInput: { 'aria-label': translate('SEARCH.Placeholder') } }} />;
}

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

const rowLink = (_id: unknown, _resource: unknown, record: unknown) => unitDetailsPath(record as ProjectSearchRecord);

function SearchResults() {
  const translate = useTranslate();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const empty = <Stack sx={{ p: 3 }}>{translate('SEARCH.NoResults')}</Stack>;
  return (
    <List
      resource={PROJECT_SEARCH_RESOURCE}
      title="SEARCH.Title"
      filters={filters}
      debounce={SEARCH_DEBOUNCE_MS}
      perPage={20}
      sort={{ field: 'projectUnitNo', order: 'ASC' }}
      actions={false}
      pagination={<Pagination rowsPerPageOptions={[...SEARCH_PAGE_SIZES]} />}
      empty={false}
    >
      {isPhone ? (
        // Phones: react-admin's SimpleList, the unit with its project context and number.
        <SimpleList<ProjectSearchRecord>
          rowClick={rowLink}
          primaryText={(record) => record.title}
          secondaryText={(record) => searchContext(record) || translate(`SEARCH.UnitType.${record.projectUnitType}`)}
          tertiaryText={(record) => record.projectUnitNo}
          empty={empty}
        />
      ) : (
        <Datagrid rowClick={rowLink} bulkActionButtons={false} empty={empty}>
          <FunctionField source="title" render={() => <UnitTitleLink />} />
          <TextField source="projectUnitNo" />
          <FunctionField source="projectUnitType" render={() => <UnitTypeField />} />
          <FunctionField source="productType" sortable={false} render={() => <ProductTypeField />} />
          <FunctionField source="plant" sortable={false} render={() => <PlantField />} />
          <TextField source="orderNumber" sortable={false} emptyText="" />
        </Datagrid>
      )}
    </List>
  );
}

/** The project search resource's list (home/app/project/search): AdvancedSearch decides whether the table or a note shows. */
export default function SearchList() {
  const translate = useTranslate();
  const availability = useSearchAvailability();
  if (availability.isPending) return <LinearProgress />;
  if (!availability.data) {
    return (
      <>
        <Title title="SEARCH.Title" />
        <Alert severity="info" sx={{ mt: 2 }}>
          <AlertTitle>{translate('SEARCH.NotAvailableTitle')}</AlertTitle>
          {translate(availability.isError ? 'SEARCH.AvailabilityFailed' : 'SEARCH.NotAvailable')}
        </Alert>
      </>
    );
  }
  return <SearchResults />;
}
