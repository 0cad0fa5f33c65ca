import type { Context } from 'hono';
import { Hono } from 'hono';
import { normaliseHeader } from '../../src/domain/bulk/cells.js';
import { BULK_DEFINITIONS, BULK_MESSAGE, EXPORT_ONLY_DEFINITIONS, bulkEditSchema, IMPORT_MAX_BYTES, canBulkAdminister, isBulkResource, type BulkResource } from '../../src/domain/bulk/resources.js';
import { canAccess } from '../../src/domain/permissions.js';
import type { PreviewRow } from '../../src/domain/bulk/rows.js';
import { LANGUAGES, isLanguage, type Language } from '../../src/domain/languages.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db, Tx } from '../db/client.js';
import { bulkOperations } from '../db/schema.js';
import { BULK_ADAPTERS, planBulkEdit, planImport, writePlan, type Plan } from '../lib/bulk/engine.js';
import { csvStream, fieldLabel, xlsxStream } from '../lib/bulk/export.js';
import { readTable, type FileTable } from '../lib/bulk/read-table.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { authorizeResource, listAll, listQuery, mountedResource, type ResourceDefinition } from '../lib/rest.js';
import { sessionUser } from '../lib/request.js';
import { aacProductsDefinition, lintelProductsDefinition } from '../services/catalogues.js';
import { plantsDefinition, productTypesDefinition } from '../services/master-data.js';
import { usersDefinition } from '../services/users.js';
import { checkBody, readBody } from '../lib/validation.js';

const LISTS: Partial<Record<BulkResource, ResourceDefinition>> = {
  aacproducts: aacProductsDefinition,
  lintelproducts: lintelProductsDefinition,
  users: usersDefinition,
  plants: plantsDefinition,
  producttypes: productTypesDefinition,
};

function authorize(c: Context<AppEnv>): { user: SessionUser; resource: BulkResource; language: Language } {
  const user = sessionUser(c);
  const resource = c.req.param('resource') ?? '';
  if (!isBulkResource(resource)) throw ApiError.notFound();
  if (!canBulkAdminister(user, resource)) throw ApiError.forbidden();
  return { user, resource, language: isLanguage(user.language) ? user.language : 'de' };
}

