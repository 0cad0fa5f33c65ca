import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { canAccess, type Action } from '../../src/domain/permissions.js';
import { testAnswerSetsRefusal, type SheetSchema, type SheetUiSchema, type TestAnswerSet } from '../../src/domain/questionnaire/index.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { questionnaireSheets } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { definitionProblems, loadSheetVersions, type DefinitionProblem } from '../lib/questionnaire-sheets.js';
import { draftedSet, refusedDraft, saveCompanions, setSheets, sheetImpact, type Companion } from '../lib/questionnaire-sheet-set.js';
import { limitAction } from '../lib/rate-limit.js';
import { sessionUser } from '../lib/request.js';
import { containsPattern, parseId, readJsonObject } from '../lib/rest-query.js';
import { restResource, type ApiRecord } from '../lib/rest.js';
import { saveSheetSchema, validateSchema } from '../lib/request-schemas.js';
import { checkBody, readBody } from '../lib/validation.js';

const RESOURCE = 'questionnaire-sheets';
type SheetRow = typeof questionnaireSheets.$inferSelect;

// Qualified outer references: drizzle leaves columns unqualified in single-table selects.
const own = (column: 'name' | 'version') => sql.raw(`"questionnaire_sheets"."${column}"`);
/** Roots whose saved answers use this version. */
const usedBy = () => sql<number>`(select count(*)::int from questionnaire_answers a where a.data -> '_versions' -> ${own('name')} = to_jsonb(${own('version')}))`.mapWith(Number);
/** The highest version of its sheet name. */
const latest = () => sql<boolean>`(${own('version')} = (select max(s2.version) from questionnaire_sheets s2 where s2.name = ${own('name')}))`;

/** The sheet's title in the other languages (its schema's `x-i18n`), so that lists show it in the user's language. */
function translatedTitles(schema: unknown): Record<string, string> {
  const i18n = (schema as { 'x-i18n'?: Record<string, { title?: unknown }> } | null)?.['x-i18n'];
  if (!i18n || typeof i18n !== 'object') return {};
  return Object.fromEntries(Object.entries(i18n).flatMap(([language, texts]) => (typeof texts?.title === 'string' ? [[language, texts.title]] : [])));
}

function listRecord(row: SheetRow & { usedBy?: number; latest?: boolean }): ApiRecord {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    status: row.status,
    title: row.title,
    titles: translatedTitles(row.schema),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    usedBy: Number(row.usedBy ?? 0),
    latest: Boolean(row.latest),
  };
}

const listResource = restResource({
  name: RESOURCE,
  table: questionnaireSheets,
  id: questionnaireSheets.id,
  sortable: {
    name: questionnaireSheets.name,
    version: questionnaireSheets.version,
    status: questionnaireSheets.status,
    title: questionnaireSheets.title,
    createdAt: questionnaireSheets.createdAt,
    publishedAt: questionnaireSheets.publishedAt,
  },
  defaultSort: ['name', 'ASC'],
  filters: {
    name: { schema: z.string().min(1).max(80), where: (name: string) => eq(questionnaireSheets.name, name) },
    status: { schema: z.enum(['draft', 'published']), where: (status: string) => eq(questionnaireSheets.status, status) },
  },
  search: (q) => or(ilike(questionnaireSheets.name, containsPattern(q)), ilike(questionnaireSheets.title, containsPattern(q))),
  columns: () => ({ usedBy: usedBy(), latest: latest() }),
  toRecords: async (_db, rows) => (rows as (SheetRow & { usedBy: number; latest: boolean })[]).map(listRecord),
});

function authorize(user: SessionUser, action: Action) {
  if (!canAccess(user, { action, resource: RESOURCE })) throw ApiError.forbidden();
}

async function fullRecord(db: Db | Tx, id: number) {
  const [row] = await (db as Db).select({ sheet: questionnaireSheets, usedBy: usedBy(), latest: latest() }).from(questionnaireSheets).where(eq(questionnaireSheets.id, id));
  if (!row) throw ApiError.notFound();
  return { ...listRecord({ ...row.sheet, usedBy: row.usedBy, latest: row.latest }), schema: row.sheet.schema, uiSchema: row.sheet.uiSchema, testAnswers: row.sheet.testAnswers };
}

async function draftRow(tx: Tx, id: number): Promise<SheetRow> {
  const [row] = await tx.select().from(questionnaireSheets).where(eq(questionnaireSheets.id, id)).for('update');
  if (!row) throw ApiError.notFound();
  if (row.status !== 'draft') throw new ApiError(409, [{ key: 'QUESTIONNAIRE.Errors.Published', code: 'Published' }]);
  return row;
}

const problemMessages = (problems: DefinitionProblem[]) =>
  new ApiError(400, problems.slice(0, 50).map((problem) => ({ key: problem.key, params: problem.params, reference: problem.pointer || '/', code: 'InvalidDefinition' })));

