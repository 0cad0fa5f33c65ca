import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aacProducts, bulkOperations, lintelProducts, mails, tenants, users } from '../../server/db/schema.js';
import { createTestContext, type TestContext } from './helpers.js';

let t: TestContext;
const cookies: Record<string, string> = {};
let tenant: Record<'nordstein' | 'calcon' | 'ccl', number>;

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ['admin', 'customer', 'staff']) cookies[login] = await t.login(login);
  const rows = await t.db.select().from(tenants).orderBy(tenants.id);
  tenant = { nordstein: rows[0].id, calcon: rows[1].id, ccl: rows[2].id };
});
afterAll(async () => t.close());

/** A multipart import request as the app sends it. */
function send(path: 'import' | 'import/preview', resource: string, bytes: Uint8Array | string, options: { name?: string; mapping?: (string | null)[]; cookie?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)]), options.name ?? 'file.csv');
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  return t.app.request(`http://localhost/api/bulk/${resource}/${path}`, { method: 'POST', headers: { cookie: options.cookie ?? cookies.admin }, body: form });
}

/** Windows-1252 bytes of a text (what German Excel's "CSV (Trennzeichen-getrennt)" writes). */
function windows1252(text: string): Uint8Array {
  const table: Record<string, number> = { 'ä': 0xe4, 'ö': 0xf6, 'ü': 0xfc, 'ß': 0xdf, 'Ä': 0xc4, 'Ö': 0xd6, 'Ü': 0xdc, '€': 0x80 };
  return Uint8Array.from([...text].map((ch) => table[ch] ?? ch.charCodeAt(0)));
}

const nsArticle = async (articleNo: string) => (await t.db.select().from(aacProducts).where(eq(aacProducts.articleNo, articleNo)))[0];

