import { Box, Typography } from '@mui/material';
import type { FieldProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { CclDeliveryScheduleList } from '../../components/deliveries/CclDeliveryScheduleList';
import { BlockTypeTableField } from './BlockTypeTable';
import { questionnaireContext } from './questionnaireFormContext';

/** What a sheet's custom component gets: the field's props and the root project of the questionnaire. */
export type SheetComponentProps = FieldProps & { rootId: number };

/** The CCL delivery schedule keeps its data itself (per drawing job); in a preview (no project) there is nothing to load. */
function CclDeliverySchedule({ rootId, schema }: SheetComponentProps) {
  if (rootId <= 0) return null;
  return (
    <Box>
      {schema.title && (
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {schema.title}
        </Typography>
      )}
      <CclDeliveryScheduleList rootId={rootId} />
    </Box>
  );
}

/** The custom components a sheet may place with `x-component` (spec §3: CCL delivery schedule, block type table). */
export const SHEET_COMPONENT_REGISTRY: Record<string, ComponentType<SheetComponentProps>> = {
  'ccl-delivery-schedule': CclDeliverySchedule,
  'block-type-table': BlockTypeTableField,
};

const warned = new Set<string>();

/** An unknown component renders nothing and is reported once per name (a configurer's typo must not break the sheet). */
function warnUnknown(name: string) {
  if (warned.has(name)) return;
  warned.add(name);
  console.warn(`Questionnaire: unknown sheet component "${name}" is not rendered.`);
}

/** The rjsf field behind `"ui:field": "QuestionnaireComponent"`: renders the component the schema's `x-component` names. */
export function QuestionnaireComponentField(props: FieldProps) {
  const name = String((props.schema as { 'x-component'?: unknown })['x-component'] ?? '');
  const Component = Object.hasOwn(SHEET_COMPONENT_REGISTRY, name) ? SHEET_COMPONENT_REGISTRY[name] : undefined;
  if (!Component) {
    warnUnknown(name);
    return null;
  }
  return <Component {...props} rootId={questionnaireContext(props.registry).rootId} />;
}
