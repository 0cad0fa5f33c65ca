import { Box, Button, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useController, useFormContext } from 'react-hook-form';
import { Edit, SimpleForm, TextField, useRecordContext, useTranslate } from 'react-admin';
import { PROJECT_FEATURES } from '../../domain/projectUnits';
import type { ProjectFeatureRecord } from './ProjectFeatureList';
import { PROJECT_FEATURES_RESOURCE } from '../../domain/resources';

function FeatureCheckboxes() {
  const translate = useTranslate();
  const record = useRecordContext<ProjectFeatureRecord>();
  const { setValue } = useFormContext();
  const { field } = useController({ name: 'features' });
  const value: string[] = field.value ?? [];
  const toggle = (feature: string) => field.onChange(value.includes(feature) ? value.filter((f) => f !== feature) : [...value, feature]);
  return (
    <Box>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {PROJECT_FEATURES.map((feature) => (
          <FormControlLabel
            key={feature}
            control={<Checkbox checked={value.includes(feature)} onChange={() => toggle(feature)} />}
            label={
              <>
                {translate(`FEATURES.${feature}`)}
                {record?.tenantDefaults.includes(feature) && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {translate('FEATURES.TenantDefault')}
                  </Typography>
                )}
              </>
            }
          />
        ))}
      </FormGroup>
      <Button sx={{ mt: 1 }} onClick={() => setValue('features', record?.tenantDefaults ?? [], { shouldDirty: true })}>
        {translate('FEATURES.ResetToDefaults')}
      </Button>
    </Box>
  );
}

/** Edit one root project's feature flags; only `features` is sent. */
export function ProjectFeatureEdit() {
  return (
    <Edit resource={PROJECT_FEATURES_RESOURCE} mutationMode="pessimistic" title="MENU.ProjectFeatures">
      <SimpleForm>
        <TextField source="projectUnitNo" />
        <TextField source="title" variant="h6" />
        <FeatureCheckboxes />
      </SimpleForm>
    </Edit>
  );
}