describe('import of AAC products', () => {
  it('reads a file written like German Excel: ";", "1.234,5", Windows-1252 umlauts; previews, then applies', async () => {
    const csv = [
      'Mandant;Produkt-Nr.;Artikel-Nr.;Bezeichnung;Kürzel;Dicke (mm);Breite (mm);Min. Länge (mm);Max. Länge (mm);Stück je Palette;Preis;Aktiv',
      `${tenant.nordstein};0;NS-PE-300-625;Planelement PE 300 Größe L;PE300;300;625;1000;6000;10;1.234,5;ja`,
      `${tenant.ccl};2;CCL-WP-175-600;Wall panel WP 175;WP175;175;600;1200;6000;18;98,75;ja`,
    ].join('\r\n');
    // "Kürzel" is not a label of the list: the mapping step maps it to the code (value).
    const mapping = ['tenantID', 'productNo', 'articleNo', 'title', 'value', 'thickness', 'width', 'minLength', 'maxLength', 'unitsPerPallet', 'price', 'active'];
    const suggested = await (await send('import/preview', 'aacproducts', windows1252(csv))).json();
    expect(suggested.mapping).toEqual(mapping.map((field) => (field === 'value' ? null : field)));
    const preview = await send('import/preview', 'aacproducts', windows1252(csv), { mapping });
    expect(preview.status).toBe(200);
    const body = await preview.json();
    expect(body.rows.flatMap((row: { problems?: unknown[] }) => row.problems ?? [])).toEqual([]);
    expect(body).toMatchObject({ format: 'csv', delimiter: ';', encoding: 'windows-1252', decimalComma: true, summary: { new: 1, changed: 1, unchanged: 0, invalid: 0 } });
    const changed = body.rows.find((row: { status: string }) => row.status === 'changed');
    expect(changed.changes.map((change: { field: string }) => change.field).sort()).toEqual(['price', 'title']);
    expect(changed.changes.find((change: { field: string }) => change.field === 'title').to).toBe('Planelement PE 300 Größe L');
    // The preview writes nothing.
    expect((await nsArticle('NS-PE-300-625')).title).toBe('Planelement PE 300');

    const applied = await send('import', 'aacproducts', windows1252(csv), { name: 'Preisliste 2027.csv', mapping });
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ new: 1, changed: 1, unchanged: 0 });
    expect(await nsArticle('NS-PE-300-625')).toMatchObject({ title: 'Planelement PE 300 Größe L', price: '1234.50' });
    expect(await nsArticle('CCL-WP-175-600')).toMatchObject({ tenantId: tenant.ccl, productNo: 2, price: '98.75' });
    const [operation] = await t.db.select().from(bulkOperations).where(eq(bulkOperations.fileName, 'Preisliste 2027.csv'));
    expect(operation).toMatchObject({ kind: 'import', resource: 'aacproducts', userLogin: 'admin', created: 1, updated: 1 });
  });

  it('reads a file written like English Excel: ",", decimal points, a UTF-8 BOM', async () => {
    const csv = '\ufeffTenant,Article no.,Product no.,Title,Code,Thickness (mm),Width (mm),Min. length (mm),Max. length (mm),Units per pallet,Price,Active\n'
      + `${tenant.nordstein},NS-PE-240-625,1,Planelement PE 240,PE240,240,625,1000,6000,14,"1,050.25",yes\n`;
    const response = await send('import', 'aacproducts', csv);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ changed: 1 });
    expect((await nsArticle('NS-PE-240-625')).price).toBe('1050.25');
  });

  it('reads XLSX with native numbers and booleans', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('AAC');
    sheet.addRow(['tenantID', 'articleNo', 'productNo', 'title', 'value', 'thickness', 'width', 'minLength', 'maxLength', 'unitsPerPallet', 'price', 'active']);
    sheet.addRow([tenant.nordstein, 'NS-PE-175-625', 2, 'Planelement PE 175', 'PE175', 175, 625, 1000, 5000, 18, 77.1, false]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const preview = await (await send('import/preview', 'aacproducts', bytes, { name: 'aac.xlsx' })).json();
    expect(preview).toMatchObject({ format: 'xlsx', summary: { changed: 1, invalid: 0 } });
    expect((await send('import', 'aacproducts', bytes, { name: 'aac.xlsx' })).status).toBe(200);
    expect(await nsArticle('NS-PE-175-625')).toMatchObject({ price: '77.10', active: false });
  });

  it('refuses a file with invalid rows whole, listing every reason', async () => {
    const csv = [
      'tenantID;productNo;articleNo;title;value;thickness;width;minLength;maxLength;unitsPerPallet;price;active',
      `${tenant.nordstein};0;NS-PE-300-625;Planelement PE 300;PE300;300;625;1000;6000;10;1,5;ja`,
      `${tenant.nordstein};7;NS-NEW-1;;PE1;abc;625;1010;6000;10;-3;vielleicht`,
      `${tenant.nordstein};1;NS-PE-300-625;Dup;PE;300;625;1000;6000;10;;ja`,
      `;1;NS-NO-TENANT;X;X;300;625;1000;6000;10;;ja`,
    ].join('\n');
    const before = await nsArticle('NS-PE-300-625');
    const response = await send('import', 'aacproducts', csv);
    expect(response.status).toBe(422);
    const body = await response.json();
    const references = body.messages.map((message: { reference?: string }) => message.reference).filter(Boolean);
    expect(references).toEqual(expect.arrayContaining(['rows.3.productNo', 'rows.3.title', 'rows.3.thickness', 'rows.3.minLength', 'rows.3.price', 'rows.3.active', 'rows.4.articleNo', 'rows.5']));
    expect(body.messages[0].key).toBe('BULK.Import.InvalidRows');
    expect(body.messages.find((message: { reference?: string }) => message.reference === 'rows.3.thickness').text).toMatch(/^Line 3, Thickness \(mm\): /);
    // Nothing was written: the valid first row neither.
    expect(await nsArticle('NS-PE-300-625')).toEqual(before);
    expect(await nsArticle('NS-NEW-1')).toBeUndefined();
  });

  it('refuses a customer and internal staff (403), an unknown resource (404), a non-multipart body (415)', async () => {
    const csv = 'tenantID;articleNo\n1;X';
    expect((await send('import', 'aacproducts', csv, { cookie: cookies.customer })).status).toBe(403);
    expect((await send('import/preview', 'users', csv, { cookie: cookies.staff })).status).toBe(403);
    expect((await send('import', 'projects', csv)).status).toBe(404);
    const json = await t.request('POST', '/api/bulk/aacproducts/import', { cookie: cookies.admin, body: {} });
    expect(json.status).toBe(415);
    expect((await send('import', 'aacproducts', 'only;a;header')).status).toBe(422);
    expect((await send('import', 'aacproducts', csv, { mapping: ['tenantID'] })).status).toBe(400);
  });
});

describe('round trip', () => {
  for (const [format, language] of [['csv', 'de'], ['csv', 'en'], ['xlsx', 'de']] as const) {
    it(`an export (${format}, ${language}) imports back unchanged`, async () => {
      await t.db.update(users).set({ language }).where(eq(users.login, 'admin'));
      const cookie = await t.login('admin');
      for (const resource of ['aacproducts', 'lintelproducts', 'users', 'plants', 'producttypes', 'productplantpreliminarydays']) {
        const exported = await t.request('GET', `/api/bulk/${resource}/export.${format}`, { cookie });
        expect(exported.status).toBe(200);
        const bytes = new Uint8Array(await exported.arrayBuffer());
        const preview = await send('import/preview', resource, bytes, { cookie, name: `${resource}.${format}` });
        const body = await preview.json();
        expect(preview.status, JSON.stringify(body).slice(0, 500)).toBe(200);
        expect({ resource, ...body.summary }).toEqual({ resource, new: 0, changed: 0, invalid: 0, unchanged: body.rows.length });
      }
    });
  }
  it('exports in the user\'s language with the list\'s filter and sort, without a cap', async () => {
    await t.db.update(users).set({ language: 'de' }).where(eq(users.login, 'admin'));
    const cookie = await t.login('admin');
    const filter = encodeURIComponent(JSON.stringify({ tenantID: tenant.nordstein }));
    const sort = encodeURIComponent(JSON.stringify(['itemNo', 'DESC']));
    const response = await t.request('GET', `/api/bulk/lintelproducts/export.csv?filter=${filter}&sort=${sort}`, { cookie });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split('\r\n').length > 1 ? text.trim().split('\r\n') : text.trim().split('\n');
    const rows = await t.db.select().from(lintelProducts).where(eq(lintelProducts.tenantId, tenant.nordstein));
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[0].startsWith('Mandant;')).toBe(true);
    const itemNos = lines.slice(1).map((line) => line.split(';')[2]);
    expect(itemNos).toEqual([...itemNos].sort().reverse());
    expect((await t.request('GET', `/api/bulk/lintelproducts/export.csv?filter=${encodeURIComponent('{"nope":1}')}`, { cookie })).status).toBe(400);
    expect((await t.request('GET', '/api/bulk/lintelproducts/export.csv', { cookie: cookies.customer })).status).toBe(403);
  });
});