/** Headers matched to fields by name or by the field's label in any of the portal's languages. */
export function suggestMapping(resource: BulkResource, headers: string[]): (string | null)[] {
  const names = new Map<string, string>();
  // Written columns win over read-only ones of the same label ("Tenant" is the id and the name beside it).
  const columns = [...BULK_DEFINITIONS[resource].columns].sort((a, b) => Number(Boolean(b.readOnly)) - Number(Boolean(a.readOnly)));
  for (const column of columns) {
    names.set(normaliseHeader(column.field), column.field);
    for (const language of LANGUAGES) names.set(normaliseHeader(fieldLabel(resource, column.field, language)), column.field);
  }
  const used = new Set<string>();
  return headers.map((header) => {
    const field = names.get(normaliseHeader(header));
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

function parseMapping(resource: BulkResource, raw: FormDataEntryValue | null, headers: string[]): (string | null)[] {
  if (raw === null || raw === '') return suggestMapping(resource, headers);
  let mapping: unknown;
  try {
    mapping = JSON.parse(String(raw));
  } catch {
    throw ApiError.badRequest('VALIDATION.InvalidValue', 'mapping');
  }
  const fields = BULK_DEFINITIONS[resource].columns.map((column) => column.field);
  const valid = Array.isArray(mapping) && mapping.length === headers.length && mapping.every((entry) => entry === null || (typeof entry === 'string' && fields.includes(entry)));
  if (!valid) throw ApiError.badRequest(BULK_MESSAGE.unknownColumn, 'mapping');
  const chosen = (mapping as (string | null)[]).filter(Boolean);
  if (new Set(chosen).size !== chosen.length) throw ApiError.badRequest('BULK.Import.ColumnTwice', 'mapping');
  return mapping as (string | null)[];
}

async function readImport(c: Context<AppEnv>, resource: BulkResource) {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) throw new ApiError(415, [{ key: 'FILES.Upload.MultipartRequired' }]);
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw ApiError.badRequest('FILES.Upload.MultipartRequired');
  }
  const file = form.get('file');
  if (!(file instanceof File)) throw ApiError.badRequest('VALIDATION.IsRequired', 'file');
  if (file.size > IMPORT_MAX_BYTES) throw new ApiError(413, [{ key: 'ERRORMESSAGES.PayloadTooLarge', reference: 'file' }]);
  const table: FileTable = await readTable(new Uint8Array(await file.arrayBuffer()));
  const mapping = parseMapping(resource, form.get('mapping'), table.headers);
  return { fileName: file.name.slice(0, 255), table, mapping };
}

/** Problem keys into the user's language (the preview shows them as they are). */
function translatedRows(rows: Plan['rows'], language: Language): PreviewRow[] {
  return rows.map(({ data: _data, ...row }) => ({
    ...row,
    ...(row.problems ? { problems: row.problems.map((problem) => ({ ...problem, text: translate(language, problem.key, problem.params) })) } : {}),
  }));
}

/** Every reason of every invalid row: a refused import or bulk change lists them all. */
function refusal(resource: BulkResource, plan: Plan, language: Language, lineWord: 'line' | 'id'): ApiError {
  const messages = plan.rows
    .filter((row) => row.status === 'invalid')
    .flatMap((row) =>
      (row.problems ?? []).map((problem) => {
        const where = lineWord === 'line' ? translate(language, 'BULK.Import.Line', { line: row.line }) : `#${row.key}`;
        const field = problem.field ? `${fieldLabel(resource, problem.field, language)}: ` : '';
        return { text: `${where}, ${field}${translate(language, problem.key, problem.params)}`, key: problem.key, reference: `rows.${row.line}${problem.field ? `.${problem.field}` : ''}` };
      }),
    );
  return new ApiError(422, [{ key: BULK_MESSAGE.invalidRows, params: { count: plan.summary.invalid } }, ...messages]);
}

async function record(tx: Tx, entry: { kind: string; resource: BulkResource; user: SessionUser; fileName?: string; plan: Plan; details: Record<string, unknown> }) {
  const [row] = await tx
    .insert(bulkOperations)
    .values({
      kind: entry.kind,
      resource: entry.resource,
      userId: entry.user.id,
      userLogin: entry.user.login,
      fileName: entry.fileName ?? null,
      created: entry.plan.summary.new,
      updated: entry.plan.summary.changed,
      unchanged: entry.plan.summary.unchanged,
      details: entry.details,
    })
    .returning({ id: bulkOperations.id });
  return row.id;
}

export const bulkRoutes = new Hono<AppEnv>();

/** `POST api/bulk/{resource}/import/preview` (multipart: file, mapping?): what the import would do, row by row. */
bulkRoutes.post('/:resource/import/preview', async (c) => {
  const { user, resource, language } = authorize(c);
  const { fileName, table, mapping } = await readImport(c, resource);
  const context = { user, origin: c.get('config').publicUrl };
  // One transaction: the preview sees one consistent state (it writes nothing but the matrix's missing pairs, as the list does).
  const plan = await (c.get('db') as Db).transaction(async (tx) => planImport(tx, resource, table, mapping, context));
  return c.json({
    fileName,
    format: table.format,
    delimiter: table.delimiter ?? null,
    encoding: table.encoding ?? null,
    decimalComma: table.decimalComma,
    headers: table.headers,
    mapping,
    summary: plan.summary,
    rows: translatedRows(plan.rows, language),
  });
});

/** `POST api/bulk/{resource}/import` (multipart: file, mapping?): all rows in one transaction, or none (422 with every reason). */
bulkRoutes.post('/:resource/import', async (c) => {
  const { user, resource, language } = authorize(c);
  const { fileName, table, mapping } = await readImport(c, resource);
  const context = { user, origin: c.get('config').publicUrl };
  const result = await c.get('db').transaction(async (tx) => {
    const plan = await planImport(tx, resource, table, mapping, context);
    if (plan.summary.invalid) throw refusal(resource, plan, language, 'line');
    await writePlan(tx, resource, plan, context);
    const id = await record(tx, { kind: 'import', resource, user, fileName, plan, details: { mapping, rows: plan.rows.length } });
    return { id, summary: plan.summary };
  });
  return c.json({ operationID: result.id, ...result.summary });
});

/** `POST api/bulk/{resource}/update` {ids, data}: the fields set to one value on every selected record, all or none. */
bulkRoutes.post('/:resource/update', async (c) => {
  const { user, resource, language } = authorize(c);
  const parsed = await readBody(c, bulkEditSchema);
  const { bulkFields } = BULK_DEFINITIONS[resource];
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed.data)) {
    const schema = bulkFields[field];
    if (!schema) throw ApiError.badRequest(BULK_MESSAGE.fieldNotBulk, `data.${field}`, { field });
    const checked = checkBody(schema, value, { prefix: `data.${field}` });
    data[field] = checked;
  }
  const ids = [...new Set(parsed.ids)];
  const context = { user, origin: c.get('config').publicUrl };
  const result = await c.get('db').transaction(async (tx) => {
    const plan = await planBulkEdit(tx, resource, ids, data, context);
    if ('missing' in plan) throw new ApiError(404, [{ key: BULK_MESSAGE.unknownIds, reference: 'ids', params: { ids: plan.missing.join(', ') } }]);
    if (plan.summary.invalid) throw refusal(resource, plan, language, 'id');
    await writePlan(tx, resource, plan, context);
    const id = await record(tx, { kind: 'update', resource, user, plan, details: { data, ids: ids.length } });
    return { id, summary: plan.summary };
  });
  return c.json({ data: ids, operationID: result.id, updated: result.summary.changed, unchanged: result.summary.unchanged });
});

