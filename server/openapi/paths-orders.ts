import { z } from 'zod';
import { cclScheduleEntrySchema, deliveryLotUpdateSchema, materialListSchema } from '../../src/domain/deliveries.js';
import { aacItemSchema, lintelItemSchema } from '../../src/domain/orders.js';
import { downloadRequestSchema } from '../../src/domain/projectFiles.js';
import { DRAFT_SCHEMA } from '../lib/structure.js';
import { deliveryDataSchema, saveSheetSchema, validateSchema, questionnaireSaveSchema, draftSaveSchema } from '../lib/request-schemas.js';
import { DATA, isoDateTime, op, registry, resource } from './registry.js';
import {
  AacItemSchema,
  CclScheduleEntry,
  DeliveryData,
  DeliveryLotSchema,
  FileTreeNode,
  IfcFileChoice,
  IfcStructure,
  LintelItemSchema,
  Material,
  MaterialContext,
  OrderPage,
  OrderSummarySchema,
  ProjectFileSchema,
  QuestionnaireMaterialTypes,
  QuestionnaireView,
  SheetFull,
  SheetRecord,
  StructureView,
  TransitionResult,
  ViewerModel,
  ViewerStatus,
} from './schemas.js';

const structure = ['Structure and deliveries'];
const orders = ['Orders'];
const files = ['Files and viewer'];
const sheets = ['Questionnaire'];

// The draft's shape is its JSON Schema (schemas/structure/draft.schema.json), the one the route validates with.
const { $schema: _dialect, $id: _id, ...draftSchema } = DRAFT_SCHEMA as Record<string, unknown>;
const StructureDraft = registry.registerComponent('schemas', 'StructureDraft', draftSchema as never);

