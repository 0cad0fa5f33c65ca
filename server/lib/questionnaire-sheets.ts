import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { and, eq, inArray, or } from 'drizzle-orm';
import {
  isEmptyValue,
  sheetDefinitionProblems,
  sheetSetProblems,
  testAnswerSetsRefusal,
  type SheetProblem,
  type SheetSchema,
  type SheetSets,
  type SheetUiSchema,
  type SheetVersion,
  type TestAnswerSet,
} from '../../src/domain/questionnaire/index.js';
import type { Db, Tx } from '../db/client.js';
import { questionnaireSheets } from '../db/schema.js';
import { appPath } from '../paths.js';

const folder = appPath('schemas', 'questionnaire');
const readJsonFile = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

export const SHEET_SETS = readJsonFile(resolve(folder, 'sets.json')) as SheetSets;
export const SHEET_META_SCHEMA = readJsonFile(resolve(folder, 'sheet.meta.schema.json')) as Record<string, unknown>;

export interface ShippedSheet {
  name: string;
  version: number;
  schema: SheetSchema;
  uiSchema: SheetUiSchema;
  /** Test answer sets shipped beside it (`v<version>.test-answers.json`), carried into every new draft. */
  testAnswers: TestAnswerSet[];
}

/**
 * The sheet versions shipped as files (`sheets/<name>/v<version>.schema.json` + `.uischema.json`, optionally
 * `.test-answers.json`), in name and version order.
 */
export function shippedSheets(): ShippedSheet[] {
  const sheets: ShippedSheet[] = [];
  for (const name of readdirSync(resolve(folder, 'sheets')).sort()) {
    const versions = readdirSync(resolve(folder, 'sheets', name))
      .map((file) => /^v(\d+)\.schema\.json$/.exec(file)?.[1])
      .filter((version): version is string => Boolean(version))
      .map(Number)
      .sort((a, b) => a - b);
    for (const version of versions) {
      const schema = readJsonFile(resolve(folder, 'sheets', name, `v${version}.schema.json`)) as SheetSchema;
      const uiSchema = readJsonFile(resolve(folder, 'sheets', name, `v${version}.uischema.json`)) as SheetUiSchema;
      if (schema['x-sheet']?.name !== name || schema['x-sheet']?.version !== version) throw new Error(`schemas/questionnaire/sheets/${name}/v${version}: x-sheet does not name this file`);
      const answersFile = resolve(folder, 'sheets', name, `v${version}.test-answers.json`);
      const testAnswers = existsSync(answersFile) ? (readJsonFile(answersFile) as TestAnswerSet[]) : [];
      if (testAnswerSetsRefusal(testAnswers)) throw new Error(`schemas/questionnaire/sheets/${name}/v${version}.test-answers.json: ${testAnswerSetsRefusal(testAnswers)!.key}`);
      sheets.push({ name, version, schema, uiSchema, testAnswers });
    }
  }
  return sheets;
}

/** The portal's keywords: annotations for the page, except `x-required`, which ajv checks on present values. */
const ANNOTATIONS = ['x-sheet', 'x-activationPaths', 'x-i18n', 'x-note', 'x-popup', 'x-placeholder', 'x-unit', 'x-width', 'x-fullWidth', 'x-requiredGroup', 'x-activeIf', 'x-group', 'x-component', 'x-componentOptions'];

function answersAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  ajv.addKeyword({ keyword: 'x-required', schemaType: 'boolean', validate: (required: boolean, data: unknown) => !required || !isEmptyValue(data) });
  return ajv;
}
const sheetAjv = answersAjv();
const metaValidate = new Ajv({ allErrors: true, strict: false }).compile(SHEET_META_SCHEMA);

/** Published versions never change: their rows and compiled validators are kept per name, version and publication time. */
const versionCache = new Map<string, SheetVersion>();
const validatorCache = new Map<string, ValidateFunction>();
const cacheKey = (row: { name: string; version: number; publishedAt: Date | null }) => `${row.name}@${row.version}@${row.publishedAt?.getTime() ?? 'draft'}`;