/** The latest published schema of every other sheet name (activation paths may point into them). */
async function otherSheets(db: Db | Tx, name: string): Promise<SheetSchema[]> {
  const heads = await (db as Db)
    .selectDistinctOn([questionnaireSheets.name], { name: questionnaireSheets.name, version: questionnaireSheets.version })
    .from(questionnaireSheets)
    .where(eq(questionnaireSheets.status, 'published'))
    .orderBy(questionnaireSheets.name, desc(questionnaireSheets.version));
  return (await loadSheetVersions(db, heads.filter((head) => head.name !== name))).map((sheet) => sheet.schema);
}

/** `POST …/{id}/publish` may name drafts of other sheets to publish in the same step (their conditions need this version). */
export const publishSchema = z.object({ together: z.array(z.number().int().positive()).max(20).optional() }).strict();

/**
 * The configurers' resource (`/api/data/planxchange/questionnaire-sheets`): list with usage, one version with its
 * documents, a new draft copied from the latest version, edits of a draft (meta-schema checked), publishing
 * (meta-schema and definition rules), deleting a draft. Published versions never change.
 */
export const questionnaireSheetsResource = new Hono<AppEnv>();

questionnaireSheetsResource.get('/:id', async (c) => {
  authorize(sessionUser(c), 'show');
  return c.json(await fullRecord(c.get('db'), parseId(c.req.param('id'))));
});

questionnaireSheetsResource.post('/', async (c) => {
  const user = sessionUser(c);
  authorize(user, 'create');
  const parsed = await readBody(c, z.object({ name: z.string().min(1).max(80) }).strict());
  const db = c.get('db');
  const id = await db.transaction(async (tx) => {
    const rows = await tx.select().from(questionnaireSheets).where(eq(questionnaireSheets.name, parsed.name)).orderBy(desc(questionnaireSheets.version)).for('update');
    if (!rows.length) throw new ApiError(400, [{ key: 'QUESTIONNAIRE.Errors.UnknownSheet', reference: 'name', params: { name: parsed.name } }]);
    if (rows.some((row) => row.status === 'draft')) throw new ApiError(409, [{ key: 'QUESTIONNAIRE.Errors.DraftExists', params: { name: parsed.name }, code: 'DraftExists' }]);
    const [newest] = rows;
    const version = newest.version + 1;
    const schema = { ...newest.schema, 'x-sheet': { ...newest.schema['x-sheet'], version } };
    const [row] = await tx
      .insert(questionnaireSheets)
      .values({ name: newest.name, version, status: 'draft', title: newest.title, schema, uiSchema: newest.uiSchema, testAnswers: newest.testAnswers, createdBy: user.id })
      .returning({ id: questionnaireSheets.id });
    return row.id;
  });
  return c.json(await fullRecord(db, id), 201);
});

questionnaireSheetsResource.put('/:id', async (c) => {
  authorize(sessionUser(c), 'edit');
  const id = parseId(c.req.param('id'));
  const body = await readJsonObject(c.req.raw);
  if (body.id !== undefined && body.id !== id) throw ApiError.badRequest('ERRORMESSAGES.IdMismatch', 'id');
  // The record's read-only fields a client echoes back.
  for (const field of ['id', 'name', 'version', 'status', 'title', 'titles', 'createdAt', 'updatedAt', 'publishedAt', 'usedBy', 'latest']) delete body[field];
  const parsed = checkBody(saveSheetSchema, body);
  const input = parsed as unknown as { schema: SheetSchema; uiSchema: SheetUiSchema; companions?: Companion[]; testAnswers?: TestAnswerSet[] };
  const refusedSets = input.testAnswers && testAnswerSetsRefusal(input.testAnswers);
  if (refusedSets) throw new ApiError(422, [{ key: refusedSets.key, params: refusedSets.params, reference: refusedSets.index === undefined ? 'testAnswers' : `testAnswers.${refusedSets.index}.name`, code: 'InvalidTestAnswers' }]);
  const db = c.get('db');
  await db.transaction(async (tx) => {
    const row = await draftRow(tx, id);
    const problems = definitionProblems(input.schema, input.uiSchema).filter((problem) => problem.key.startsWith('QUESTIONNAIRE.Meta.'));
    const identity = input.schema['x-sheet'];
    if (identity && (identity.name !== row.name || identity.version !== row.version)) {
      problems.unshift({ pointer: '/x-sheet', key: 'QUESTIONNAIRE.Errors.SheetIdentity', params: { name: row.name, version: row.version } });
    }
    if (problems.length) throw problemMessages(problems);
    // Dangling references, cycles, other sheets' conditions and the uiSchema are checked against the set as drafted.
    const companions = await saveCompanions(tx, row.name, input.companions ?? [], sessionUser(c).id);
    const others = await draftedSet(tx, row.name, companions);
    refusedDraft(input.schema, input.uiSchema, others);
    for (const companion of companions) refusedDraft(companion.schema, companion.uiSchema, [input.schema, ...others.filter((other) => other['x-sheet'].name !== companion.name)], companion.name);
    await tx
      .update(questionnaireSheets)
      .set({ schema: input.schema, uiSchema: input.uiSchema, title: String(input.schema.title).slice(0, 200), ...(input.testAnswers ? { testAnswers: input.testAnswers } : {}), updatedAt: new Date() })
      .where(eq(questionnaireSheets.id, id));
  });
  return c.json(await fullRecord(db, id));
});

