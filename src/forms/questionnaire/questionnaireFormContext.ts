import type { Registry } from '@rjsf/utils';

/** What the sheet form's templates and fields need besides the schema: kept small and stable, it is part of rjsf's registry. */
export interface QuestionnaireFormContext {
  /** The root project the sheet belongs to (components such as the CCL delivery schedule load its data); 0 in a preview. */
  rootId: number;
  /** The section (dot path below the sheet, e.g. `materials`) shown highlighted, e.g. the material choice after a refused save. */
  highlightedSection: string | null;
}

export function questionnaireContext(registry: Registry): QuestionnaireFormContext {
  return (registry.formContext as QuestionnaireFormContext | undefined) ?? { rootId: 0, highlightedSection: null };
}
