import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetSchema } from '../../src/domain/questionnaire/index.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

// Issue #34: what the builder refuses, the API refuses too (422 with the same keys), and publishing shows its impact.
const R = '/api/data/planxchange/questionnaire-sheets';

interface SheetRecord {
  id: number;
  name: string;
  version: number;
  status: string;
  updatedAt: string;
  schema: SheetSchema;
  uiSchema: Record<string, unknown>;
}
interface SetSheet extends SheetRecord {
  inSet: boolean;
}

let ctx: TestContext;
const cookies: Record<string, string> = {};
const call = (method: string, login: string, path: string, body?: unknown) => ctx.request(method, path, { cookie: cookies[login], body });
let draft: SheetRecord;
const put = (schema: SheetSchema, uiSchema = draft.uiSchema, extra: object = {}) => call('PUT', 'configurer', `${R}/${draft.id}`, { schema, uiSchema, ...extra });
const copy = () => structuredClone(draft.schema);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'configurer']) cookies[login] = await ctx.login(login);
  draft = (await (await call('POST', 'configurer', R, { name: 'xde-general' })).json()) as SheetRecord;
});
afterAll(async () => ctx?.close());

describe('saving a draft checks references, cycles, the uiSchema and the other sheets (422)', () => {
  it('refuses a dangling reference', async () => {
    const schema = copy();
    schema.properties.logistics.properties!.craneCapacity['x-activeIf'] = 'xde-general.logistics.tower';
    const messages = await expectErrorShape(await put(schema), 422);
    expect(messages).toEqual([expect.objectContaining({ key: 'QUESTIONNAIRE.Definition.UnknownPath', reference: '/properties/logistics/properties/craneCapacity/x-activeIf' })]);
  });

  it('refuses a cycle', async () => {
    const schema = copy();
    const logistics = schema.properties.logistics.properties!;
    logistics.crane['x-activeIf'] = 'xde-general.logistics.restrictedAccess';
    logistics.restrictedAccess['x-activeIf'] = 'xde-general.logistics.crane';
    const messages = await expectErrorShape(await put(schema), 422);
    expect(messages.map((message) => message.key)).toEqual(['QUESTIONNAIRE.Definition.Cycle', 'QUESTIONNAIRE.Definition.Cycle']);
    expect(messages[0].reference).toBe('/properties/logistics/properties/crane/x-activeIf');
  });

  it('refuses an invalid uiSchema', async () => {
    const messages = await expectErrorShape(await put(copy(), { project: { buildingType: { 'ui:widget': 'textarea' } }, nowhere: {} }), 422);
    expect(messages.map((message) => [message.key, message.reference])).toEqual([
      ['QUESTIONNAIRE.Definition.UiWidget', '/uiSchema/project/buildingType/ui:widget'],
      ['QUESTIONNAIRE.Definition.UiUnknownControl', '/uiSchema/nowhere'],
    ]);
  });

  it('keeps named test answer sets with the draft; duplicate names are 422, too many sets 400, nothing half-written', async () => {
    const sets = [
      { name: 'Crane on site', answers: { 'xde-general': { logistics: { crane: true, craneCapacity: 8 } } } },
      { name: 'Restricted access', answers: { 'xde-general': { logistics: { restrictedAccess: true } } } },
    ];
    const saved = await put(copy(), draft.uiSchema, { testAnswers: sets });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { testAnswers: unknown }).testAnswers).toEqual(sets);
    // A save without the field leaves them as they are (the JSON view's save).
    expect((await put(copy())).status).toBe(200);
    const read = (await (await call('GET', 'configurer', `${R}/${draft.id}`)).json()) as { testAnswers: unknown };
    expect(read.testAnswers).toEqual(sets);

    const taken = await expectErrorShape(await put(copy(), draft.uiSchema, { testAnswers: [...sets, { name: ' crane ON site ', answers: {} }].map((set, index) => (index === 2 ? { ...set, name: 'crane on site' } : set)) }), 422);
    expect(taken).toEqual([expect.objectContaining({ key: 'SHEET_BUILDER.TestAnswers.NameTaken', reference: 'testAnswers.2.name' })]);
    await expectErrorShape(await put(copy(), draft.uiSchema, { testAnswers: Array.from({ length: 21 }, (_, index) => ({ name: `Set ${index}`, answers: {} })) }), 400);
    await expectErrorShape(await put(copy(), draft.uiSchema, { testAnswers: [{ name: '', answers: {} }] }), 400);
    const after = (await (await call('GET', 'configurer', `${R}/${draft.id}`)).json()) as { testAnswers: unknown };
    expect(after.testAnswers).toEqual(sets);
    await expectErrorShape(await call('PUT', 'customer', `${R}/${draft.id}`, { schema: copy(), uiSchema: {}, testAnswers: [] }), 403);
  });

  it('refuses to break another sheet’s condition (a control a material sheet is activated by, renamed)', async () => {
    const schema = copy();
    const materials = schema.properties.materials.properties!;
    schema.properties.materials.properties = Object.fromEntries(Object.entries(materials).map(([key, value]) => [key === 'planelemente' ? 'aacElements' : key, value]));
    const messages = await expectErrorShape(await put(schema), 422);
    expect(messages).toContainEqual(expect.objectContaining({ key: 'QUESTIONNAIRE.Definition.BrokenIncoming', text: expect.stringContaining('xde-planelemente') }));
    expect(messages[0].text).toContain('xde-general.materials.planelemente');
    // Nothing was written.
    const stored = (await (await call('GET', 'configurer', `${R}/${draft.id}`)).json()) as SheetRecord;
    expect(stored.schema.properties.materials.properties).toHaveProperty('planelemente');
  });

  it('saves the rename with the other sheet’s condition rewritten as a companion draft; a stale companion is 409', async () => {
    const set = ((await (await call('GET', 'configurer', `${R}/${draft.id}/set`)).json()) as { sheets: SetSheet[] }).sheets;
    const aac = set.find((sheet) => sheet.name === 'xde-planelemente')!;
    expect(aac).toMatchObject({ status: 'published', version: 1, inSet: true });
    expect(set.find((sheet) => sheet.name === 'xnl-algemeen')).toMatchObject({ inSet: false });
    const schema = copy();
    const materials = schema.properties.materials.properties!;
    schema.properties.materials.properties = Object.fromEntries(Object.entries(materials).map(([key, value]) => [key === 'planelemente' ? 'aacElements' : key, value]));
    const companion = { ...aac.schema, 'x-activationPaths': [{ path: 'xde-general.materials.aacElements' }] };
    const stale = { name: 'xde-planelemente', schema: companion, baseId: aac.id, baseUpdatedAt: '2020-01-01T00:00:00.000Z' };
    expect((await expectErrorShape(await put(schema, draft.uiSchema, { companions: [stale] }), 409))[0].key).toBe('QUESTIONNAIRE.Errors.SheetChanged');
    const response = await put(schema, draft.uiSchema, { companions: [{ ...stale, baseUpdatedAt: aac.updatedAt }] });
    expect(response.status).toBe(200);
    const drafts = (await (await call('GET', 'configurer', `${R}?filter=${encodeURIComponent(JSON.stringify({ status: 'draft' }))}`)).json()) as SheetRecord[];
    expect(drafts.map((row) => `${row.name}@${row.version}`).sort()).toEqual(['xde-general@2', 'xde-planelemente@2']);
    const aacDraft = (await (await call('GET', 'configurer', `${R}/${drafts.find((row) => row.name === 'xde-planelemente')!.id}`)).json()) as SheetRecord;
    expect(aacDraft.schema['x-activationPaths']).toEqual([{ path: 'xde-general.materials.aacElements' }]);
    expect(aacDraft.schema['x-sheet']).toEqual({ name: 'xde-planelemente', version: 2 });
  });

  it('shows the impact; publishing alone is 422 while the material sheet’s published condition breaks; together it publishes both', async () => {
    const impact = (await (await call('GET', 'configurer', `${R}/${draft.id}/impact`)).json()) as {
      onOlderVersions: { version: number; projects: number }[];
      dropped: { path: string; projects: number }[];
      together: { name: string; id: number }[];
      problems: unknown[];
    };
    expect(impact.onOlderVersions[0]).toMatchObject({ version: 1 });
    expect(impact.onOlderVersions[0].projects).toBeGreaterThan(0);
    // Projects that ticked "AAC elements" would lose that answer under its old name.
    expect(impact.dropped.map((entry) => entry.path)).toContain('xde-general.materials.planelemente');
    expect(impact.together.map((sheet) => sheet.name)).toEqual(['xde-planelemente']);
    expect(impact.problems).toEqual([]);
    const alone = await expectErrorShape(await call('POST', 'configurer', `${R}/${draft.id}/publish`), 422);
    expect(alone[0]).toMatchObject({ key: 'QUESTIONNAIRE.Definition.BrokenIncoming' });
    await expectErrorShape(await call('POST', 'configurer', `${R}/${draft.id}/publish`, { together: ['x'] }), 400);
    const published = await call('POST', 'configurer', `${R}/${draft.id}/publish`, { together: impact.together.map((sheet) => sheet.id) });
    expect(published.status).toBe(200);
    const heads = (await (await call('GET', 'configurer', `${R}?filter=${encodeURIComponent(JSON.stringify({ status: 'draft' }))}`)).json()) as SheetRecord[];
    expect(heads).toEqual([]);
  });

  it('keeps the set and the impact from users who are not configurers', async () => {
    await expectErrorShape(await call('GET', 'customer', `${R}/${draft.id}/set`), 403);
    await expectErrorShape(await call('GET', 'customer', `${R}/${draft.id}/impact`), 403);
    await expectErrorShape(await call('PUT', 'customer', `${R}/${draft.id}`, { schema: draft.schema, uiSchema: {}, companions: [] }), 403);
    await expectErrorShape(await call('GET', 'configurer', `${R}/999999/set`), 404);
  });

  it('a new version starts with the test answer sets of the version before it', async () => {
    const next = await call('POST', 'configurer', R, { name: 'xde-general' });
    expect(next.status).toBe(201);
    const record = (await next.json()) as { version: number; testAnswers: { name: string }[] };
    expect(record.testAnswers.map((set) => set.name)).toEqual(['Crane on site', 'Restricted access']);
  });
});