questionnaireSheetsResource.delete('/:id', async (c) => {
  authorize(sessionUser(c), 'delete');
  const id = parseId(c.req.param('id'));
  const db = c.get('db');
  const record = await db.transaction(async (tx) => {
    await draftRow(tx, id);
    const before = await fullRecord(tx, id);
    await tx.delete(questionnaireSheets).where(eq(questionnaireSheets.id, id));
    return before;
  });
  return c.json(record);
});

questionnaireSheetsResource.post('/:id/publish', async (c) => {
  authorize(sessionUser(c), 'edit');
  const id = parseId(c.req.param('id'));
  const hasBody = c.req.header('content-type') !== undefined;
  const parsed = checkBody(publishSchema, hasBody ? await readJsonObject(c.req.raw) : {});
  const together = [...new Set(parsed.together ?? [])].filter((other) => other !== id);
  const db = c.get('db');
  await db.transaction(async (tx) => {
    const rows = [await draftRow(tx, id)];
    for (const other of together) rows.push(await draftRow(tx, other));
    if (new Set(rows.map((row) => row.name)).size !== rows.length) throw ApiError.badRequest('QUESTIONNAIRE.Errors.TogetherSameSheet', 'together');
    // Each is checked against what will be published once they all are: the others' latest published versions and each other.
    const published = await otherSheets(tx, '');
    const after = [...published.filter((schema) => !rows.some((row) => row.name === schema['x-sheet'].name)), ...rows.map((row) => row.schema)];
    for (const row of rows) {
      const others = after.filter((schema) => schema['x-sheet'].name !== row.name);
      refusedDraft(row.schema, row.uiSchema, others, row.id === id ? undefined : row.name);
      const problems = definitionProblems(row.schema, row.uiSchema, others);
      if (problems.length) throw problemMessages(problems);
    }
    await tx
      .update(questionnaireSheets)
      .set({ status: 'published', publishedAt: new Date(), updatedAt: new Date() })
      .where(and(or(...rows.map((row) => eq(questionnaireSheets.id, row.id))), eq(questionnaireSheets.status, 'draft')));
  });
  return c.json(await fullRecord(db, id));
});

/** `GET …/{id}/set`: the other sheets of the sets this sheet belongs to, each as drafted (its draft, else its latest published version). */
questionnaireSheetsResource.get('/:id/set', async (c) => {
  authorize(sessionUser(c), 'show');
  const db = c.get('db');
  const record = (await fullRecord(db, parseId(c.req.param('id')))) as unknown as { name: string };
  return c.json({ sheets: await setSheets(db, record.name) });
});

/** `GET …/{id}/impact`: what publishing the draft means for projects under way, and what blocks it. */
questionnaireSheetsResource.get('/:id/impact', async (c) => {
  authorize(sessionUser(c), 'show');
  const db = c.get('db');
  const id = parseId(c.req.param('id'));
  const record = (await fullRecord(db, id)) as unknown as { name: string; status: string; schema: unknown; uiSchema: unknown };
  if (record.status !== 'draft') throw new ApiError(409, [{ key: 'QUESTIONNAIRE.Errors.Published', code: 'Published' }]);
  return c.json(await sheetImpact(db, { id, name: record.name, schema: record.schema as SheetSchema, uiSchema: record.uiSchema as SheetUiSchema }, await otherSheets(db, record.name)));
});

questionnaireSheetsResource.route('/', listResource);

/** `POST /api/questionnaire-sheets/validate {schema, uiSchema}` → `{problems: [{pointer, key, params}]}`: the editor's check as you type. */
export const questionnaireSheetValidateRoutes = new Hono<AppEnv>();

questionnaireSheetValidateRoutes.post('/validate', async (c: Context<AppEnv>) => {
  const user = sessionUser(c);
  authorize(user, 'edit');
  await limitAction(c.get('db'), 'sheetValidation', user.id);
  const body = await readJsonObject(c.req.raw);
  const parsed = checkBody(validateSchema, body);
  const input = parsed as unknown as { schema: SheetSchema; uiSchema: SheetUiSchema; companions?: { name: string; schema: SheetSchema }[] };
  const name = typeof input.schema['x-sheet'] === 'object' && input.schema['x-sheet'] ? String(input.schema['x-sheet'].name) : '';
  // Checked against the set as drafted (other sheets' drafts, and the builder's companions not saved yet).
  return c.json({ problems: definitionProblems(input.schema, input.uiSchema, await draftedSet(c.get('db'), name, input.companions ?? [])) });
});
