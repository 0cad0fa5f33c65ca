import { Chip, Stack } from '@mui/material';
import { Datagrid, FunctionField, List, Pagination, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { ExportListActions } from '../../layout/bulk/ExportListActions';
import { PROJECT_FEATURES } from '../../domain/projectUnits';
import { PROJECT_FEATURES_RESOURCE } from '../../domain/resources';


export interface ProjectFeatureRecord {
  id: number;
  projectUnitNo: string;
  title: string;
  tenantName: string;
  stateKey: string;
  features: string[];
  tenantDefaults: string[];
}

function FeatureChips({ record }: { record: ProjectFeatureRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.features.map((feature) => (
        <Chip key={feature} size="small" label={translate(`FEATURES.${feature}`)} variant={record.tenantDefaults.includes(feature) ? 'outlined' : 'filled'} />
      ))}
    </Stack>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="feature" source="feature" choices={PROJECT_FEATURES.map((id) => ({ id, name: `FEATURES.${id}` }))} />,
];

/** Feature flags of every root project (filled chips: set differently from the tenant's defaults). */
export function ProjectFeatureList() {
  return (
    <List resource={PROJECT_FEATURES_RESOURCE} title="MENU.ProjectFeatures" filters={filters} actions={<ExportListActions />} pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="projectUnitNo" />
        <TextField source="title" />
        <TextField source="tenantName" sortable={false} />
        <FunctionField source="stateKey" render={(record: ProjectFeatureRecord) => record.stateKey} />
        <FunctionField source="features" sortable={false} render={(record: ProjectFeatureRecord) => <FeatureChips record={record} />} />
      </Datagrid>
    </List>
  );
}
