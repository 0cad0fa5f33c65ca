import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { QuestionnaireComponentField } from './questionnaire/QuestionnaireComponentField';
import { QuestionnaireNumberWidget } from './questionnaire/QuestionnaireNumberWidget';
import { QUESTIONNAIRE_COMPONENT_FIELD, QUESTIONNAIRE_NUMBER_WIDGET } from './questionnaire/sheetRendering';
import { MaterialRowsField } from './structure/MaterialRowsField';
import { StructureApprovalLotsField } from './structure/StructureApprovalLotsField';
import { StructureSubprojectsField } from './structure/StructureSubprojectsField';
import { DeliveryDateWidget, MaterialTypeWidget, VolumeWidget } from './widgets/MaterialWidgets';

/**
 * The portal's own fields and widgets, referred to by name from uiSchemas (`"ui:field": "MaterialRows"`,
 * `"ui:widget": "VolumeWidget"`), so a schema author uses them without code. Sheets that need more add theirs here.
 */
export const formRegistry: { fields: RegistryFieldsType; widgets: RegistryWidgetsType } = {
  fields: {
    StructureSubprojects: StructureSubprojectsField,
    StructureApprovalLots: StructureApprovalLotsField,
    MaterialRows: MaterialRowsField,
    [QUESTIONNAIRE_COMPONENT_FIELD]: QuestionnaireComponentField,
  },
  widgets: {
    MaterialTypeWidget,
    VolumeWidget,
    DeliveryDateWidget,
    [QUESTIONNAIRE_NUMBER_WIDGET]: QuestionnaireNumberWidget,
  },
};
