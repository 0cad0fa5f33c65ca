import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Chip, FormHelperText, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { getUiOptions, toFieldPathId, type FieldProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useTranslate } from 'react-admin';
import { AAC_VARIANT, isPlaceholderLot, newApprovalLot, type StructureLot } from '../../domain/structure';
import { errorsAt } from '../errorSchema';
import { AddEntryInput } from './AddEntryInput';
import { lotTexts, structureContext } from './structureFormContext';

/** "Existing" chip of entries that are already units of the project (not renamed or deleted here). */
export function ExistingChip() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('STRUCTURE.ExistingHint')}>
      <Chip size="small" variant="outlined" color="secondary" label={translate('STRUCTURE.Existing')} data-testid="existing-chip" />
    </Tooltip>
  );
}

/**
 * The approval lots (or drawing jobs) of one subproject: a name per lot, its material rows, delete, and a name
 * input to add one. The empty placeholder lot a new subproject starts with shows as an empty name field with a hint.
 * The subproject comes in `ui:options.parentID`.
 */
export function StructureApprovalLotsField(props: FieldProps) {
  const { formData, onChange, onBlur, onFocus, fieldPathId, errorSchema, rawErrors = [], readonly, disabled, registry, schema, uiSchema } = props;
  const translate = useTranslate();
  const { withMaterials, secondLevelType } = structureContext(registry);
  // AAC order lots hold no material rows: their elements go into the order table.
  const orderLots = getUiOptions(uiSchema).variant === AAC_VARIANT;
  const texts = lotTexts(secondLevelType, orderLots);
  const lots: StructureLot[] = formData ?? [];
  const parent = { id: String(getUiOptions(uiSchema).parentID ?? ''), name: '', children: [] };
  const editable = !readonly && !disabled;
  const lotSchema = registry.schemaUtils.retrieveSchema(schema.items as RJSFSchema);
  const materialsSchema = (lotSchema.properties?.materials ?? {}) as RJSFSchema;
  const materialsUi = ((uiSchema?.items as UiSchema | undefined)?.materials ?? {}) as UiSchema;
  const { SchemaField } = registry.fields;

  const update = (next: StructureLot[]) => onChange(next, fieldPathId.path);
  const rename = (index: number, name: string) => update(lots.map((lot, i) => (i === index ? { ...lot, name } : lot)));
  const remove = (index: number) => {
    const rest = lots.filter((_, i) => i !== index);
    // The last lot gone: the empty placeholder comes back, so the name field for a first lot stays in place.
    update(rest.length ? rest : [newApprovalLot(parent, '')]);
  };
  const add = (name: string) => update([...lots.filter((lot) => !isPlaceholderLot(lot)), newApprovalLot(parent, name)]);

  return (
    <Stack spacing={1.5} data-testid="approval-lots">
      {lots.map((lot, index) => {
        const placeholder = isPlaceholderLot(lot);
        const nameErrors = errorsAt(errorSchema, index, 'name');
        const hints = placeholder ? rawErrors : [];
        const lotPath = toFieldPathId(index, registry.globalFormOptions, fieldPathId);
        return (
          <Box key={lot.id} sx={{ border: 1, borderColor: nameErrors.length || hints.length ? 'error.light' : 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }} data-testid="approval-lot">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                fullWidth
                label={translate(texts.name)}
                placeholder={placeholder ? translate(texts.placeholder) : undefined}
                value={lot.name}
                onChange={(event) => rename(index, event.target.value)}
                disabled={!editable || !!lot.projectUnitID}
                error={nameErrors.length > 0 || hints.length > 0}
                helperText={[...nameErrors, ...hints].join(' ') || undefined}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'lot-name' }, inputLabel: placeholder ? { shrink: true } : undefined }}
                sx={{ maxWidth: 520 }}
              />
              <Box sx={{ flex: 1 }} />
              {!!lot.wallNos?.length && (
                <Tooltip title={lot.wallNos.join(', ')}>
                  <Chip size="small" variant="outlined" sx={{ mt: 0.75 }} label={translate('STRUCTURE.Ifc.Walls', { smart_count: lot.wallNos.length })} data-testid="lot-walls" />
                </Tooltip>
              )}
              {lot.projectUnitID ? (
                <Box sx={{ pt: 0.75 }}>
                  <ExistingChip />
                </Box>
              ) : (
                editable &&
                !(placeholder && lots.length === 1) && (
                  <Tooltip title={translate(texts.remove)}>
                    <IconButton aria-label={translate(texts.remove)} onClick={() => remove(index)} data-testid="delete-lot">
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                )
              )}
            </Stack>
            {withMaterials && !orderLots && !placeholder && (
              <Box sx={{ mt: 1 }}>
                <SchemaField
                  name="materials"
                  schema={materialsSchema}
                  uiSchema={{ ...materialsUi, 'ui:options': { ...(materialsUi['ui:options'] as object | undefined), lotProjectUnitID: lot.projectUnitID } }}
                  formData={lot.materials}
                  errorSchema={(errorSchema as Record<number, { materials?: object }> | undefined)?.[index]?.materials}
                  fieldPathId={toFieldPathId('materials', registry.globalFormOptions, lotPath)}
                  onChange={onChange}
                  onBlur={onBlur}
                  onFocus={onFocus}
                  registry={registry}
                  readonly={readonly}
                  disabled={disabled}
                  required={false}
                />
              </Box>
            )}
          </Box>
        );
      })}
      {!lots.length && rawErrors.map((message) => <FormHelperText key={message} error>{message}</FormHelperText>)}
      {editable && <AddEntryInput label={translate(texts.newEntry)} onAdd={add} testId="add-lot" />}
    </Stack>
  );
}
