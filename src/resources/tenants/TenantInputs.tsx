import { Box, Paper, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { CheckboxGroupInput, RadioButtonGroupInput, TextInput, useTranslate } from 'react-admin';
import { sanitizeHtml } from '../../domain/sanitizeHtml';
import { PROJECT_FEATURES } from '../../domain/projectUnits';
import { TENANT_FEATURES, TENANT_INFO_HTML_MAX, TENANT_NAME_MAX, TENANT_TYPES } from '../../domain/tenants';

const typeChoices = TENANT_TYPES.map((type) => ({ id: type, name: `ADMIN.Tenants.Type.${type}` }));
const featureChoices = TENANT_FEATURES.map((flag) => ({ id: flag, name: `ADMIN.Tenants.Feature.${flag}` }));
const projectFeatureChoices = PROJECT_FEATURES.map((flag) => ({ id: flag, name: `ADMIN.Tenants.ProjectFeature.${flag}` }));

/**
 * What the project page will show: the text through the same allow-list the server applies on save
 * (only a preview; the server's sanitised value is what is stored).
 */
function InfoHtmlPreview() {
  const translate = useTranslate();
  const html = (useWatch({ name: 'infoHtml' }) as string | undefined) ?? '';
  return (
    <Box sx={{ width: '100%', maxWidth: 760, mb: 2 }}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate('ADMIN.Tenants.InfoPreview')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, minHeight: 48, '& p': { mt: 0 } }} data-testid="tenant-info-preview" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </Box>
  );
}

/** The fields of a tenant, shared by Create and Edit. */
export function TenantInputs() {
  return (
    <>
      <TextInput source="name" isRequired sx={{ minWidth: 360 }} slotProps={{ htmlInput: { maxLength: TENANT_NAME_MAX } }} />
      <RadioButtonGroupInput source="type" choices={typeChoices} isRequired />
      <CheckboxGroupInput source="features" choices={featureChoices} helperText="ADMIN.Tenants.FeaturesHint" />
      <CheckboxGroupInput
        source="projectFeatureDefaults"
        choices={projectFeatureChoices}
        helperText="ADMIN.Tenants.ProjectFeatureDefaultsHint"
        sx={{ '& .MuiFormGroup-root': { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } }}
      />
      <TextInput
        source="infoHtml"
        multiline
        minRows={4}
        fullWidth
        parse={(value: string | null) => value ?? ''}
        helperText="ADMIN.Tenants.InfoHint"
        sx={{ maxWidth: 760 }}
        slotProps={{ htmlInput: { maxLength: TENANT_INFO_HTML_MAX, spellCheck: false } }}
      />
      <InfoHtmlPreview />
    </>
  );
}
