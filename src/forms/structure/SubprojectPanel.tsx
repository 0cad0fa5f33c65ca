import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { toFieldPathId, type ErrorSchema, type FieldPathId, type FieldProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useTranslate } from 'react-admin';
import { isAacSubproject, isPlaceholderLot, subprojectVolume, type StructureSubproject } from '../../domain/structure';
import { errorsAt, hasErrorsBelow } from '../errorSchema';
import { ExistingChip } from './StructureApprovalLotsField';
import { lotTexts, structureContext } from './structureFormContext';
import { VolumeBar } from './VolumeBar';

interface SubprojectPanelProps {
  subproject: StructureSubproject;
  itemPath: FieldPathId;
  errorSchema?: ErrorSchema;
  field: Pick<FieldProps, 'registry' | 'readonly' | 'disabled' | 'onChange' | 'onBlur' | 'onFocus'>;
  childrenSchema: RJSFSchema;
  childrenUi: UiSchema;
  onChange: (subproject: StructureSubproject) => void;
  onRemove: () => void;
}

/**
 * One subproject as an accordion: the header shows name, number of lots and the volume used of 350 m³; inside,
 * the name (read-only for existing units), the limit-reached alert and the lots (the uiSchema's lots field).
 */
export function SubprojectPanel({ subproject, itemPath, errorSchema, field, childrenSchema, childrenUi, onChange, onRemove }: SubprojectPanelProps) {
  const translate = useTranslate();
  const { registry, readonly, disabled } = field;
  const { secondLevelType, locale } = structureContext(registry);
  const editable = !readonly && !disabled;
  const existing = !!subproject.projectUnitID;
  const lotCount = subproject.children.filter((lot) => !isPlaceholderLot(lot)).length;
  const nameErrors = errorsAt(errorSchema, 'name');
  const limitErrors = errorsAt(errorSchema);
  const { SchemaField } = registry.fields;
  const childrenErrors = (errorSchema as Record<string, ErrorSchema> | undefined)?.children;

  return (
    <Accordion
      expanded={subproject.expanded !== false}
      onChange={(_, expanded) => onChange({ ...subproject, expanded })}
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 1, '&:before': { display: 'none' }, borderColor: hasErrorsBelow(errorSchema) ? 'error.light' : 'divider' }}
      data-testid="subproject"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0, alignItems: 'center', gap: 1.5 } }}>
        {hasErrorsBelow(errorSchema) && <ErrorOutlineIcon color="error" fontSize="small" aria-label={translate('STRUCTURE.HasProblems')} />}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600, fontStyle: subproject.name.trim() ? 'normal' : 'italic' }} noWrap data-testid="subproject-title">
              {subproject.name.trim() || translate('STRUCTURE.UnnamedSubproject')}
            </Typography>
            {existing && <ExistingChip />}
            {isAacSubproject(subproject) && <Chip size="small" color="primary" variant="outlined" label={translate('STRUCTURE.Ifc.AacSubproject')} data-testid="aac-chip" />}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {translate(lotTexts(secondLevelType, isAacSubproject(subproject)).count, { smart_count: lotCount })}
          </Typography>
        </Box>
        {!isAacSubproject(subproject) && <VolumeBar volume={subprojectVolume(subproject)} locale={locale} />}
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small"
              fullWidth
              label={translate('STRUCTURE.SubprojectName')}
              value={subproject.name}
              onChange={(event) => onChange({ ...subproject, name: event.target.value })}
              disabled={!editable || existing}
              error={nameErrors.length > 0}
              helperText={nameErrors.join(' ') || undefined}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'subproject-name' } }}
              sx={{ maxWidth: 520 }}
            />
            <Box sx={{ flex: 1 }} />
            {editable && !existing && (
              <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={onRemove} sx={{ flexShrink: 0 }} data-testid="delete-subproject">
                {translate('STRUCTURE.DeleteSubproject')}
              </Button>
            )}
          </Stack>
          {limitErrors.map((message) => (
            <Alert key={message} severity="error" data-testid="limit-alert">
              {message}
            </Alert>
          ))}
          <SchemaField
            name="children"
            schema={childrenSchema}
            uiSchema={{ ...childrenUi, 'ui:options': { ...(childrenUi['ui:options'] as object | undefined), parentID: subproject.id, variant: subproject.variant } }}
            formData={subproject.children}
            errorSchema={childrenErrors}
            fieldPathId={toFieldPathId('children', registry.globalFormOptions, itemPath)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onFocus={field.onFocus}
            registry={registry}
            readonly={readonly}
            disabled={disabled}
            required={false}
          />
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
