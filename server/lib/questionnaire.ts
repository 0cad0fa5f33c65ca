import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  activeSheetCount,
  activeSheets,
  canEditQuestionnaire,
  isGeneralSheet,
  isPlainObject,
  minActiveSheets,
  questionnaireMaterialTypes,
  questionnaireValidity,
  QUESTIONNAIRE_MESSAGE,
  resetDisabledAll,
  withoutInactiveSheets,
  resolveSheetVersion,
  sheetSetFor,
  type QuestionnaireAnswers,
  type QuestionnaireMaterialType,
  type SheetVersion,
} from '../../src/domain/questionnaire/index.js';
import type { Db, Tx } from '../db/client.js';
import { addresses, projectUnitParams, questionnaireAnswers, tenants } from '../db/schema.js';
import { ApiError } from './errors.js';
import type { UnitAccess, UnitRow } from './project-access.js';
import { errorPath, isStructuralError, loadSheetVersions, publishedVersions, SHEET_SETS, sheetValidator } from './questionnaire-sheets.js';

type TenantType = 'standard' | 'ccl';
type SavedAnswers = typeof questionnaireAnswers.$inferSelect;

export interface RootQuestionnaire {
  setKey: string;
  /** The set's sheets at the versions this root uses, in set order, each with its level. */
  sheets: SheetVersion[];
  answers: SavedAnswers | null;
  /** Published versions per sheet name of the set. */
  published: Map<string, number[]>;
}

/** The root's sheet set: CCL tenant, BrickAssortment param, Country param, site address, tenant default (in that order). */
async function sheetSetOf(db: Db | Tx, root: UnitRow, tenantType: TenantType) {
  const d = db as Db;
  const params = await d
    .select({ key: projectUnitParams.key, value: projectUnitParams.value })
    .from(projectUnitParams)
    .where(and(eq(projectUnitParams.unitId, root.id), inArray(projectUnitParams.key, ['Country', 'BrickAssortment'])))
    .orderBy(desc(projectUnitParams.id));
  const param = (key: string) => params.find((row) => row.key === key)?.value ?? null;
  const [site] = root.siteAddressId ? await d.select({ country: addresses.country }).from(addresses).where(eq(addresses.id, root.siteAddressId)) : [];
  const [tenant] = await d.select({ defaultCountry: tenants.defaultCountry }).from(tenants).where(eq(tenants.id, root.tenantId));
  return sheetSetFor({ tenantType, country: param('Country'), brickAssortment: param('BrickAssortment'), siteCountry: site?.country ?? null, defaultCountry: tenant?.defaultCountry ?? null }, SHEET_SETS);
}

