import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectUnits } from '../../server/db/schema.js';
import type { SheetSchema, SheetVersion } from '../../src/domain/questionnaire/index.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const R = '/api/data/planxchange/questionnaire-sheets';

interface SheetRecord {
  id: number;
  name: string;
  version: number;
  status: 'draft' | 'published';
  title: string;
  createdAt: string;
  publishedAt: string | null;
  usedBy: number;
  latest: boolean;
  schema?: SheetSchema;
  uiSchema?: Record<string, unknown>;
}

let ctx: TestContext;
const cookies: Record<string, string> = {};
const call = (method: string, login: string, path: string, body?: unknown) => ctx.request(method, path, { cookie: cookies[login], body });
const list = async (filter: object, query = '') => {
  const response = await call('GET', 'configurer', `${R}?filter=${encodeURIComponent(JSON.stringify(filter))}${query}`);
  expect(response.status).toBe(200);
  return { rows: (await response.json()) as SheetRecord[], range: response.headers.get('content-range') };
};
const rootId = async (title: string) => (await ctx.db.select({ id: projectUnits.id }).from(projectUnits).where(eq(projectUnits.title, title)))[0].id;
const sheetsOf = async (login: string, root: number) =>
  ((await (await call('GET', login, `/api/questionnaire/${root}`)).json()) as { sheets: SheetVersion[] }).sheets.map((sheet) => `${sheet.name}@${sheet.version}`);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'configurer', 'admin']) cookies[login] = await ctx.login(login);
});
afterAll(async () => ctx?.close());

describe('who reaches questionnaire-sheets', () => {
  it('is the configurers’ resource: customer, staff and admin get 403', async () => {
    for (const login of ['customer', 'staff', 'admin']) {
      await expectErrorShape(await call('GET', login, R), 403);
      await expectErrorShape(await call('GET', login, `${R}/1`), 403);
      await expectErrorShape(await call('POST', login, R, { name: 'xde-general' }), 403);
      await expectErrorShape(await call('PUT', login, `${R}/1`, { schema: {}, uiSchema: {} }), 403);
      await expectErrorShape(await call('DELETE', login, `${R}/1`), 403);
      await expectErrorShape(await call('POST', login, `${R}/1/publish`), 403);
      await expectErrorShape(await call('POST', login, '/api/questionnaire-sheets/validate', { schema: {}, uiSchema: {} }), 403);
    }
  });
});

describe('the list', () => {
  it('lists every version with usage and the latest flag, filtered and paged', async () => {
    const all = await list({}, '&range=[0,4]');
    expect(all.range).toBe('questionnaire-sheets 0-4/11');
    expect(all.rows[0]).toMatchObject({ name: 'ccl-general', version: 1, status: 'published', title: 'Project information', latest: true, usedBy: 0 });
    expect(all.rows[0].schema).toBeUndefined();
    // The title in the other languages, for lists in the user's language.
    const elements = await list({ name: 'xnl-elementen' });
    expect(elements.rows[0]).toMatchObject({ title: 'AAC elements', titles: { de: 'Porenbeton-Elemente', nl: 'Cellenbeton elementen' } });
    const lintels = await list({ name: 'xde-stuerze' }, '&sort=["version","ASC"]');
    expect(lintels.rows.map((row) => [row.version, row.latest, row.usedBy])).toEqual([
      [1, false, 1],
      [2, true, 1],
    ]);
    expect((await list({ status: 'draft' })).rows).toEqual([]);
    expect((await list({ q: 'lintel' })).rows.map((row) => row.name)).toEqual(['xde-stuerze', 'xde-stuerze', 'xnl-lateien']);
    await expectErrorShape(await call('GET', 'configurer', `${R}?filter=${encodeURIComponent('{"status":"old"}')}`), 400);
  });

  it('shows one version with its schema and uiSchema', async () => {
    const [row] = (await list({ name: 'xde-planelemente' })).rows;
    const one = (await (await call('GET', 'configurer', `${R}/${row.id}`)).json()) as SheetRecord;
    expect(one).toMatchObject({ name: 'xde-planelemente', version: 1, schema: { 'x-sheet': { name: 'xde-planelemente', version: 1 } } });
    expect(one.uiSchema).toHaveProperty('specification');
    await expectErrorShape(await call('GET', 'configurer', `${R}/999999`), 404);
  });
});

