import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { projectUnits, salesOrganisations } from '../../server/db/schema.js';
import { addDays } from '../../src/domain/structure.js';
import { burst, count, duplicateNumbers, expectAll, expectNo5xx, expectOneWinner, ok, SIZES, unitId } from './burst.js';
import type { Answer, Target } from './targets.js';

const P = '/api/data/planxchange/projects';
const TIMEOUT = 120_000;

/** The numeric suffixes of numbers `{prefix}NN…`, sorted. */
const suffixes = (numbers: string[], prefix: string) => numbers.map((number) => Number(number.slice(prefix.length))).sort((a, b) => a - b);
const consecutive = (from: number, n: number) => Array.from({ length: n }, (_, index) => from + index);

async function newRoot(t: Target, title: string): Promise<{ id: number; projectUnitNo: string }> {
  const [org] = await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'NS-DE'));
  return ok(await t.call('staff', 'POST', P, { parentProjectUnitID: null, projectUnitType: 'project', title, tenantID: org.tenantId, salesOrgID: org.id, country: 'de' }), 201);
}

/** Every numbered create, fired `n` times at once: every number is handed out once, in sequence, never twice. */
export function numberedCreateChecks(target: () => Target) {
  it.each(SIZES)('units under one parent: %i at once get as many different numbers, in sequence', async (n) => {
    const t = target();
    const parent = await unitId(t, 'Wohnpark Weserblick', 'project');
    const [root] = await t.db.select().from(projectUnits).where(eq(projectUnits.id, parent));
    const prefix = `${root.number}-`;
    const before = suffixes((await t.db.select({ number: projectUnits.number }).from(projectUnits).where(eq(projectUnits.parentId, parent))).map((row) => row.number), prefix);
    const answers = await burst(n, (i) => t.call(i % 2 ? 'staff' : 'customer', 'POST', P, { parentProjectUnitID: parent, projectUnitType: 'folder', title: `Ordner ${n}-${i}` }));
    expectAll(answers, 201);
    expect(suffixes(answers.map((answer) => answer.body.projectUnitNo), prefix)).toEqual(consecutive(Math.max(0, ...before) + 1, n));
    expect(await duplicateNumbers(t)).toEqual([]);
  }, TIMEOUT);

  it.each(SIZES)('sibling titles: %i creations of one title, one winner', async (n) => {
    const t = target();
    const parent = await unitId(t, 'Wohnpark Weserblick', 'project');
    const answers = await burst(n, () => t.call('customer', 'POST', P, { parentProjectUnitID: parent, projectUnitType: 'folder', title: `Gleicher Ordner ${n}` }));
    expectOneWinner(answers, 201);
    const rows = await t.db.select().from(projectUnits).where(and(eq(projectUnits.parentId, parent), eq(projectUnits.title, `Gleicher Ordner ${n}`)));
    expect(rows).toHaveLength(1);
  }, TIMEOUT);

  it.each(SIZES)('root projects: %i at once get as many different numbers, in sequence', async (n) => {
    const t = target();
    const [org] = await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'NS-DE'));
    const answers = await burst(n, (i) => t.call('staff', 'POST', P, { parentProjectUnitID: null, projectUnitType: 'project', title: `Projekt ${n}-${i}`, tenantID: org.tenantId, salesOrgID: org.id, country: 'de' }));
    expectAll(answers, 201);
    const numbers = answers.map((answer: Answer) => answer.body.projectUnitNo as string);
    const prefix = numbers[0].replace(/\d+$/, '');
    const sorted = suffixes(numbers, prefix);
    expect(sorted).toEqual(consecutive(sorted[0], n));
    expect(await duplicateNumbers(t)).toEqual([]);
  }, TIMEOUT);

  it.each(SIZES)('structure creation: %i finish calls build the structure once, with its own numbers', async (n) => {
    const t = target();
    const root = await newRoot(t, `Struktur ${n}`);
    const page = ok(await t.call('staff', 'GET', `/api/structure/${root.id}`));
    const type = page.rules.materialTypes[0].key;
    const date = addDays(page.rules.today, 60);
    const draft = {
      subprojects: ['A', 'B'].map((name) => ({ id: `sp-${name}`, name: `Haus ${name}`, children: [{ id: `al-${name}`, parentID: `sp-${name}`, name: 'Erdgeschoss', materials: [{ type, volume: 100, deliveryDate: date }] }] })),
    };
    const answers = await burst(n, () => t.call('staff', 'POST', `/api/tasks/create-project-structure/${root.id}`, draft));
    expectNo5xx(answers);
    expect(count(answers, 200)).toBe(1);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status).every((status) => status === 403 || status === 409)).toBe(true);
    const units = await t.db.select().from(projectUnits).where(eq(projectUnits.rootId, root.id));
    expect(units.map((unit) => unit.number).sort()).toEqual([root.projectUnitNo, `${root.projectUnitNo}-01`, `${root.projectUnitNo}-01-01`, `${root.projectUnitNo}-02`, `${root.projectUnitNo}-02-01`]);
  }, TIMEOUT);

  it.each(SIZES)('order rows: %i new rows at once get different item indexes', async (n) => {
    const t = target();
    const lot = await unitId(t, 'Wandelemente Bauabschnitt 1', 'aacorderlot');
    const order = ok(await t.call('customer', 'GET', `/api/orders/${lot}`));
    const [item] = order.items;
    const row = { sublotName: 'Neu', floorName: 'EG', productNo: item.productNo, itemLength: item.itemLength, qty: 1 };
    const answers = await burst(n, () => t.call('customer', 'POST', `/api/orders/${lot}/items`, row));
    expectAll(answers, 201);
    const indexes = answers.map((answer) => answer.body.itemIndex as number);
    expect(new Set(indexes).size).toBe(n);
    const after = ok(await t.call('customer', 'GET', `/api/orders/${lot}`));
    expect(after.items).toHaveLength(order.items.length + n);
    const [unit] = await t.db.select({ itemCount: projectUnits.itemCount }).from(projectUnits).where(eq(projectUnits.id, lot));
    expect(unit.itemCount).toBe(order.items.length + n);
  }, TIMEOUT);

  it.each(SIZES)('questionnaire sheet drafts: %i new versions of one sheet at once, one draft', async (n) => {
    const t = target();
    const name = n === 2 ? 'xde-general' : 'xde-stuerze';
    const answers = await burst(n, () => t.call('configurer', 'POST', '/api/data/planxchange/questionnaire-sheets', { name }));
    const winner = expectOneWinner(answers, 201);
    const filter = encodeURIComponent(JSON.stringify({ name }));
    const versions = (ok(await t.call('configurer', 'GET', `/api/data/planxchange/questionnaire-sheets?filter=${filter}&range=[0,99]`)) as { version: number; status: string }[]);
    expect(versions.filter((sheet) => sheet.status === 'draft').map((sheet) => sheet.version)).toEqual([winner.body.version]);
    expect(new Set(versions.map((sheet) => sheet.version)).size).toBe(versions.length);
  }, TIMEOUT);

  it.each(SIZES)('workflow definition versions: %i saves at once never share a version', async (n) => {
    const t = target();
    const current = ok(await t.call('configurer', 'GET', '/api/workflow-definition'));
    const answers = await burst(n, (i) => t.call('configurer', 'PUT', '/api/workflow-definition', { definition: current.definition, comment: `burst ${n}-${i}` }));
    expectNo5xx(answers);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const saved = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.version as number);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(new Set(saved).size).toBe(saved.length);
  }, TIMEOUT);
}