export async function savedAnswers(db: Db | Tx, rootId: number, forUpdate = false): Promise<SavedAnswers | null> {
  const query = (db as Db).select().from(questionnaireAnswers).where(eq(questionnaireAnswers.rootId, rootId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The root's questionnaire: its set, the sheets at the versions it uses (the saved `_versions`, else `preferred`,
 * else the highest published version) and the saved answers.
 */
export async function rootQuestionnaire(db: Db | Tx, root: UnitRow, tenantType: TenantType, options: { preferred?: Record<string, number>; answers?: SavedAnswers | null } = {}): Promise<RootQuestionnaire> {
  const set = await sheetSetOf(db, root, tenantType);
  const answers = options.answers !== undefined ? options.answers : await savedAnswers(db, root.id);
  const published = await publishedVersions(db, set.sheets.map((sheet) => sheet.name));
  const saved = (answers?.data as QuestionnaireAnswers | undefined)?._versions ?? {};
  const versions = { ...(options.preferred ?? {}), ...saved };
  const wanted = set.sheets.flatMap(({ name, level }) => {
    const version = resolveSheetVersion(name, { _versions: versions }, published.get(name) ?? []);
    return version ? [{ name, version, level }] : [];
  });
  const loaded = await loadSheetVersions(db, wanted);
  const sheets = loaded.map((sheet) => ({ ...sheet, level: wanted.find((item) => item.name === sheet.name)?.level }));
  return { setKey: set.setKey, sheets, answers, published };
}

/** What GET and PUT /api/questionnaire/{rootId} answer. */
export function questionnaireView(access: UnitAccess, questionnaire: RootQuestionnaire) {
  const { root, context } = access;
  const data = (questionnaire.answers?.data ?? {}) as QuestionnaireAnswers;
  const validity = questionnaireValidity(questionnaire.sheets, data);
  const edit = canEditQuestionnaire(context);
  return {
    rootProjectUnitID: root.id,
    projectUnitNo: root.number,
    title: root.title,
    tenantType: context.tenantType,
    setKey: questionnaire.setKey,
    canEdit: edit.allowed,
    editReason: edit.allowed ? null : edit.reason,
    minActiveSheets: minActiveSheets(context.tenantType),
    sheets: questionnaire.sheets,
    data,
    isValid: questionnaire.answers ? questionnaire.answers.isValid : validity.isValid,
    sheetValidity: validity.sheets,
    version: questionnaire.answers?.version ?? 0,
    updatedAt: questionnaire.answers?.updatedAt.toISOString() ?? null,
  };
}

type Message = ApiError['messages'][number];
const invalid = (reference: string, key: string, params?: Record<string, unknown>): Message => ({ reference, key, params, code: 'InvalidAnswers' });

/** `_versions` of a body: sheet names of the set and published versions only. */
function requestedVersions(input: unknown, published: Map<string, number[]>, messages: Message[]): Record<string, number> {
  if (input === undefined) return {};
  if (!isPlainObject(input)) {
    messages.push(invalid('data._versions', QUESTIONNAIRE_MESSAGE.wrongType));
    return {};
  }
  const result: Record<string, number> = {};
  for (const [name, version] of Object.entries(input)) {
    const known = published.get(name);
    if (!known) messages.push(invalid(`data._versions.${name}`, 'QUESTIONNAIRE.Errors.UnknownSheet', { name }));
    else if (typeof version !== 'number' || !known.includes(version)) messages.push(invalid(`data._versions.${name}`, 'QUESTIONNAIRE.Errors.UnknownVersion', { name, version: String(version) }));
    else result[name] = version;
  }
  return result;
}

/**
 * Saves a root's answers (PUT /api/questionnaire/{rootId}) in one transaction: 400 for a body that cannot be stored
 * (unknown sheets or versions, values of the wrong JSON type), 409 for a stale version, 422 with fewer active sheets
 * than the tenant needs. Disabled controls are reset first; rule violations are saved with isValid false.
 */
export async function saveQuestionnaire(tx: Tx, access: UnitAccess, input: { data: Record<string, unknown>; version: number }): Promise<RootQuestionnaire> {
  const { root, context } = access;
  const saved = await savedAnswers(tx, root.id, true);
  if ((saved?.version ?? 0) !== input.version) throw new ApiError(409, [{ key: QUESTIONNAIRE_MESSAGE.conflict, code: 'Conflict' }]);
  const base = await rootQuestionnaire(tx, root, context.tenantType, { answers: saved });
  const messages: Message[] = [];
  const preferred = requestedVersions(input.data._versions, base.published, messages);
  const questionnaire = Object.keys(preferred).length ? await rootQuestionnaire(tx, root, context.tenantType, { answers: saved, preferred }) : base;
  const names = new Set(questionnaire.sheets.map((sheet) => sheet.name));
  let data: QuestionnaireAnswers = {};
  for (const [name, value] of Object.entries(input.data)) {
    if (name === '_versions') continue;
    if (!names.has(name)) messages.push(invalid(`data.${name}`, 'QUESTIONNAIRE.Errors.UnknownSheet', { name }));
    else if (!isPlainObject(value)) messages.push(invalid(`data.${name}`, QUESTIONNAIRE_MESSAGE.wrongType));
    else data[name] = value;
  }
  if (messages.length) throw new ApiError(400, messages.slice(0, 50));
  data = withoutInactiveSheets(questionnaire.sheets, resetDisabledAll(questionnaire.sheets, data));
  const ruleBroken = new Set<string>();
  for (const sheet of questionnaire.sheets) {
    if (data[sheet.name] === undefined) continue;
    const validate = sheetValidator(sheet);
    if (validate(data[sheet.name])) continue;
    for (const error of validate.errors ?? []) {
      if (isStructuralError(error)) {
        const key = error.keyword === 'additionalProperties' ? QUESTIONNAIRE_MESSAGE.unknownField : QUESTIONNAIRE_MESSAGE.wrongType;
        messages.push(invalid(['data', sheet.name, ...errorPath(error)].join('.'), key));
      } else ruleBroken.add(sheet.name);
    }
  }
  if (messages.length) throw new ApiError(400, [...new Map(messages.map((message) => [`${message.reference}|${message.key}`, message])).values()].slice(0, 50));
  const minimum = minActiveSheets(context.tenantType);
  if (activeSheetCount(questionnaire.sheets, data) < minimum) {
    throw new ApiError(422, [{ key: QUESTIONNAIRE_MESSAGE.tooFewSheets, params: { count: minimum }, code: 'TooFewSheets' }]);
  }
  data._versions = Object.fromEntries(questionnaire.sheets.filter((sheet) => data[sheet.name] !== undefined).map((sheet) => [sheet.name, sheet.version]));
  // ajv's rule errors and the domain's problems agree; an active sheet either names stays invalid.
  const active = new Set(activeSheets(questionnaire.sheets, data).map((sheet) => sheet.name));
  const isValid = questionnaireValidity(questionnaire.sheets, data).isValid && ![...ruleBroken].some((name) => active.has(name));
  const values = { data, isValid, version: input.version + 1, updatedAt: new Date() };
  const [row] = saved
    ? await tx.update(questionnaireAnswers).set(values).where(and(eq(questionnaireAnswers.rootId, root.id), eq(questionnaireAnswers.version, input.version))).returning()
    : await tx.insert(questionnaireAnswers).values({ rootId: root.id, ...values }).onConflictDoNothing().returning();
  if (!row) throw new ApiError(409, [{ key: QUESTIONNAIRE_MESSAGE.conflict, code: 'Conflict' }]);
  return { ...questionnaire, answers: row };
}

/**
 * The material types the root's questionnaire gives the structure: the active material sheets of its saved answers.
 * Null when nothing is saved yet or its set has no material sheets (the CCL set): the product types apply then.
 */
export async function questionnaireStructureTypes(db: Db | Tx, root: UnitRow, tenantType: TenantType, language: string): Promise<QuestionnaireMaterialType[] | null> {
  const answers = await savedAnswers(db, root.id);
  if (!answers) return null;
  const questionnaire = await rootQuestionnaire(db, root, tenantType, { answers });
  if (!questionnaire.sheets.some((sheet) => !isGeneralSheet(sheet))) return null;
  return questionnaireMaterialTypes(questionnaire.sheets, answers.data as QuestionnaireAnswers, language);
}
