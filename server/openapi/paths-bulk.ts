import { z } from 'zod';
import { BULK_RESOURCES, EXPORT_ONLY_DEFINITIONS, bulkEditSchema } from '../../src/domain/bulk/resources.js';
import { DATA, isoDateTime, op, resource } from './registry.js';

const tags = ['Bulk administration'];
const resourceNames = `One of ${BULK_RESOURCES.join(', ')}.`;
const upload = z.object({
  file: z.string().openapi({ format: 'binary', description: 'CSV (`;` `,` tab or `|`, UTF-8 with or without BOM, or Windows-1252) or XLSX (first sheet); the first row holds the headers.' }),
  mapping: z.string().optional().openapi({ description: 'JSON array, one entry per header: the field it goes to, or null to ignore the column. Without it, headers are matched by field name or label (de, en, nl).' }),
});
const summary = { new: z.number().int(), changed: z.number().int(), unchanged: z.number().int(), invalid: z.number().int() };
const problem = z.object({ field: z.string(), key: z.string(), text: z.string(), params: z.record(z.string(), z.unknown()).optional() });
const previewRow = z.object({
  line: z.number().int(),
  status: z.enum(['new', 'changed', 'unchanged', 'invalid']),
  key: z.string(),
  id: z.number().int().optional(),
  values: z.record(z.string(), z.unknown()),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })).optional(),
  problems: z.array(problem).optional(),
});
const Preview = z
  .object({
    fileName: z.string(),
    format: z.enum(['csv', 'xlsx']),
    delimiter: z.string().nullable(),
    encoding: z.string().nullable(),
    decimalComma: z.boolean(),
    headers: z.array(z.string()),
    mapping: z.array(z.string().nullable()),
    summary: z.object(summary),
    rows: z.array(previewRow),
  })
  .openapi('ImportPreview');
const Applied = z.object({ operationID: z.number().int(), ...summary }).openapi('ImportResult');
const Edited = z.object({ data: z.array(z.number().int()), operationID: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }).openapi('BulkEditResult');

op('post', '/api/bulk/:resource/import/preview', {
  tags,
  summary: 'Preview an import: every row new / changed (with the fields) / unchanged / invalid (with the reason per field)',
  description: `${resourceNames} Administrators. Rows are matched by the resource's natural key (article or item number per tenant, login or e-mail, plant and product type id or name per tenant). Nothing is written.`,
  multipart: upload,
  responses: { 200: Preview },
});
op('post', '/api/bulk/:resource/import', {
  tags,
  summary: 'Import a file: creates and updates in one transaction, all or nothing',
  description: `${resourceNames} A file with an invalid row is refused whole (422) with one message per reason ("Line 4, Price: …"). New users get their invitation mail through the outbox. The import is recorded in bulkoperations.`,
  multipart: upload,
  responses: { 200: Applied },
});
op('post', '/api/bulk/:resource/update', {
  tags,
  summary: 'Bulk edit: set fields to one value on every selected record, all or nothing',
  description: `${resourceNames} The fields each resource allows: catalogues active, price, unitsPerPallet, tenantID (lintels also lintelType); users isActive, isInternal, isExternalLogin, language, tenantIDs; product types bgColor, textColor; preliminary days preliminaryDays. Checked with the forms' rules; recorded in bulkoperations.`,
  body: bulkEditSchema,
  responses: { 200: Edited },
});
const exportQuery = z.object({
  filter: z.string().optional().openapi({ description: 'The list\'s filter (JSON), as for the list itself.' }),
  sort: z.string().optional().openapi({ description: 'The list\'s sort (["field","ASC"]).' }),
});
op('get', '/api/bulk/:resource/export.csv', {
  tags,
  summary: 'The whole list as CSV, streamed, with the list\'s filter and sort',
  description: `In the user's language: headers are the list's labels; German and Dutch users get \`;\` and decimal commas, English users \`,\` and points; UTF-8 with BOM. The file of a bulk resource reads back through the import unchanged. Besides the bulk resources (${BULK_RESOURCES.join(', ')}, administrators only) the whole-list export serves ${Object.keys(EXPORT_ONLY_DEFINITIONS).join(', ')} to whoever may list and export them (administrators).`,
  query: exportQuery,
  responses: { 200: { contentType: 'text/csv', description: 'CSV with a header line' } },
});
op('get', '/api/bulk/:resource/export.xlsx', {
  tags,
  summary: 'The whole list as XLSX, streamed, with the list\'s filter and sort',
  query: exportQuery,
  responses: { 200: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } },
});

const BulkOperationRecord = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    resource: z.string(),
    userID: z.number().int().nullable(),
    userLogin: z.string(),
    fileName: z.string().nullable(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    details: z.record(z.string(), z.unknown()),
    createdAt: isoDateTime,
  })
  .openapi('BulkOperation');
resource(`${DATA}/bulkoperations`, { tag: 'Bulk administration', what: 'recorded imports and bulk changes', record: BulkOperationRecord, filters: 'kind, resource', sortable: 'id, createdAt, kind, resource, userLogin' });
