import { isGeneralSheet, schemaOf, splitPath, type SheetVersion } from '../../../domain/questionnaire';

/**
 * Where the material choice sits: the section of the checkbox the first material sheet's activation path names
 * (`xde-general.materials.planelemente` → sheet xde-general, section `materials`). The page highlights it when too few
 * sheets are chosen.
 */
export function materialChoiceSection(sheets: readonly SheetVersion[]): { sheet: string; section: string } | null {
  for (const sheet of sheets) {
    if (isGeneralSheet(sheet)) continue;
    const path = schemaOf(sheet)['x-activationPaths']?.[0]?.path;
    const [sheetName, ...rest] = path ? splitPath(path) : [];
    if (sheetName && rest.length > 1) return { sheet: sheetName, section: rest.slice(0, -1).join('.') };
  }
  return null;
}
