import { and, count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOperations, lintelProducts, tenants, users } from '../../server/db/schema.js';
import { createTestContext, type TestContext } from './helpers.js';

let t: TestContext;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  customer = await t.login('customer');
});
afterAll(async () => t.close());

function importFile(path: string, text: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode(text)]), name);
  return t.app.request(`http://localhost/api/bulk/${path}`, { method: 'POST', headers: { cookie: admin }, body: form });
}

/** Resident memory, sampled while `work` runs: the peak above the start. */
async function peakHeapGrowth<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; ms: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const began = performance.now();
  const result = await work();
  const ms = performance.now() - began;
  clearInterval(timer);
  return { result, peakMb: (peak - start) / 1024 / 1024, ms };
}

describe('a catalogue of 10,000 rows', () => {
  it('imports in under 10 s, with memory bounded by the file, and exports back unchanged', async () => {
    const [tenant] = await t.db.insert(tenants).values({ name: 'Großhandel Süd' }).returning({ id: tenants.id });
    const lines = ['Mandant;Artikel-Nr.;Bezeichnung;Kurzzeichen;Höhe (mm);Dicke (mm);Länge (mm);Typ;Stück je Palette;Preis;Aktiv'];
    for (let index = 0; index < 10_000; index++) {
      const length = 1000 + (index % 40) * 50;
      lines.push(`${tenant.id};GS-${String(index).padStart(5, '0')};Flachsturz Größe ${index};FS${index};124;${115 + (index % 5) * 10};${length};FS;20;${(index % 900) + 1}.${String(index % 1000).padStart(3, '0')},${index % 100 < 10 ? '0' : ''}${index % 100};ja`);
    }
    const csv = lines.join('\r\n');
    const { result: response, peakMb, ms } = await peakHeapGrowth(async () => importFile('lintelproducts/import', csv, 'grosshandel.csv'));
    const body = await response.json();
    expect(response.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    expect(body).toMatchObject({ new: 10_000, changed: 0, invalid: 0 });
    console.info(`bulk import: 10,000 lintel rows in ${Math.round(ms)} ms, peak RSS growth ${Math.round(peakMb)} MB (file ${(csv.length / 1024 / 1024).toFixed(1)} MB)`);
    expect(ms).toBeLessThan(10_000);
    expect(peakMb).toBeLessThan(250);
    const [{ n }] = await t.db.select({ n: count() }).from(lintelProducts).where(eq(lintelProducts.tenantId, tenant.id));
    expect(n).toBe(10_000);

    // The export of the same list reads back as "unchanged" everywhere.
    const filter = encodeURIComponent(JSON.stringify({ tenantID: tenant.id }));
    const exported = await t.request('GET', `/api/bulk/lintelproducts/export.csv?filter=${filter}`, { cookie: admin });
    const text = await exported.text();
    const again = await (await importFile('lintelproducts/import/preview', text, 'export.csv')).json();
    expect(again.summary).toEqual({ new: 0, changed: 0, unchanged: 10_000, invalid: 0 });
  }, 60_000);
});

describe('bulk edit', () => {
  it('sets a field on 500 users in one request and one transaction', async () => {
    // A customer company starts: 500 users arrive by import (each with an invitation mail), then are changed at once.
    const file = ['login;email;firstName;lastName', ...Array.from({ length: 500 }, (_, index) => `bulk.user${index};bulk${index}@bau.example;Bau;Nutzer ${index}`)].join('\n');
    const imported = await importFile('users/import', file, 'firma.csv');
    expect(imported.status).toBe(200);
    const created = await t.db.select({ id: users.id }).from(users).where(like(users.login, 'bulk.user%'));
    const ids = created.map((row) => row.id);
    expect(ids).toHaveLength(500);
    const began = performance.now();
    const response = await t.request('POST', '/api/bulk/users/update', { cookie: admin, body: { ids, data: { language: 'nl', isActive: false } } });
    const ms = performance.now() - began;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ updated: 500, unchanged: 0 });
    console.info(`bulk edit: 500 users in ${Math.round(ms)} ms`);
    const rows = await t.db.select({ language: users.language, isActive: users.isActive }).from(users).where(inArray(users.id, ids));
    expect(rows.every((row) => row.language === 'nl' && !row.isActive)).toBe(true);
    const [operation] = await t.db.select().from(bulkOperations).where(and(eq(bulkOperations.kind, 'update'), eq(bulkOperations.resource, 'users')));
    expect(operation).toMatchObject({ resource: 'users', updated: 500, userLogin: 'admin' });
  }, 60_000);

  it('refuses all when one record breaks a rule (the administrator would deactivate themselves)', async () => {
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'admin'));
    const [other] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'staff'));
    const response = await t.request('POST', '/api/bulk/users/update', { cookie: admin, body: { ids: [other.id, me.id], data: { isActive: false } } });
    expect(response.status).toBe(422);
    expect((await response.json()).messages.map((message: { key: string }) => message.key)).toContain('USERS.CannotDeactivateSelf');
    const [staff] = await t.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, other.id));
    expect(staff.isActive).toBe(true);
  });

  it('answers bad input with 400/404 and a customer with 403', async () => {
    const [other] = await t.db.select({ id: users.id }).from(users).where(eq(users.login, 'staff'));
    const post = (body: unknown, cookie = admin, resource = 'users') => t.request('POST', `/api/bulk/${resource}/update`, { cookie, body });
    expect((await post({ ids: [other.id], data: { login: 'x' } })).status).toBe(400);
    expect((await post({ ids: [other.id], data: { language: 'fr' } })).status).toBe(400);
    expect((await post({ ids: [], data: { language: 'de' } })).status).toBe(400);
    expect((await post({ ids: [999999], data: { language: 'de' } })).status).toBe(404);
    expect((await post({ ids: [other.id], data: { language: 'de' } }, customer)).status).toBe(403);
    expect((await post({ ids: [1], data: { price: 12.5 } }, customer, 'aacproducts')).status).toBe(403);
    expect((await t.request('GET', '/api/data/planxchange/bulkoperations', { cookie: customer })).status).toBe(403);
    const list = await t.request('GET', '/api/data/planxchange/bulkoperations', { cookie: admin });
    expect(list.status).toBe(200);
  });

  it('sets a price on catalogue rows with the form\'s rule (two decimals at most)', async () => {
    const response = await t.request('GET', `/api/data/planxchange/aacproducts?range=${encodeURIComponent('[0,2]')}`, { cookie: admin });
    const ids = ((await response.json()) as { id: number }[]).map((row) => row.id);
    expect((await t.request('POST', '/api/bulk/aacproducts/update', { cookie: admin, body: { ids, data: { price: 12.345 } } })).status).toBe(422);
    const ok = await t.request('POST', '/api/bulk/aacproducts/update', { cookie: admin, body: { ids, data: { price: 149.9 } } });
    expect(ok.status).toBe(200);
  });
});