/** Every record of the list with its filter and sort, page by page; the preliminary days matrix whole. */
async function* records(c: Context<AppEnv>, resource: string, list: ResourceDefinition | undefined, user: SessionUser): AsyncGenerator<Record<string, unknown>[]> {
  const db = c.get('db');
  if (list) {
    yield* listAll(db, list, user, new URL(c.req.url).searchParams);
    return;
  }
  yield await db.transaction((tx) => BULK_ADAPTERS[resource as BulkResource].load(tx));
}

/**
 * Who may export which list: the bulk resources are the administrators' (as their import); the other exportable
 * lists go to whoever may read the list and export it (the same rules as the list itself).
 */
function authorizeExport(c: Context<AppEnv>): { user: SessionUser; resource: string; list: ResourceDefinition | undefined; language: Language } {
  const resource = c.req.param('resource') ?? '';
  if (isBulkResource(resource)) {
    const { user, language } = authorize(c);
    return { user, resource, list: LISTS[resource], language };
  }
  const user = sessionUser(c);
  const list = Object.hasOwn(EXPORT_ONLY_DEFINITIONS, resource) ? mountedResource(resource) : undefined;
  if (!list) throw ApiError.notFound();
  authorizeResource(list, user, 'list');
  if (!canAccess(user, { action: 'export', resource })) throw ApiError.forbidden();
  return { user, resource, list, language: isLanguage(user.language) ? user.language : 'de' };
}

/** `GET api/bulk/{resource}/export.csv|.xlsx?filter=&sort=`: the whole list, streamed, in the user's language. */
function exportList(format: 'csv' | 'xlsx') {
  return (c: Context<AppEnv>) => {
    const { user, resource, list, language } = authorizeExport(c);
    // Parameters are checked before the first byte goes out: a bad filter is a 400, not a broken download.
    if (list) listQuery(list, user, new URL(c.req.url).searchParams);
    const pages = records(c, resource, list, user);
    const body = format === 'csv' ? csvStream(resource, pages, language, c.get('log')) : xlsxStream(resource, pages, language, c.get('log'));
    const day = new Date().toISOString().slice(0, 10);
    return c.body(body, 200, {
      'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${resource}-${day}.${format}"`,
      'Cache-Control': 'no-store',
    });
  };
}

bulkRoutes.get('/:resource/export.csv', exportList('csv'));
bulkRoutes.get('/:resource/export.xlsx', exportList('xlsx'));