describe('whole-list export of the other administration lists', () => {
  it('streams every row of the outbox with its filter (more than react-admin\'s 1,000), as CSV and Excel', async () => {
    const sentAt = new Date();
    const rows = Array.from({ length: 1500 }, (_, i) => ({ kind: 'export-test', recipient: `r${i}@example.com`, subject: `=Subject ${i}`, body: 'x', status: 'sent', sentAt }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(mails).values(rows.slice(i, i + 500));
    const filter = encodeURIComponent(JSON.stringify({ kind: 'export-test' }));
    const csv = await t.request('GET', `/api/bulk/mails/export.csv?filter=${filter}`, { cookie: cookies.admin });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(1501);
    // A subject that a spreadsheet would read as a formula is exported as text.
    expect(lines.slice(1).every((line) => line.includes("'=Subject"))).toBe(true);
    // In XLSX a text cell never runs as a formula: the text as it is, no apostrophe (issue #41).
    const mailBook = new ExcelJS.Workbook();
    await mailBook.xlsx.load(await (await t.request('GET', `/api/bulk/mails/export.xlsx?filter=${filter}`, { cookie: cookies.admin })).arrayBuffer());
    const mailSheet = mailBook.worksheets[0];
    const headerTexts = Array.from({ length: mailSheet.getRow(1).cellCount }, (_, i) => String(mailSheet.getRow(1).getCell(i + 1).value ?? ''));
    const subjectColumn = headerTexts.findIndex((text) => /subject|betreff/i.test(text)) + 1;
    const subjects = Array.from({ length: mailSheet.rowCount - 1 }, (_, i) => mailSheet.getRow(i + 2).getCell(subjectColumn).value);
    expect(subjects.every((value) => typeof value === 'string' && value.startsWith('=Subject'))).toBe(true);

    const xlsx = await t.request('GET', '/api/bulk/tenants/export.xlsx', { cookie: cookies.admin });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe((await t.db.select().from(tenants)).length + 1);
  });

  it('refuses other users and unknown lists', async () => {
    expect((await t.request('GET', '/api/bulk/tenants/export.csv', { cookie: cookies.staff })).status).toBe(403);
    expect((await t.request('GET', '/api/bulk/salesorganisations/export.csv', { cookie: cookies.customer })).status).toBe(403);
    expect((await t.request('GET', '/api/bulk/projects/export.csv', { cookie: cookies.admin })).status).toBe(404);
    expect((await t.request('GET', `/api/bulk/mails/export.csv?filter=${encodeURIComponent('{"status":"nope"}')}`, { cookie: cookies.admin })).status).toBe(400);
  });
});

describe('import of users', () => {
  it('creates users by login with their invitation mails through the outbox, and changes others', async () => {
    const before = (await t.db.select().from(mails)).length;
    const csv = [
      'login;email;firstName;lastName;language;isInternal;tenantIDs',
      `bau.neu1;neu1@bau.example;Nina;Neu;de;nein;${tenant.nordstein}`,
      `bau.neu2;neu2@bau.example;Nils;Neu;nl;nein;${tenant.nordstein} ${tenant.calcon}`,
      'CUSTOMER;customer@bouwbedrijf.example;Kees;Klant-Bakker;en;nein;' + `${tenant.nordstein} ${tenant.calcon}`,
    ].join('\n');
    const response = await send('import', 'users', csv, { name: 'users.csv' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ new: 2, changed: 1 });
    const sent = (await t.db.select().from(mails)).slice(before);
    expect(sent.map((mail) => mail.recipient).sort()).toEqual(['neu1@bau.example', 'neu2@bau.example']);
  });

  it('refuses the administrator\'s own admin flag being taken away in a file', async () => {
    const csv = 'login;isAdmin\nadmin;nein';
    const response = await send('import', 'users', csv);
    expect(response.status).toBe(422);
    expect((await response.json()).messages.map((message: { key: string }) => message.key)).toContain('USERS.CannotRemoveOwnAdmin');
  });
});
