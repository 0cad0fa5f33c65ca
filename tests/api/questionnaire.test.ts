import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectUnits, questionnaireAnswers } from '../../server/db/schema.js';
import type { QuestionnaireAnswers, SheetVersion } from '../../src/domain/questionnaire/index.js';
import type { MaterialType } from '../../src/domain/structure.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

interface View {
  rootProjectUnitID: number;
  projectUnitNo: string;
  title: string;
  tenantType: string;
  setKey: string;
  canEdit: boolean;
  editReason: string | null;
  minActiveSheets: number;
  sheets: SheetVersion[];
  data: QuestionnaireAnswers;
  isValid: boolean;
  sheetValidity: Record<string, boolean>;
  version: number;
  updatedAt: string | null;
}

let ctx: TestContext;
const cookies: Record<string, string> = {};
const id: Record<string, number> = {};

const call = (method: string, login: string | null, path: string, body?: unknown) => ctx.request(method, path, { cookie: login ? cookies[login] : undefined, body });
const view = async (login: string, root: string) => {
  const response = await call('GET', login, `/api/questionnaire/${id[root]}`);
  expect(response.status).toBe(200);
  return (await response.json()) as View;
};
const save = (login: string, root: string, data: unknown, version: number) => call('PUT', login, `/api/questionnaire/${id[root]}`, { data, version });
const sheetNames = (v: View) => v.sheets.map((sheet) => `${sheet.name}@${sheet.version}`);

/** A complete Dutch questionnaire: general sheet and AAC elements. */
const maaskade = (): QuestionnaireAnswers => ({
  'xnl-algemeen': {
    project: { bouwtype: 'residential', bouwwerk: 'new', bouwlagen: 6, woningen: 48, startRuwbouw: '02/2027' },
    contact: { uitvoerder: 'Anouk Uitvoerder', telefoon: '+31 6 5555 3301' },
    materiaal: { elementen: true },
    logistiek: { kraan: true, hijsvermogen: 3, losplaats: 'street' },
  },
  'xnl-elementen': {
    elementen: { wanddiktes: ['100', '240'], sterkteklasse: 'C3/450', elementhoogte: 2.8, montage: 'manufacturer' },
    oppervlak: { glad: true },
  },
});

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['customer', 'staff', 'drafter', 'partner', 'admin']) cookies[login] = await ctx.login(login);
  for (const row of await ctx.db.select({ id: projectUnits.id, title: projectUnits.title }).from(projectUnits)) id[row.title] = row.id;
});
afterAll(async () => ctx?.close());

describe('GET /api/questionnaire/{rootId}', () => {
  it('answers the German set with the saved versions, validity and editability', async () => {
    const v = await view('customer', 'Wohnpark Weserblick');
    expect(v).toMatchObject({ rootProjectUnitID: id['Wohnpark Weserblick'], title: 'Wohnpark Weserblick', tenantType: 'standard', setKey: 'de', canEdit: true, editReason: null, minActiveSheets: 2, isValid: true, version: 1 });
    expect(sheetNames(v)).toEqual(['xde-general@1', 'xde-planelemente@1', 'xde-mauerwerk@1', 'xde-stuerze@2', 'xde-deckenelemente@1']);
    expect(v.sheets.map((sheet) => sheet.level)).toEqual(['0', '1', '1', '2', '2']);
    expect(v.sheets[0]).toMatchObject({ status: 'published', schema: { title: 'General information', 'x-i18n': { de: { title: 'Allgemeine Angaben' } } } });
    expect(v.data._versions).toEqual({ 'xde-general': 1, 'xde-planelemente': 1, 'xde-stuerze': 2 });
    expect(Object.values(v.sheetValidity).every(Boolean)).toBe(true);
  });

  it('keeps an older saved version and is read-only for customers outside Structuring', async () => {
    const customer = await view('customer', 'Schule am Stadtpark');
    expect(sheetNames(customer)).toContain('xde-stuerze@1');
    expect(customer).toMatchObject({ canEdit: false, editReason: 'QUESTIONNAIRE.Errors.ReadOnly', isValid: true });
    expect((await view('staff', 'Schule am Stadtpark')).canEdit).toBe(true);
    const invalid = await view('staff', 'Gewerbehof Nord');
    expect(invalid.isValid).toBe(false);
    expect(invalid.sheetValidity).toMatchObject({ 'xde-general': false, 'xde-planelemente': false, 'xde-mauerwerk': true });
  });

  it('picks the Dutch, uitgekiend and CCL sets', async () => {
    const nl = await view('customer', 'Appartementen Maaskade');
    expect(nl).toMatchObject({ setKey: 'nl', version: 0, data: {}, updatedAt: null, isValid: false });
    expect(sheetNames(nl)).toEqual(['xnl-algemeen@1', 'xnl-elementen@1', 'xnl-uitgekiend@1', 'xnl-lateien@1']);
    const brick = await view('staff', 'Distributiecentrum Venlo');
    expect(brick.setKey).toBe('uitgekiend');
    expect(sheetNames(brick)).toEqual(['xnl-algemeen@1', 'xnl-uitgekiend@1', 'xnl-lateien@1']);
    const ccl = await view('partner', 'Riverside Apartments');
    expect(ccl).toMatchObject({ setKey: 'ccl', tenantType: 'ccl', minActiveSheets: 0, canEdit: true });
    expect(sheetNames(ccl)).toEqual(['ccl-general@1']);
  });

  it('is 404 for a root the user does not see or a unit that is not a root, 401 without a session', async () => {
    await expectErrorShape(await call('GET', 'customer', `/api/questionnaire/${id['Riverside Apartments']}`), 404);
    await expectErrorShape(await call('GET', 'customer', `/api/questionnaire/${id['Haus A']}`), 404);
    await expectErrorShape(await call('GET', 'customer', '/api/questionnaire/abc'), 404);
    await expectErrorShape(await call('GET', null, `/api/questionnaire/${id['Wohnpark Weserblick']}`), 401);
  });
});

