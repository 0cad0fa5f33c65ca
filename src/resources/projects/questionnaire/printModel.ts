import {
  controlIsEnabled,
  getAt,
  isEmptyValue,
  isPlainObject,
  isSection,
  localizeSheet,
  sheetDataOf,
  type QuestionnaireAnswers,
  type SheetNode,
  type SheetOption,
  type SheetSchema,
} from '../../../domain/questionnaire';
import { formatNumber } from '../../../domain/format';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface PrintRow {
  label: string;
  value: string;
}

export interface PrintSection {
  /** Dot path of the section within the sheet's data. */
  path: string;
  title: string;
  /** 1 for the sheet's sections, 2 and more for child sections. */
  level: number;
  rows: PrintRow[];
}

const optionTitle = (options: SheetOption[] | undefined, value: unknown) => options?.find((option) => option.const === value)?.title ?? String(value);

/** A control's value as printed text: options by their titles, numbers in the locale with their unit, checkboxes as yes. */
function printedValue(control: SheetNode, value: unknown, translate: Translate, locale: string): string {
  if (control['x-component'] === 'block-type-table' && Array.isArray(value)) {
    return value
      .filter(isPlainObject)
      .map((entry) => `${String(entry.block)}: ${['cs12', 'cs20'].filter((strength) => entry[strength] === true).map((strength) => strength.toUpperCase()).join(', ')}`)
      .join('\n');
  }
  if (typeof value === 'boolean') return translate(value ? 'QUESTIONNAIRE.Print.Yes' : 'QUESTIONNAIRE.Print.No');
  if (typeof value === 'number') return [formatNumber(value, locale), control['x-unit']].filter(Boolean).join(' ');
  if (Array.isArray(value)) return value.map((item) => optionTitle(control.items?.oneOf, item)).join(', ');
  if (control.oneOf?.length) return optionTitle(control.oneOf, value);
  return String(value);
}

/**
 * A sheet as the print page lists it: its sections (child sections after their parent's controls) with the answered,
 * enabled controls as label and value; sections without answers are left out, and so are components whose data lives
 * elsewhere (the CCL delivery schedule).
 */
export function printSections(schema: SheetSchema, answers: QuestionnaireAnswers, language: string, translate: Translate): PrintSection[] {
  const localized = localizeSheet(schema, language);
  const data = sheetDataOf(schema, answers);
  const sections: PrintSection[] = [];
  const visit = (node: SheetNode, path: string[]) => {
    const rows: PrintRow[] = [];
    const children: [string, SheetNode][] = [];
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      if (isSection(child)) {
        children.push([name, child]);
        continue;
      }
      const value = getAt(data, [...path, name]);
      if (child['x-component'] === 'ccl-delivery-schedule' || isEmptyValue(value) || !controlIsEnabled(child, answers)) continue;
      rows.push({ label: child.title ?? name, value: printedValue(child, value, translate, language) });
    }
    const section = { path: path.join('.'), title: node.title ?? path[path.length - 1], level: path.length, rows };
    const index = sections.length;
    for (const [name, child] of children) visit(child, [...path, name]);
    // A section is printed when it or one of its child sections holds an answer.
    if (rows.length || sections.length > index) sections.splice(index, 0, section);
  };
  for (const [name, section] of Object.entries(localized.properties)) if (isSection(section)) visit(section, [name]);
  return sections;
}