/** The published version numbers of some sheet names. */
export async function publishedVersions(db: Db | Tx, names: string[]): Promise<Map<string, number[]>> {
  const result = new Map<string, number[]>(names.map((name) => [name, []]));
  if (!names.length) return result;
  const rows = await (db as Db)
    .select({ name: questionnaireSheets.name, version: questionnaireSheets.version })
    .from(questionnaireSheets)
    .where(and(inArray(questionnaireSheets.name, names), eq(questionnaireSheets.status, 'published')));
  for (const row of rows) result.get(row.name)?.push(row.version);
  return result;
}

/** Published sheet versions by name and version (order of `wanted`); missing ones are left out. */
export async function loadSheetVersions(db: Db | Tx, wanted: { name: string; version: number }[]): Promise<SheetVersion[]> {
  if (!wanted.length) return [];
  const d = db as Db;
  const match = or(...wanted.map((item) => and(eq(questionnaireSheets.name, item.name), eq(questionnaireSheets.version, item.version))));
  const heads = await d
    .select({ id: questionnaireSheets.id, name: questionnaireSheets.name, version: questionnaireSheets.version, publishedAt: questionnaireSheets.publishedAt })
    .from(questionnaireSheets)
    .where(and(match, eq(questionnaireSheets.status, 'published')));
  const missing = heads.filter((head) => !versionCache.has(cacheKey(head)));
  if (missing.length) {
    const rows = await d.select().from(questionnaireSheets).where(inArray(questionnaireSheets.id, missing.map((head) => head.id)));
    for (const row of rows) versionCache.set(cacheKey(row), { name: row.name, version: row.version, schema: row.schema, uiSchema: row.uiSchema, status: 'published' });
  }
  return wanted.flatMap((item) => {
    const head = heads.find((candidate) => candidate.name === item.name && candidate.version === item.version);
    const cached = head ? versionCache.get(cacheKey(head)) : undefined;
    return cached ? [{ ...cached }] : [];
  });
}

/** The compiled validator of a published sheet version (one per version and process). */
export function sheetValidator(sheet: SheetVersion): ValidateFunction {
  const key = `${sheet.name}@${sheet.version}@${JSON.stringify(sheet.schema['x-sheet'])}@${sheet.status}`;
  let validate = validatorCache.get(key);
  if (!validate || sheet.status === 'draft') {
    validate = sheetAjv.compile(sheet.schema);
    // ajv keeps every compiled schema; only published versions are worth keeping.
    if (sheet.status === 'published') validatorCache.set(key, validate);
    else sheetAjv.removeSchema(sheet.schema);
  }
  return validate;
}

/** ajv errors that mean the value cannot be stored as it is (wrong JSON type, unknown field); the rest are rule violations. */
const STRUCTURAL = new Set(['type', 'additionalProperties', 'uniqueItems', 'required']);
export const isStructuralError = (error: ErrorObject) => STRUCTURAL.has(error.keyword);

/** An ajv error's place in the answers as path segments. */
export function errorPath(error: ErrorObject): string[] {
  const path = error.instancePath.split('/').filter(Boolean).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'additionalProperties') path.push(String(error.params.additionalProperty));
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  return path;
}

export interface DefinitionProblem {
  /** JSON pointer into the schema document (`/properties/site/properties/crane/x-activeIf`). */
  pointer: string;
  key: string;
  params?: Record<string, string | number>;
}

