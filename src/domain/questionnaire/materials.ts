import { activeSheets, schemaOf, type SheetLike } from './activation';
import { sheetTitle } from './localize';
import { sheetNameOf } from './paths';
import { GENERAL_LEVEL } from './sets';
import type { QuestionnaireAnswers, SheetVersion } from './types';

/** A sheet name without its country prefix: `xde-stuerze` → `stuerze` (the material type's key). */
export function materialKeyOf(sheetName: string): string {
  return sheetName.replace(/^x[a-z]{2}-/, '');
}

/**
 * A general (level 0) sheet: material choice, project data, site logistics. Known from the set's level when the
 * sheet carries it, else a sheet without activation paths (always shown) is taken as general.
 */
export function isGeneralSheet(sheet: SheetLike): boolean {
  const level = (sheet as Partial<SheetVersion>).level;
  if (level !== undefined) return level === GENERAL_LEVEL;
  return !schemaOf(sheet)['x-activationPaths']?.length;
}

export interface QuestionnaireMaterialType {
  key: string;
  label: string;
  sheet: string;
}

/**
 * The material types of the structure (DECISIONS.md): the active sheets except the general ones, keyed by the sheet
 * name without its `x<cc>-` prefix, labelled with the sheet's title in the language.
 */
export function questionnaireMaterialTypes(sheets: readonly SheetLike[], answers: QuestionnaireAnswers, language: string): QuestionnaireMaterialType[] {
  return activeSheets(sheets, answers)
    .filter((sheet) => !isGeneralSheet(sheet))
    .map((sheet) => {
      const schema = schemaOf(sheet);
      const name = sheetNameOf(schema);
      return { key: materialKeyOf(name), label: sheetTitle(schema, language), sheet: name };
    });
}

export type BlockTypeGroup = 'light' | 'heavy';
/** The block type table's weight groups (spec §9): 14 kg or less, 15 kg or more. */
export const LIGHT_BLOCK_MAX_KG = 14;

export function blockTypeGroup(weight: number): BlockTypeGroup {
  return weight <= LIGHT_BLOCK_MAX_KG ? 'light' : 'heavy';
}
