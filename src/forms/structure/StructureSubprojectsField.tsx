import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { getUiOptions, toFieldPathId, type ErrorSchema, type FieldProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { EXPAND_ALL_THRESHOLD, newSubproject, type StructureSubproject } from '../../domain/structure';
import { AddEntryInput } from './AddEntryInput';
import { SubprojectPanel } from './SubprojectPanel';

/**
 * The subprojects of the draft: one accordion each, Expand all / Collapse all when there are more than
 * `ui:options.expandAllThreshold` (2), a name input to add one (with its empty placeholder lot), delete with a
 * confirmation. The expanded state is part of the draft (`expanded`).
 */
export function StructureSubprojectsField(props: FieldProps) {
  const { formData, onChange, fieldPathId, errorSchema, readonly, disabled, registry, schema, uiSchema } = props;
  const translate = useTranslate();
  const [removing, setRemoving] = useState<number | null>(null);
  const subprojects: StructureSubproject[] = formData ?? [];
  const editable = !readonly && !disabled;
  const threshold = Number(getUiOptions(uiSchema).expandAllThreshold ?? EXPAND_ALL_THRESHOLD);
  const itemSchema = registry.schemaUtils.retrieveSchema(schema.items as RJSFSchema);
  const childrenSchema = (itemSchema.properties?.children ?? {}) as RJSFSchema;
  const childrenUi = ((uiSchema?.items as UiSchema | undefined)?.children ?? {}) as UiSchema;

  const update = (next: StructureSubproject[]) => onChange(next, fieldPathId.path);
  const setAllExpanded = (expanded: boolean) => update(subprojects.map((subproject) => ({ ...subproject, expanded })));
  const replace = (index: number, subproject: StructureSubproject) => update(subprojects.map((current, i) => (i === index ? subproject : current)));

  return (
    <Stack spacing={1.5} data-testid="subprojects">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 36 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {schema.title} {subprojects.length > 0 && <Typography component="span" color="text.secondary">({subprojects.length})</Typography>}
        </Typography>
        {subprojects.length > threshold && (
          <>
            <Button size="small" startIcon={<UnfoldMoreIcon />} onClick={() => setAllExpanded(true)}>
              {translate('STRUCTURE.ExpandAll')}
            </Button>
            <Button size="small" startIcon={<UnfoldLessIcon />} onClick={() => setAllExpanded(false)}>
              {translate('STRUCTURE.CollapseAll')}
            </Button>
          </>
        )}
      </Stack>
      {subprojects.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed', bgcolor: 'transparent' }} data-testid="structure-empty">
          <AccountTreeOutlinedIcon color="disabled" sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">{translate(editable ? 'STRUCTURE.Empty' : 'STRUCTURE.EmptyReadOnly')}</Typography>
        </Paper>
      )}
      {subprojects.map((subproject, index) => (
        <SubprojectPanel
          key={subproject.id}
          subproject={subproject}
          itemPath={toFieldPathId(index, registry.globalFormOptions, fieldPathId)}
          errorSchema={(errorSchema as Record<number, ErrorSchema> | undefined)?.[index]}
          field={props}
          childrenSchema={childrenSchema}
          childrenUi={childrenUi}
          onChange={(next) => replace(index, next)}
          onRemove={() => setRemoving(index)}
        />
      ))}
      {editable && (
        <Box sx={{ pt: 1 }}>
          <AddEntryInput label={translate('STRUCTURE.NewSubproject')} onAdd={(name) => update([...subprojects, newSubproject(name)])} testId="add-subproject" />
        </Box>
      )}
      <Confirm
        isOpen={removing !== null}
        title="STRUCTURE.DeleteSubprojectTitle"
        content="STRUCTURE.DeleteSubprojectQuestion"
        translateOptions={{ name: subprojects[removing ?? -1]?.name.trim() || translate('STRUCTURE.UnnamedSubproject') }}
        confirm="COMMON.Delete"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={() => {
          if (removing !== null) update(subprojects.filter((_, i) => i !== removing));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
