import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aacOrderItems, projectUnitJournal, projectUnits } from '../../server/db/schema.js';
import { exportPaging, ORDER_EXPORT_COLUMNS } from '../../server/services/order-export.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

let ctx: TestContext;
const cookies: Record<string, string> = {};
const EXPORT = '/api/exports/orders.csv';

/** RFC 4180: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(cell), (cell = '');
    else if (ch === '\n') row.push(cell), rows.push(row), (row = []), (cell = '');
    else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

async function exported(login: string, query = '') {
  const response = await ctx.request('GET', `${EXPORT}${query}`, { cookie: cookies[login] });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  const [header, ...rows] = parseCsv(await response.text());
  expect(header).toEqual([...ORDER_EXPORT_COLUMNS]);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]])));
}

async function unit(title: string) {
  const [row] = await ctx.db.select().from(projectUnits).where(eq(projectUnits.title, title));
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const login of ['admin', 'staff', 'customer', 'drafter']) cookies[login] = await ctx.login(login);
  const aac = await unit('Wandelemente Bauabschnitt 1');
  // A cell a spreadsheet would run as a formula.
  await ctx.db.update(aacOrderItems).set({ sublotName: '=HYPERLINK("x")' }).where(eq(aacOrderItems.unitId, aac.id));
  for (const title of ['Wandelemente Bauabschnitt 1', 'Stürze Bauabschnitt 1']) {
    const lot = await unit(title);
    const response = await ctx.request('PUT', `/api/data/planxchange/projectunitstates/${lot.id}`, { cookie: cookies.customer, body: { projectUnitID: lot.id, action: 'PlaceOrder' } });
    expect(response.status).toBe(200);
  }
});
afterAll(async () => {
  exportPaging.lotsPerPage = 200;
  await ctx?.close();
});

describe('GET /api/exports/orders.csv', () => {
  it('answers one line per order line of every placed order, with lot, project and product', async () => {
    const rows = await exported('admin');
    const aac = await unit('Wandelemente Bauabschnitt 1');
    const lintel = await unit('Stürze Bauabschnitt 1');
    const aacItems = await ctx.db.select().from(aacOrderItems).where(eq(aacOrderItems.unitId, aac.id));
    const aacRows = rows.filter((row) => row.lotID === String(aac.id));
    expect(aacRows).toHaveLength(aacItems.length);
    expect(aacRows[0]).toMatchObject({ kind: 'aac', stateKey: 'Ordered', placedBy: 'customer', lotTitle: 'Wandelemente Bauabschnitt 1', tenantID: String(aac.tenantId) });
    expect(aacRows[0].placedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Number(aacRows[0].qty)).toBeGreaterThan(0);
    expect(aacRows[0].articleOrItemNo).not.toBe('');
    // Formula-like text is neutralised.
    expect(aacRows[0].sublotName).toBe('\'=HYPERLINK("x")');
    const lintelRows = rows.filter((row) => row.lotID === String(lintel.id));
    expect(lintelRows.length).toBeGreaterThan(0);
    expect(lintelRows[0]).toMatchObject({ kind: 'lintel' });
    expect(['true', 'false']).toContain(lintelRows[0].hasCut);
  });

  it('filters by tenant, placing date and kind', async () => {
    const aac = await unit('Wandelemente Bauabschnitt 1');
    const today = new Date().toISOString().slice(0, 10);
    expect((await exported('admin', `?tenantID=${aac.tenantId}&from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await exported('admin', '?from=2000-01-01&to=2000-12-31')).toEqual([]);
    expect(await exported('admin', `?tenantID=${aac.tenantId + 1000}`)).toEqual([]);
    expect((await exported('admin', '?kind=lintel')).every((row) => row.kind === 'lintel')).toBe(true);
    const messages = await expectErrorShape(await ctx.request('GET', `${EXPORT}?from=2026-02-01&to=2026-01-01`, { cookie: cookies.admin }), 400);
    expect(messages[0].reference).toBe('to');
    await expectErrorShape(await ctx.request('GET', `${EXPORT}?from=yesterday`, { cookie: cookies.admin }), 400);
    await expectErrorShape(await ctx.request('GET', `${EXPORT}?tenant=1`, { cookie: cookies.admin }), 400);
  });

  it('reads page by page in placing order without losing or repeating a lot, also at equal times', async () => {
    const all = await exported('admin');
    const lots = [...new Set(all.map((row) => row.lotID))].map(Number);
    // Both placings at the very same instant: the keyset's tie-breaker (the lot id) must keep both.
    const instant = new Date('2026-03-01T10:00:00.123Z');
    for (const lotId of lots) await ctx.db.update(projectUnitJournal).set({ createdAt: instant }).where(eq(projectUnitJournal.unitId, lotId));
    exportPaging.lotsPerPage = 1;
    const paged = await exported('admin');
    exportPaging.lotsPerPage = 200;
    expect(paged.map((row) => `${row.lotID}/${row.itemIndex}`).sort()).toEqual(all.map((row) => `${row.lotID}/${row.itemIndex}`).sort());
    expect(paged.every((row) => row.placedAt === '2026-03-01T10:00:00.123Z')).toBe(true);
  });

  it('is for administrators and internal staff of the tenant; customers 403, no session 401', async () => {
    const aac = await unit('Wandelemente Bauabschnitt 1');
    expect((await exported('staff')).length).toBeGreaterThan(0);
    expect((await exported('staff', `?tenantID=${aac.tenantId}`)).length).toBeGreaterThan(0);
    await expectErrorShape(await ctx.request('GET', `${EXPORT}?tenantID=${aac.tenantId + 1000}`, { cookie: cookies.staff }), 403);
    await expectErrorShape(await ctx.request('GET', EXPORT, { cookie: cookies.customer }), 403);
    await expectErrorShape(await ctx.request('GET', EXPORT), 401);
  });
});
