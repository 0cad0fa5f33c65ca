import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { Button, Stack, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { Datagrid, FunctionField, List, Pagination, SelectInput, TextField, TopToolbar, useBasename, useLocaleState, useTranslate } from 'react-admin';
import { DateField, NumberField } from '../../layout/LocalizedFields';
import { Link as RouterLink } from 'react-router-dom';
import { NewVersionButton } from './NewVersionButton';
import { SheetAccess } from './SheetAccess';
import { LatestMarker, SheetStatusChip, versionLabel } from './SheetFields';
import { sheetDiffPath, type SheetRow } from './sheets';
import { useSheetNames } from './useSheetVersions';
import { QUESTIONNAIRE_SHEETS_RESOURCE } from '../../domain/resources';

function NameFilter(props: { source: string; alwaysOn?: boolean }) {
  const { names } = useSheetNames();
  return <SelectInput {...props} choices={names.map((name) => ({ id: name, name }))} translateChoice={false} />;
}

const filters = [
  <NameFilter key="name" source="name" alwaysOn />,
  <SelectInput key="status" source="status" choices={['draft', 'published'].map((id) => ({ id, name: `QUESTIONNAIRE_SHEETS.Status.${id}` }))} alwaysOn />,
];

/** What can be done with a row besides opening it: a new draft from the latest published version, a comparison. */
function RowActions({ row }: { row: SheetRow }) {
  const translate = useTranslate();
  const basename = useBasename();
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {row.version > 1 && (
        <Button size="small" component={RouterLink} to={`${basename}${sheetDiffPath(row.name, row.version - 1, row.version)}`} onClick={stop} startIcon={<CompareArrowsIcon />}>
          {translate('QUESTIONNAIRE_SHEETS.Compare')}
        </Button>
      )}
      {row.latest && row.status === 'published' && <NewVersionButton name={row.name} />}
    </Stack>
  );
}

/** home/app/questionnaire-sheets: every version of every sheet, for configurers. */
export const SheetList = () => (
  <SheetAccess action="list">
    <SheetListView />
  </SheetAccess>
);

function SheetListView() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List
      resource={QUESTIONNAIRE_SHEETS_RESOURCE}
      title="QUESTIONNAIRE_SHEETS.Title"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      filters={filters}
      actions={<TopToolbar />}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      empty={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
        {translate('QUESTIONNAIRE_SHEETS.ListIntro')}
      </Typography>
      <Datagrid rowClick="edit" bulkActionButtons={false} data-testid="sheet-list" sx={{ '& .column-title': { minWidth: 160 }, '& .column-usedBy': { whiteSpace: 'nowrap' } }}>
        <TextField source="name" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }} />
        <FunctionField source="title" render={(row: SheetRow) => row.titles?.[locale] ?? row.title} />
        <FunctionField
          source="version"
          render={(row: SheetRow) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
              <span>{versionLabel(row.version)}</span>
              <LatestMarker latest={row.latest} />
            </Stack>
          )}
        />
        <FunctionField source="status" render={(row: SheetRow) => <SheetStatusChip status={row.status} />} />
        <DateField source="publishedAt" showTime emptyText="—" sx={{ whiteSpace: 'nowrap' }} />
        <NumberField source="usedBy" sortable={false} />
        <FunctionField label="" sortable={false} render={(row: SheetRow) => <RowActions row={row} />} />
      </Datagrid>
    </List>
  );
}
