import { createSchemaUtils, type RJSFSchema, type SchemaUtilsType } from '@rjsf/utils';
import { activeSheets, sheetDataOf, sheetNameOf, type QuestionnaireAnswers, type SheetSchema, type SheetVersion } from '../../domain/questionnaire';
import { compactValue } from './compactValue';
import { renderedSheetSchema } from './sheetRendering';
import { sheetValidator } from './sheetValidator';

const utilsCache = new WeakMap<SheetSchema, SchemaUtilsType>();

function schemaUtilsOf(schema: SheetSchema): SchemaUtilsType {
  let utils = utilsCache.get(schema);
  if (!utils) {
    utils = createSchemaUtils(sheetValidator, renderedSheetSchema(schema) as RJSFSchema);
    utilsCache.set(schema, utils);
  }
  return utils;
}

/**
 * The answers with a sheet's defaults filled in, as the form fills them when it opens the sheet (the same rjsf
 * computation): the page holds them from the start, so that opening a sheet is no change, the defaults shown are the
 * defaults saved, and the rules see what the user sees.
 */
export function withSheetDefaults(sheet: SheetVersion, answers: QuestionnaireAnswers): QuestionnaireAnswers {
  const name = sheetNameOf(sheet.schema);
  const utils = schemaUtilsOf(sheet.schema);
  const data = sheetDataOf(sheet.schema, answers);
  const filled = utils.getDefaultFormState(utils.getRootSchema(), data, false, false) as Record<string, unknown>;
  return JSON.stringify(compactValue(filled)) === JSON.stringify(compactValue(data)) && answers[name] !== undefined ? answers : { ...answers, [name]: filled };
}

/**
 * Defaults of the active sheets: all of them (`missingOnly` false, when the page opens), or only of sheets without any
 * answers yet (after a change, when a sheet has just become active).
 */
export function withActiveSheetDefaults(sheets: readonly SheetVersion[], answers: QuestionnaireAnswers, missingOnly: boolean): QuestionnaireAnswers {
  let result = answers;
  for (const sheet of activeSheets(sheets, answers)) {
    if (missingOnly && result[sheet.name] !== undefined) continue;
    result = withSheetDefaults(sheet, result);
  }
  return result;
}