describe('PUT /api/questionnaire/{rootId}', () => {
  it('saves a complete questionnaire as valid with the versions, and the structure takes its materials', async () => {
    const response = await save('customer', 'Appartementen Maaskade', maaskade(), 0);
    expect(response.status).toBe(200);
    const saved = (await response.json()) as View;
    expect(saved).toMatchObject({ isValid: true, version: 1, sheetValidity: { 'xnl-algemeen': true, 'xnl-elementen': true, 'xnl-uitgekiend': true, 'xnl-lateien': true } });
    expect(saved.data._versions).toEqual({ 'xnl-algemeen': 1, 'xnl-elementen': 1 });
    const types = (await (await call('GET', 'customer', `/api/questionnaire/${id['Appartementen Maaskade']}/material-types`)).json()) as MaterialType[];
    expect(types.map((type) => [type.key, type.label])).toEqual([['elementen', 'AAC elements']]);
    expect(types[0].productTypeID).toEqual(expect.any(Number));
    const staffTypes = (await (await call('GET', 'staff', `/api/questionnaire/${id['Appartementen Maaskade']}/material-types`)).json()) as MaterialType[];
    expect(staffTypes[0].label).toBe('Porenbeton-Elemente');
  });

  it('stores rule violations with isValid false per sheet, and the unit rules read it', async () => {
    const current = await view('customer', 'Appartementen Maaskade');
    const data = maaskade();
    const algemeen = data['xnl-algemeen'] as { contact: Record<string, unknown> };
    algemeen.contact = { uitvoerder: '', telefoon: 'call me' };
    (data['xnl-elementen'] as { oppervlak: object }).oppervlak = {};
    const response = await save('customer', 'Appartementen Maaskade', data, current.version);
    expect(response.status).toBe(200);
    const saved = (await response.json()) as View;
    expect(saved).toMatchObject({ isValid: false, version: 2, sheetValidity: { 'xnl-algemeen': false, 'xnl-elementen': false } });
    const [row] = await ctx.db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.rootId, id['Appartementen Maaskade']));
    expect(row).toMatchObject({ isValid: false, version: 2 });
    const context = (await (await call('GET', 'customer', `/api/data/planxchange/projects/${id['Appartementen Maaskade']}/context`)).json()) as { infoSheetValid: boolean };
    expect(context.infoSheetValid).toBe(false);
    const fixed = await save('customer', 'Appartementen Maaskade', maaskade(), 2);
    expect(((await fixed.json()) as View).isValid).toBe(true);
  });

  it('resets disabled controls before saving', async () => {
    const data = maaskade();
    (data['xnl-algemeen'] as { logistiek: Record<string, unknown> }).logistiek = { kraan: false, hijsvermogen: 12, losplaats: 'onSite' };
    const saved = (await (await save('customer', 'Appartementen Maaskade', data, 3)).json()) as View;
    expect((saved.data['xnl-algemeen'] as { logistiek: object }).logistiek).toEqual({ kraan: false, losplaats: 'onSite' });
    expect(saved.isValid).toBe(true);
  });

  it('refuses bodies that cannot be stored with 400 and references', async () => {
    const expect400 = async (body: unknown, reference?: string) => {
      const messages = await expectErrorShape(await call('PUT', 'customer', `/api/questionnaire/${id['Appartementen Maaskade']}`, body), 400);
      if (reference) expect(messages.map((message) => message.reference)).toContain(reference);
      return messages;
    };
    await expect400({ data: 'all good', version: 4 }, 'data');
    await expect400({ data: maaskade(), version: 4, extra: true });
    await expect400({ data: { ...maaskade(), 'xde-general': {} }, version: 4 }, 'data.xde-general');
    await expect400({ data: { ...maaskade(), _versions: { 'xnl-algemeen': 9 } }, version: 4 }, 'data._versions.xnl-algemeen');
    await expect400({ data: { ...maaskade(), 'xnl-lateien': [] }, version: 4 }, 'data.xnl-lateien');
    const wrongType = maaskade();
    (wrongType['xnl-algemeen'] as { project: Record<string, unknown> }).project.bouwlagen = 'zes';
    (wrongType['xnl-elementen'] as { elementen: Record<string, unknown> }).elementen.kleur = 'grijs';
    const messages = await expect400({ data: wrongType, version: 4 }, 'data.xnl-algemeen.project.bouwlagen');
    expect(messages.map((message) => [message.reference, message.key])).toContainEqual(['data.xnl-elementen.elementen.kleur', 'QUESTIONNAIRE.Errors.UnknownField']);
    const huge = JSON.stringify({ data: { 'xnl-algemeen': { logistiek: { opmerkingen: 'x'.repeat(1_100_000) } } }, version: 4 });
    await expectErrorShape(await ctx.request('PUT', `/api/questionnaire/${id['Appartementen Maaskade']}`, { cookie: cookies.customer, raw: huge }), 413);
    expect((await view('customer', 'Appartementen Maaskade')).version).toBe(4);
  });

  it('needs two active sheets for a standard tenant (422), none for CCL', async () => {
    const data = maaskade();
    (data['xnl-algemeen'] as { materiaal: object }).materiaal = {};
    const messages = await expectErrorShape(await save('customer', 'Appartementen Maaskade', data, 4), 422);
    expect(messages[0].key).toBe('QuestionnaireMaterials.ToastHint');
    const ccl = await save('partner', 'Riverside Apartments', { 'ccl-general': { project: { clientReference: 'RA-7' } } }, 0);
    expect(ccl.status).toBe(200);
    expect(((await ccl.json()) as View).isValid).toBe(false);
  });

  it('answers 409 for a stale version and writes nothing', async () => {
    const messages = await expectErrorShape(await save('customer', 'Appartementen Maaskade', maaskade(), 1), 409);
    expect(messages[0].key).toBe('QUESTIONNAIRE.Errors.Conflict');
    expect((await view('customer', 'Appartementen Maaskade')).version).toBe(4);
  });

  it('is 403 for external users outside Structuring, allowed for internal users, 404 for outsiders', async () => {
    const school = await view('staff', 'Schule am Stadtpark');
    const messages = await expectErrorShape(await save('customer', 'Schule am Stadtpark', school.data, school.version), 403);
    expect(messages[0].key).toBe('QUESTIONNAIRE.Errors.ReadOnly');
    const response = await save('staff', 'Schule am Stadtpark', school.data, school.version);
    expect(response.status).toBe(200);
    const saved = (await response.json()) as View;
    expect(saved).toMatchObject({ isValid: true, version: school.version + 1 });
    expect(saved.data._versions?.['xde-stuerze']).toBe(1);
    await expectErrorShape(await save('customer', 'Riverside Apartments', {}, 0), 404);
    await expectErrorShape(await save('drafter', 'Appartementen Maaskade', maaskade(), 4), 404);
  });

  it('gives the structure the active material sheets of the saved answers', async () => {
    const page = (await (await call('GET', 'customer', `/api/structure/${id['Wohnpark Weserblick']}`)).json()) as { rules: { materialTypes: MaterialType[] } };
    expect(page.rules.materialTypes.map((type) => [type.key, type.label])).toEqual([
      ['planelemente', 'AAC wall elements'],
      ['stuerze', 'Lintels'],
    ]);
    const [lot] = await ctx.db.select().from(projectUnits).where(and(eq(projectUnits.title, 'Verdieping 1-4'), eq(projectUnits.type, 'approvallot')));
    expect(lot).toBeDefined();
  });
});

describe('switched-off sheets', () => {
  it('drops the answers of a sheet that is switched off (issue 20)', async () => {
    const current = await view('customer', 'Appartementen Maaskade');
    const data = { ...maaskade(), 'xnl-lateien': { lateien: { aantal: 12, opmerkingen: 'switched off' } } };
    const response = await save('customer', 'Appartementen Maaskade', data, current.version);
    expect(response.status).toBe(200);
    const saved = (await response.json()) as View;
    expect(saved.data['xnl-lateien']).toBeUndefined();
    expect(saved.data._versions).toEqual({ 'xnl-algemeen': 1, 'xnl-elementen': 1 });
    const [row] = await ctx.db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.rootId, id['Appartementen Maaskade']));
    expect((row.data as Record<string, unknown>)['xnl-lateien']).toBeUndefined();
  });
});
