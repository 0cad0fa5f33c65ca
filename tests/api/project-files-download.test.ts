import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileTreeNode } from '../../src/domain/projectFiles.js';
import { downloadRequests, projectFiles, projectUnits } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { readZip } from './zip-reader.js';

let t: TestContext;
let customer: string;
let partner: string;
let staff: string;
const id: Record<string, number> = {};
const number: Record<string, string> = {};
const fileId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  [customer, partner, staff] = await Promise.all([t.login('customer'), t.login('partner'), t.login('staff')]);
  for (const row of await t.db.select().from(projectUnits)) {
    id[row.title] = row.id;
    number[row.title] = row.number;
  }
  for (const row of await t.db.select().from(projectFiles)) fileId[row.name] = row.id;
});
afterAll(async () => t.close());

const W = () => id['Wohnpark Weserblick'];
const TREE = (root: number) => `/api/file/projectFiles/${root}`;
const item = (unit: string, file: string) => ({ projectUnitID: id[unit], fileID: fileId[file], fileName: file });

async function requestDownload(cookie: string, body: unknown, root = W()) {
  const response = await t.request('POST', TREE(root), { cookie, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { downloadID: string }).downloadID;
}

async function bytesOf(unit: string, file: string) {
  const response = await t.request('GET', `/api/file/${W()}/${id[unit]}/${fileId[file]}/content`, { cookie: customer });
  return Buffer.from(await response.arrayBuffer());
}

describe('the tree of the download dialog', () => {
  it('holds the root and only the units with files in or below them', async () => {
    const response = await t.request('GET', TREE(W()), { cookie: customer });
    expect(response.status).toBe(200);
    const [root, ...others] = (await response.json()) as FileTreeNode[];
    expect(others).toEqual([]);
    expect(root).toMatchObject({ projectUnitID: W(), title: 'Wohnpark Weserblick', projectUnitNo: number['Wohnpark Weserblick'] });
    expect(root.files.map((file) => file.name)).toEqual(['Baubeschreibung.pdf', 'Lageplan.png', 'Wohnpark-Weserblick.ifc']);
    expect(root.files[0]).toEqual({ projectFileID: fileId['Baubeschreibung.pdf'], name: 'Baubeschreibung.pdf', size: expect.any(Number), selected: false });
    expect(root.children.map((child) => child.title)).toEqual(['Haus A', 'Pläne und Unterlagen']);
    expect(root.children[0].children).toEqual([]);
    expect(root.children[0].files.map((file) => file.name)).toEqual(['Grundriss-EG-Haus-A.pdf']);
  });

  it('a file deep down keeps its ancestors in the tree', async () => {
    const [root] = (await (await t.request('GET', TREE(id['Schule am Stadtpark']), { cookie: customer })).json()) as FileTreeNode[];
    expect(root.children).toEqual([]);
    const form = new FormData();
    form.append('file', new Blob(['Hinweis\n']), 'Hinweis.txt');
    const upload = await t.app.request(`http://localhost/api/file/${id['Schule am Stadtpark']}/${id['Bauabschnitt 1']}`, { method: 'POST', headers: { cookie: customer }, body: form });
    expect(upload.status).toBe(201);
    const [after] = (await (await t.request('GET', TREE(id['Schule am Stadtpark']), { cookie: customer })).json()) as FileTreeNode[];
    expect(after.children.map((child) => child.title)).toEqual(['Neubau Klassentrakt']);
    expect(after.children[0].files).toEqual([]);
    expect(after.children[0].children[0]).toMatchObject({ title: 'Bauabschnitt 1', files: [{ name: 'Hinweis.txt' }] });
  });

  it('is empty for a project without files, and 404 for a child unit id', async () => {
    expect(await (await t.request('GET', TREE(id['Riverside Apartments']), { cookie: staff })).json()).toEqual([]);
    await expectErrorShape(await t.request('GET', TREE(id['Haus A']), { cookie: customer }), 404);
  });

  it('needs the project feature DownloadSelectedFiles (403)', async () => {
    const messages = await expectErrorShape(await t.request('GET', TREE(id['Gewerbehof Nord']), { cookie: staff }), 403);
    expect(messages[0].key).toBe('FILES.Rules.DownloadSelectedOff');
    await expectErrorShape(await t.request('POST', TREE(id['Gewerbehof Nord']), { cookie: staff, body: [{ projectUnitID: 1, fileID: 1, fileName: 'x' }] }), 403);
  });
});

describe('the zip of selected files', () => {
  it('streams a zip with a folder per unit path and the files’ bytes', async () => {
    const downloadID = await requestDownload(customer, [item('Haus A', 'Grundriss-EG-Haus-A.pdf'), item('Wohnpark Weserblick', 'Lageplan.png'), item('Pläne und Unterlagen', 'Bauzeitenplan.pdf')]);
    expect(downloadID).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await t.request('GET', `/api/file/projectFiles/download/${downloadID}`, { cookie: customer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const rootFolder = `${number['Wohnpark Weserblick']} Wohnpark Weserblick`;
    expect(response.headers.get('content-disposition')).toContain(`filename="${rootFolder}.zip"`);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((entry) => entry.name)).toEqual([`${rootFolder}/Lageplan.png`, `${rootFolder}/Haus A/Grundriss-EG-Haus-A.pdf`, `${rootFolder}/Pläne und Unterlagen/Bauzeitenplan.pdf`]);
    expect(entries[0].method).toBe(0);
    expect(entries[1].method).toBe(8);
    expect(entries[0].data.equals(await bytesOf('Wohnpark Weserblick', 'Lageplan.png'))).toBe(true);
    expect(entries[1].data.equals(await bytesOf('Haus A', 'Grundriss-EG-Haus-A.pdf'))).toBe(true);
    // Still usable within its time (a browser may retry).
    expect((await t.request('GET', `/api/file/projectFiles/download/${downloadID}`, { cookie: customer })).status).toBe(200);
  });

  it('equal names in one folder get " (2)"', async () => {
    const form = new FormData();
    form.append('file', new Blob(['eins\n']), 'Notiz.txt');
    form.append('file', new Blob(['zwei\n']), 'notiz.txt');
    const upload = await t.app.request(`http://localhost/api/file/${W()}/${id['Haus A']}`, { method: 'POST', headers: { cookie: customer }, body: form });
    const created = (await upload.json()) as { projectFileID: number; name: string }[];
    const downloadID = await requestDownload(customer, created.map((file) => ({ projectUnitID: id['Haus A'], fileID: file.projectFileID, fileName: file.name })));
    const entries = readZip(Buffer.from(await (await t.request('GET', `/api/file/projectFiles/download/${downloadID}`, { cookie: customer })).arrayBuffer()));
    expect(entries.map((entry) => entry.name.split('/').pop())).toEqual(['Notiz.txt', 'notiz (2).txt']);
    expect(entries.map((entry) => entry.data.toString())).toEqual(['eins\n', 'zwei\n']);
  });

  it('is only for the user who asked for it (404 for anyone else)', async () => {
    const downloadID = await requestDownload(customer, [item('Wohnpark Weserblick', 'Baubeschreibung.pdf')]);
    await expectErrorShape(await t.request('GET', `/api/file/projectFiles/download/${downloadID}`, { cookie: partner }), 404);
    await expectErrorShape(await t.request('GET', `/api/file/projectFiles/download/${downloadID}`, { cookie: staff }), 404);
    await expectErrorShape(await t.request('GET', `/api/file/projectFiles/download/${downloadID}`), 401);
  });

  it('expires after 10 minutes (410); unknown or malformed ids are 404', async () => {
    const downloadID = await requestDownload(customer, [item('Wohnpark Weserblick', 'Baubeschreibung.pdf')]);
    const hash = createHash('sha256').update(downloadID).digest('hex');
    const [row] = await t.db.select().from(downloadRequests).where(eq(downloadRequests.id, hash));
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await t.db.update(downloadRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(downloadRequests.id, hash));
    const messages = await expectErrorShape(await t.request('GET', `/api/file/projectFiles/download/${downloadID}`, { cookie: customer }), 410);
    expect(messages[0].key).toBe('FILES.Download.Expired');
    await expectErrorShape(await t.request('GET', `/api/file/projectFiles/download/${'A'.repeat(43)}`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', '/api/file/projectFiles/download/short', { cookie: customer }), 404);
  });

  it('the database keeps only the hash of the download id', async () => {
    const downloadID = await requestDownload(customer, [item('Wohnpark Weserblick', 'Baubeschreibung.pdf')]);
    expect(await t.db.select().from(downloadRequests).where(eq(downloadRequests.id, downloadID))).toEqual([]);
  });
});

describe('bad selections', () => {
  it.each([
    ['an empty list', [], 400],
    ['an object instead of a list', { fileID: 1 }, 400],
    ['a missing fileID', [{ projectUnitID: 1, fileName: 'x' }], 400],
    ['a text id', [{ projectUnitID: 1, fileID: 'x', fileName: 'x' }], 400],
    ['an unknown field', [{ projectUnitID: 1, fileID: 1, fileName: 'x', path: '/etc' }], 400],
    ['more than 500 files', Array.from({ length: 501 }, (_, i) => ({ projectUnitID: 1, fileID: i + 1, fileName: 'x' })), 400],
  ])('refuses %s', async (_what, body, status) => {
    await expectErrorShape(await t.request('POST', TREE(W()), { cookie: customer, body }), status);
  });

  it('refuses a file of another project (404) and a file named under the wrong unit (400)', async () => {
    const foreign = await expectErrorShape(await t.request('POST', TREE(W()), { cookie: customer, body: [item('Schule am Stadtpark', 'Ausschreibung.pdf')] }), 404);
    expect(foreign[0].reference).toBe('0.fileID');
    const wrongUnit = await expectErrorShape(await t.request('POST', TREE(W()), { cookie: customer, body: [{ ...item('Haus A', 'Lageplan.png') }] }), 400);
    expect(wrongUnit[0].reference).toBe('0.projectUnitID');
  });

  it('refuses malformed JSON (400) and a multipart body (415)', async () => {
    await expectErrorShape(await t.request('POST', TREE(W()), { cookie: customer, raw: '[{' }), 400);
    await expectErrorShape(await t.request('POST', TREE(W()), { cookie: customer, raw: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x' } }), 415);
  });
});