describe('a new version from draft to published', () => {
  let draft: SheetRecord;

  it('copies the latest version into a draft; a second draft of the same sheet is 409; an unknown sheet 400', async () => {
    const response = await call('POST', 'configurer', R, { name: 'xde-general' });
    expect(response.status).toBe(201);
    draft = (await response.json()) as SheetRecord;
    expect(draft).toMatchObject({ name: 'xde-general', version: 2, status: 'draft', latest: true, publishedAt: null, schema: { 'x-sheet': { name: 'xde-general', version: 2 } } });
    expect((await expectErrorShape(await call('POST', 'configurer', R, { name: 'xde-general' }), 409))[0].key).toBe('QUESTIONNAIRE.Errors.DraftExists');
    await expectErrorShape(await call('POST', 'configurer', R, { name: 'xde-nothing' }), 400);
    await expectErrorShape(await call('POST', 'configurer', R, { name: 'xde-general', version: 5 }), 400);
  });

  it('edits the draft: a new required field is fine, a broken document is 400 with JSON pointers', async () => {
    const schema = structuredClone(draft.schema!);
    schema.properties.contact.properties!.siteOrderNumber = { type: 'string', title: 'Site order number', 'x-required': true, maxLength: 40, 'x-i18n': { de: { title: 'Baustellen-Auftragsnummer' }, nl: { title: 'Werkordernummer' } } };
    const response = await call('PUT', 'configurer', `${R}/${draft.id}`, { schema, uiSchema: draft.uiSchema });
    expect(response.status).toBe(200);
    expect(((await response.json()) as SheetRecord).schema!.properties.contact.properties).toHaveProperty('siteOrderNumber');

    const broken = structuredClone(schema) as unknown as { properties: { contact: { properties: Record<string, unknown> } } };
    broken.properties.contact.properties.siteOrderNumber = { type: 'date', title: 'Site order number' };
    const messages = await expectErrorShape(await call('PUT', 'configurer', `${R}/${draft.id}`, { schema: broken, uiSchema: {} }), 400);
    expect(messages.map((message) => message.reference)).toContain('/properties/contact/properties/siteOrderNumber/type');
    const renamed = { ...schema, 'x-sheet': { name: 'xde-other', version: 2 } };
    expect((await expectErrorShape(await call('PUT', 'configurer', `${R}/${draft.id}`, { schema: renamed, uiSchema: {} }), 400))[0].reference).toBe('/x-sheet');
    await expectErrorShape(await call('PUT', 'configurer', `${R}/${draft.id}`, { schema }), 400);
  });

  it('validates documents for the editor without saving', async () => {
    const ok = (await (await call('POST', 'configurer', '/api/questionnaire-sheets/validate', { schema: draft.schema, uiSchema: {} })).json()) as { problems: unknown[] };
    expect(ok.problems).toEqual([]);
    const badPath = structuredClone(draft.schema!);
    badPath.properties.logistics.properties!.craneCapacity['x-activeIf'] = 'xde-general.logistics.tower';
    const bad = (await (await call('POST', 'configurer', '/api/questionnaire-sheets/validate', { schema: badPath, uiSchema: {} })).json()) as { problems: { pointer: string; key: string }[] };
    expect(bad.problems).toEqual([{ pointer: '/properties/logistics/properties/craneCapacity/x-activeIf', key: 'QUESTIONNAIRE.Definition.UnknownPath', params: { path: 'xde-general.logistics.tower' } }]);
    const shape = (await (await call('POST', 'configurer', '/api/questionnaire-sheets/validate', { schema: { type: 'object' }, uiSchema: {} })).json()) as { problems: { pointer: string; key: string }[] };
    expect(shape.problems).toContainEqual({ pointer: '', key: 'QUESTIONNAIRE.Meta.Required', params: { field: 'title' } });
  });

  it('publishes; a published version is immutable; new projects get it, saved answers keep theirs', async () => {
    const response = await call('POST', 'configurer', `${R}/${draft.id}/publish`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'published', latest: true, publishedAt: expect.any(String) });
    expect((await expectErrorShape(await call('PUT', 'configurer', `${R}/${draft.id}`, { schema: draft.schema, uiSchema: {} }), 409))[0].key).toBe('QUESTIONNAIRE.Errors.Published');
    await expectErrorShape(await call('DELETE', 'configurer', `${R}/${draft.id}`), 409);
    await expectErrorShape(await call('POST', 'configurer', `${R}/${draft.id}/publish`), 409);

    expect(await sheetsOf('customer', await rootId('Wohnpark Weserblick'))).toContain('xde-general@1');
    const created = await call('POST', 'staff', '/api/data/planxchange/projects', { parentProjectUnitID: null, projectUnitType: 'project', title: 'Neubau Lindenhof', tenantID: 1, salesOrgID: 1, country: 'de' });
    expect(created.status).toBe(201);
    const fresh = (await created.json()) as { id: number };
    expect(await sheetsOf('staff', fresh.id)).toContain('xde-general@2');
    const schema = ((await (await call('GET', 'staff', `/api/questionnaire/${fresh.id}`)).json()) as { sheets: SheetVersion[] }).sheets[0].schema;
    expect(schema.properties.contact.properties).toHaveProperty('siteOrderNumber');
  });

  it('refuses to publish a draft whose rules are broken, and deletes drafts', async () => {
    const created = (await (await call('POST', 'configurer', R, { name: 'xde-stuerze' })).json()) as SheetRecord;
    expect(created.version).toBe(3);
    const schema = structuredClone(created.schema!);
    schema.properties.supply.properties!.uShellCount['x-activeIf'] = 'xde-stuerze.supply.remarks';
    expect((await call('PUT', 'configurer', `${R}/${created.id}`, { schema, uiSchema: created.uiSchema })).status).toBe(200);
    const messages = await expectErrorShape(await call('POST', 'configurer', `${R}/${created.id}/publish`), 400);
    expect(messages).toContainEqual(expect.objectContaining({ key: 'QUESTIONNAIRE.Definition.ActiveIfNotCheckbox', reference: '/properties/supply/properties/uShellCount/x-activeIf' }));
    const removed = await call('DELETE', 'configurer', `${R}/${created.id}`);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as SheetRecord).version).toBe(3);
    await expectErrorShape(await call('GET', 'configurer', `${R}/${created.id}`), 404);
    expect((await list({ name: 'xde-stuerze' })).rows.map((row) => row.version)).toEqual([1, 2]);
  });
});