const pointerOf = (segments: string[]) => segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function metaKey(error: ErrorObject): { key: string; params?: Record<string, string | number> } {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { key: 'QUESTIONNAIRE.Meta.Required', params: { field: String(p.missingProperty) } };
    case 'additionalProperties':
      return { key: 'QUESTIONNAIRE.Meta.UnknownProperty', params: { field: String(p.additionalProperty) } };
    case 'false schema':
      return { key: 'QUESTIONNAIRE.Meta.NotAllowedHere' };
    case 'type':
      return { key: 'QUESTIONNAIRE.Meta.Type', params: { type: String(p.type) } };
    case 'enum':
      return { key: 'QUESTIONNAIRE.Meta.OneOf', params: { values: (p.allowedValues as unknown[]).join(', ') } };
    case 'const':
      return { key: 'QUESTIONNAIRE.Meta.Const', params: { value: JSON.stringify(p.allowedValue) } };
    case 'pattern':
      return { key: 'QUESTIONNAIRE.Meta.Pattern' };
    case 'minimum':
    case 'exclusiveMinimum':
    case 'minItems':
    case 'minLength':
    case 'minProperties':
      return { key: 'QUESTIONNAIRE.Meta.TooSmall', params: { limit: Number(p.limit) } };
    case 'maximum':
    case 'maxItems':
    case 'maxLength':
      return { key: 'QUESTIONNAIRE.Meta.TooLarge', params: { limit: Number(p.limit) } };
    case 'propertyNames':
      return { key: 'QUESTIONNAIRE.Meta.InvalidName', params: { field: String(p.propertyName) } };
    default:
      return { key: 'QUESTIONNAIRE.Meta.Invalid' };
  }
}

/** The domain's rules over the sheet set (cycles, other sheets' conditions, the uiSchema) as pointers; uiSchema ones start with `/uiSchema`. */
function setProblems(schema: SheetSchema, uiSchema: unknown, otherSheets: SheetSchema[]): DefinitionProblem[] {
  return sheetSetProblems(schema, uiSchema, otherSheets).map((problem) => ({
    pointer: (problem.document === 'uiSchema' ? '/uiSchema' : '') + pointerOf(problem.path),
    key: problem.key,
    ...(problem.params ? { params: problem.params } : {}),
  }));
}

/**
 * What is wrong with a sheet definition: the meta-schema first (pointer = where), then, when the shape is sound,
 * the rules that need code (`sheetDefinitionProblems`, with the other sheets for paths into them). Empty = sound.
 */
export function definitionProblems(schema: unknown, uiSchema: unknown, otherSheets: SheetSchema[] = []): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  if (!metaValidate(schema)) {
    const seen = new Set<string>();
    // if/then/else only repeat the errors of their branches.
    for (const error of (metaValidate.errors ?? []).filter((candidate) => candidate.keyword !== 'if')) {
      const { key, params } = metaKey(error);
      const pointer = error.keyword === 'propertyNames' ? `${error.instancePath}/${String((error.params as { propertyName: string }).propertyName)}` : error.instancePath;
      const id = `${pointer}|${key}|${JSON.stringify(params)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      problems.push({ pointer, key, ...(params ? { params } : {}) });
    }
  } else {
    problems.push(...sheetDefinitionProblems(schema as SheetSchema, otherSheets).map((problem: SheetProblem) => ({ pointer: pointerOf(problem.path), key: problem.key, ...(problem.params ? { params: problem.params } : {}) })));
    try {
      sheetAjv.compile(schema as SheetSchema);
    } catch (error) {
      problems.push({ pointer: '', key: 'QUESTIONNAIRE.Meta.NotCompilable', params: { reason: String((error as Error).message).slice(0, 200) } });
    } finally {
      sheetAjv.removeSchema(schema as SheetSchema);
    }
  }
  if (uiSchema === null || typeof uiSchema !== 'object' || Array.isArray(uiSchema)) problems.push({ pointer: '', key: 'QUESTIONNAIRE.Meta.UiSchemaObject' });
  else if (!problems.length || problems.every((problem) => !problem.key.startsWith('QUESTIONNAIRE.Meta.'))) problems.push(...setProblems(schema as SheetSchema, uiSchema, otherSheets));
  return problems.slice(0, 200);
}