op('get', '/api/structure/:rootId', { tags: structure, summary: 'The structure page: draft (saved or from the units), rules, permissions', responses: { 200: StructureView } });
op('get', '/api/structure/:rootId/ifcfiles', { tags: structure, summary: 'The project’s IFC files the structure can be read from (any member; independent of DownloadSelectedFiles)', responses: { 200: z.array(IfcFileChoice) } });
op('put', '/api/structure/:rootId/draft', { tags: structure, summary: 'Save the draft (optimistic `version`)', body: draftSaveSchema, responses: { 200: z.object({ version: z.number().int(), updatedAt: isoDateTime }) } });
op('delete', '/api/structure/:rootId/draft', { tags: structure, summary: 'Discard the saved draft', responses: { 204: { empty: 'Deleted' } } });
registry.registerPath({
  method: 'post',
  path: '/api/tasks/create-project-structure/{rootId}',
  tags: structure,
  summary: 'Finish the structure: create the draft’s units and apply the structure transition (writes `structure.finished`)',
  security: [{ session: [] }],
  request: { params: z.object({ rootId: z.string() }), body: { required: true, content: { 'application/json': { schema: { allOf: [StructureDraft.ref, { type: 'object', properties: { version: { type: 'integer' } } }] } } } } },
  responses: {
    200: { description: 'OK', content: { 'application/json': { schema: TransitionResult } } },
    default: { description: 'An error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  },
});
op('get', '/api/materials/:unitId', { tags: structure, summary: 'Materials of an approval lot', responses: { 200: z.array(Material) } });
op('get', '/api/materials/:unitId/context', { tags: structure, summary: 'What the materials dialog offers', responses: { 200: MaterialContext } });
op('post', '/api/materials/:unitId', { tags: structure, summary: 'Replace the lot’s materials', body: materialListSchema, responses: { 200: z.array(Material) } });
op('get', '/api/delivery-data/:rootId', { tags: structure, summary: 'Delivery data of a project', responses: { 200: DeliveryData } });
op('post', '/api/delivery-data/:rootId', { tags: structure, summary: 'Save changed lots of the delivery data', body: deliveryDataSchema, responses: { 200: DeliveryData } });
resource(`${DATA}/delivery-overview`, { tag: 'Structure and deliveries', what: 'delivery lots of a project', record: DeliveryLotSchema, filters: 'rootProjectUnitID (required), hidePast, deliveryDate_gte', sortable: 'deliveryDate, title, deliveryType', update: deliveryLotUpdateSchema });
op('get', '/api/questionnaire/ccl-delivery-schedule/:rootId', { tags: structure, summary: 'CCL delivery schedule of a project', responses: { 200: z.object({ canEdit: z.boolean(), entries: z.array(CclScheduleEntry) }) } });
op('put', '/api/questionnaire/ccl-delivery-schedule/:rootId/:unitId', { tags: structure, summary: 'Save a drawing job’s schedule entry', body: cclScheduleEntrySchema, responses: { 200: CclScheduleEntry } });

op('get', '/api/orders/:lotId', { tags: orders, summary: 'An AAC or lintel order lot: rows, catalogue, summary, whether the caller may edit or place it', responses: { 200: OrderPage } });
const ProposalFile = z.object({ id: z.number().int(), name: z.string() });
const ProposalStorey = z.object({ id: z.number().int(), name: z.string(), walls: z.number().int() });
op('get', '/api/orders/:lotId/proposal', {
  tags: orders,
  summary: 'Order rows proposed from the IFC model for the lot’s linked walls, or for one storey (`?storey=`)',
  responses: {
    200: z
      .object({ status: z.literal('ready'), kind: z.enum(['aac', 'lintel']), file: ProposalFile, source: z.enum(['lot', 'storey']), storeyId: z.number().int().nullable(), walls: z.number().int(), storeys: z.array(ProposalStorey), rows: z.array(z.record(z.string(), z.unknown())), unmatched: z.array(z.object({ text: z.string() })) })
      .openapi('OrderProposal'),
    202: z.object({ status: z.literal('pending'), file: ProposalFile }),
    422: z.object({ status: z.union([z.literal('failed'), z.literal(422)]), messages: z.array(z.object({ text: z.string() })), file: ProposalFile.optional(), storeys: z.array(ProposalStorey).optional() }),
  },
});
op('get', '/api/orders/:lotId/summary', { tags: orders, summary: 'The lot’s summary', responses: { 200: OrderSummarySchema } });
op('post', '/api/orders/:lotId/items', { tags: orders, summary: 'Add a row (AAC or lintel fields by lot kind)', body: z.union([aacItemSchema, lintelItemSchema]), responses: { 201: z.union([AacItemSchema, LintelItemSchema]) } });
op('put', '/api/orders/:lotId/items/:itemId', { tags: orders, summary: 'Change a row (`version` required)', body: z.union([aacItemSchema, lintelItemSchema]), responses: { 200: z.union([AacItemSchema, LintelItemSchema]) } });
op('delete', '/api/orders/:lotId/items/:itemId', { tags: orders, summary: 'Delete a row', query: z.object({ version: z.string() }), responses: { 204: { empty: 'Deleted' } } });

op('get', '/api/questionnaire/:rootId', { tags: sheets, summary: 'The project information sheet: sheets, answers, validity', responses: { 200: QuestionnaireView } });
op('put', '/api/questionnaire/:rootId', { tags: sheets, summary: 'Save the answers (optimistic `version`)', body: questionnaireSaveSchema, responses: { 200: QuestionnaireView } });
op('get', '/api/questionnaire/:rootId/material-types', { tags: sheets, summary: 'Material types the answers make available', responses: { 200: QuestionnaireMaterialTypes } });
resource(`${DATA}/questionnaire-sheets`, { tag: 'Questionnaire', what: 'questionnaire sheet versions (configurers)', record: SheetRecord, filters: 'name, status', sortable: 'name, version, status, title, createdAt, publishedAt', listOnly: true });
op('get', `${DATA}/questionnaire-sheets/:id`, { tags: sheets, summary: 'A sheet version with its schema and uiSchema', responses: { 200: SheetFull } });
op('post', `${DATA}/questionnaire-sheets`, { tags: sheets, summary: 'Start a draft (copy of the latest version)', body: z.object({ name: z.string() }).strict(), responses: { 201: SheetFull } });
op('put', `${DATA}/questionnaire-sheets/:id`, { tags: sheets, summary: 'Change a draft (with companion drafts of other sheets; 422 for dangling references, cycles, broken conditions of other sheets, an invalid uiSchema)', body: saveSheetSchema, responses: { 200: SheetFull } });
op('delete', `${DATA}/questionnaire-sheets/:id`, { tags: sheets, summary: 'Delete a draft', responses: { 200: SheetRecord } });
op('post', `${DATA}/questionnaire-sheets/:id/publish`, {
  tags: sheets,
  summary: 'Publish a draft',
  description: 'An optional body `{ "together": [draft ids] }` publishes drafts of other sheets in the same step (their conditions need this version); 422 while another sheet’s conditions would break.',
  responses: { 200: SheetFull },
});
const SetSheet = z.object({ id: z.number(), name: z.string(), version: z.number(), status: z.string(), updatedAt: z.string(), inSet: z.boolean(), schema: z.record(z.string(), z.unknown()), uiSchema: z.record(z.string(), z.unknown()) });
op('get', `${DATA}/questionnaire-sheets/:id/set`, { tags: sheets, summary: 'The other sheets as drafted (draft, else latest published), for the builder', responses: { 200: z.object({ sheets: z.array(SetSheet) }) } });
const AnswerImpact = z.object({ path: z.string(), key: z.string(), projects: z.number() });
op('get', `${DATA}/questionnaire-sheets/:id/impact`, {
  tags: sheets,
  summary: 'What publishing the draft means for projects under way, and what blocks it',
  responses: {
    200: z.object({
      onOlderVersions: z.array(z.object({ version: z.number(), projects: z.number() })),
      noLongerValid: z.array(AnswerImpact),
      dropped: z.array(AnswerImpact),
      together: z.array(z.object({ id: z.number(), name: z.string(), version: z.number() })),
      problems: z.array(z.object({ pointer: z.string(), key: z.string() })),
    }),
  },
});
op('post', '/api/questionnaire-sheets/validate', { tags: sheets, summary: 'Check a sheet definition without saving (against the other sheets as drafted)', body: validateSchema, responses: { 200: z.object({ problems: z.array(z.object({ pointer: z.string(), key: z.string() })) }) } });

op('get', '/api/file/projectFiles/:rootId', { tags: files, summary: 'The download dialog’s file tree', responses: { 200: z.array(FileTreeNode) } });
op('post', '/api/file/projectFiles/:rootId', { tags: files, summary: 'Ask for a zip of selected files', body: downloadRequestSchema, responses: { 201: z.object({ downloadID: z.string() }) } });
op('get', '/api/file/projectFiles/download/:downloadId', { tags: files, summary: 'The zip (streamed, 10 minutes valid)', responses: { 200: { contentType: 'application/zip' } } });
op('get', '/api/file/:rootId/:unitId', { tags: files, summary: 'Files of a unit', responses: { 200: z.array(ProjectFileSchema) } });
op('post', '/api/file/:rootId/:unitId', { tags: files, summary: 'Upload files (multipart, field `file`)', multipart: z.object({ file: z.array(z.string().openapi({ format: 'binary' })) }), responses: { 201: z.array(ProjectFileSchema) } });
op('delete', '/api/file/:rootId/:unitId/:fileId', { tags: files, summary: 'Delete a file', responses: { 200: ProjectFileSchema } });
op('get', '/api/file/:rootId/:unitId/:fileId/content', { tags: files, summary: 'A file’s bytes', responses: { 200: { contentType: '*/*', description: 'The bytes, with the content type of the file’s extension' } } });
op('get', '/api/file/:rootId/:fileId/ifcstructure', { tags: files, summary: 'The structure an IFC file suggests', responses: { 200: IfcStructure } });
op('get', '/api/view/:rootId/:unitId/status', { tags: files, summary: 'The 3D model’s extraction status', responses: { 200: ViewerStatus } });
op('get', '/api/view/:rootId/:unitFile', {
  tags: files,
  summary: '`{unitId}.json` (the model) or `{unitId}.bin` (its geometry)',
  query: z.object({ h: z.string().optional() }),
  responses: { 200: { contentType: ['application/json', 'application/octet-stream'], schema: ViewerModel, description: '`.json`: the model; `.bin`: `application/octet-stream` geometry' }, 202: ViewerModel, 304: { empty: 'Geometry unchanged (ETag)' }, 422: ViewerModel },
});
