import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectFile } from '../../src/domain/projectFiles.js';
import type { SessionUser } from '../../src/domain/user.js';
import { projectFiles, projectUnits } from '../../server/db/schema.js';
import type { AppEnv } from '../../server/lib/context.js';
import { ApiError, sendError } from '../../server/lib/errors.js';
import { simplePdf } from '../../server/lib/pdf.js';
import { projectFileRoutes } from '../../server/routes/project-files.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { makePng } from './png-fixture.js';

let t: TestContext;
let customer: string;
let partner: string;
let staff: string;
const id: Record<string, number> = {};
const fileId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  [customer, partner, staff] = await Promise.all([t.login('customer'), t.login('partner'), t.login('staff')]);
  for (const row of await t.db.select().from(projectUnits)) id[row.title] = row.id;
  for (const row of await t.db.select().from(projectFiles)) fileId[row.name] = row.id;
});
afterAll(async () => t.close());

const W = () => id['Wohnpark Weserblick'];
const unitPath = (root: number, unit: number) => `/api/file/${root}/${unit}`;

function upload(cookie: string, root: number, unit: number, files: [string, Uint8Array | string][], headers: Record<string, string> = {}, app: Hono<AppEnv> = t.app as unknown as Hono<AppEnv>) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return app.request(`http://localhost${unitPath(root, unit)}`, { method: 'POST', headers: { cookie, ...headers }, body: form });
}

async function listOf(cookie: string, root: number, unit: number): Promise<ProjectFile[]> {
  const response = await t.request('GET', unitPath(root, unit), { cookie });
  expect(response.status).toBe(200);
  return response.json();
}

const pdf = (title: string) => simplePdf(title, ['line one', 'line two']);

describe('list and download one file', () => {
  it('lists the files of a unit with size, type, date and uploader', async () => {
    const files = await listOf(customer, W(), W());
    expect(files.map((file) => file.name).sort()).toEqual(['Baubeschreibung.pdf', 'Lageplan.png', 'Wohnpark-Weserblick.ifc']);
    expect(files[0]).toMatchObject({ projectFileID: expect.any(Number), projectUnitID: W(), size: expect.any(Number), contentType: expect.stringMatching(/^(application\/pdf|image\/png|application\/x-step)$/), uploadedBy: '', canDelete: false });
    expect(Date.parse(files[0].createdAt)).not.toBeNaN();
    // Staff may delete every file.
    expect((await listOf(staff, W(), W())).every((file) => file.canDelete)).toBe(true);
  });

  it('downloads a file as an attachment with its real name', async () => {
    const response = await t.request('GET', `${unitPath(W(), id['Haus A'])}/${fileId['Grundriss-EG-Haus-A.pdf']}/content`, { cookie: customer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Grundriss-EG-Haus-A.pdf"; filename*=UTF-8''Grundriss-EG-Haus-A.pdf`);
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 for a unit outside the root, a file of another unit and unknown ids', async () => {
    await expectErrorShape(await t.request('GET', unitPath(id['Schule am Stadtpark'], id['Haus A']), { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `${unitPath(W(), W())}/${fileId['Grundriss-EG-Haus-A.pdf']}/content`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', `${unitPath(W(), W())}/999999/content`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('GET', '/api/file/abc/1', { cookie: customer }), 404);
  });
});

describe('access: 404 on every route for a project the user is not a member of', () => {
  it.each([
    ['GET', (root: number, unit: number) => unitPath(root, unit)],
    ['DELETE', (root: number, unit: number) => `${unitPath(root, unit)}/1`],
    ['GET', (root: number, unit: number) => `${unitPath(root, unit)}/1/content`],
    ['GET', (root: number) => `/api/file/projectFiles/${root}`],
    ['POST', (root: number) => `/api/file/projectFiles/${root}`],
  ])('%s %s', async (method, path) => {
    const root = id['Gewerbehof Nord'];
    for (const unit of [root, id['Halle 1']]) {
      const body = method === 'POST' ? [{ projectUnitID: unit, fileID: 1, fileName: 'x.pdf' }] : undefined;
      await expectErrorShape(await t.request(method, path(root, unit), { cookie: customer, body }), 404);
    }
  });

  it('uploads into a foreign project are 404 and store nothing', async () => {
    const root = id['Gewerbehof Nord'];
    await expectErrorShape(await upload(customer, root, id['Halle 1'], [['Plan.pdf', pdf('Plan')]]), 404);
    expect(await t.db.select().from(projectFiles).where(eq(projectFiles.rootId, root))).toEqual([]);
  });

  it('without a session: 401', async () => {
    await expectErrorShape(await t.request('GET', unitPath(W(), W())), 401);
  });
});

describe('upload', () => {
  it('a member uploads a PDF; the list and the download show it', async () => {
    const bytes = pdf('Statik Haus A');
    const response = await upload(customer, W(), id['Haus A'], [['Statik Haus A.pdf', bytes]]);
    expect(response.status).toBe(201);
    const [created] = (await response.json()) as ProjectFile[];
    expect(created).toMatchObject({ name: 'Statik Haus A.pdf', size: bytes.length, contentType: 'application/pdf', uploadedBy: expect.stringMatching(/\S/), canDelete: true });
    const list = await listOf(customer, W(), id['Haus A']);
    expect(list[0].name).toBe('Statik Haus A.pdf');
    const content = await t.request('GET', `${unitPath(W(), id['Haus A'])}/${created.projectFileID}/content`, { cookie: partner });
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
    const [row] = await t.db.select().from(projectFiles).where(eq(projectFiles.id, created.projectFileID));
    expect(row.storageKey).toMatch(new RegExp(`^projects/${W()}/${id['Haus A']}-[0-9a-f]{16}-statik-haus-a\\.pdf$`));
  });

  it('several files of every allowed kind in one request', async () => {
    const files: [string, Uint8Array | string][] = [
      ['Lageplan 2.png', makePng(20, 10)],
      ['Foto.JPG', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)])],
      ['Skizze.gif', 'GIF89a....'],
      ['Bild.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])],
      ['Modell.ifc', 'ISO-10303-21;\nHEADER;\nENDSEC;\nEND-ISO-10303-21;\n'],
      ['Plan.dwg', 'AC1032\u0000\u0000binary'],
      ['Plan.dxf', '  0\r\nSECTION\r\n  2\r\nHEADER\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n'],
      ['Unterlagen.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26)])],
      ['Angebot.docx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26)])],
      ['Mengen.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26)])],
      ['Notiz.txt', 'Bitte Lieferung ankündigen.\n'],
      ['Mengen.csv', Buffer.from('Wand;Menge\nA1;12\n', 'latin1')],
    ];
    const response = await upload(customer, W(), id['Pläne und Unterlagen'], files);
    expect(response.status).toBe(201);
    const created = (await response.json()) as ProjectFile[];
    expect(created.map((file) => file.name)).toEqual(files.map(([name]) => name));
    expect(created.find((file) => file.name === 'Modell.ifc')?.contentType).toBe('application/x-step');
  });

  it('cleans file names: no path parts, no control characters, at most 200 characters', async () => {
    const long = `${'Sehr langer Name '.repeat(20)}.pdf`;
    const response = await upload(staff, W(), id['Haus A'], [['C:\\fakepath\\Grund\u0007riss\u202e OG.pdf', pdf('a')], ['../../etc/Ansicht.pdf', pdf('b')], [long, pdf('c')]]);
    expect(response.status).toBe(201);
    const names = ((await response.json()) as ProjectFile[]).map((file) => file.name);
    expect(names.slice(0, 2)).toEqual(['Grundriss OG.pdf', 'Ansicht.pdf']);
    expect(names[2]).toHaveLength(200);
    expect(names[2]).toMatch(/^Sehr langer Name .*\.pdf$/);
  });

  it.each([
    ['an executable', 'setup.exe', 'MZ\u0090\u0000', 415],
    ['an SVG', 'plan.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 415],
    ['a name without extension', 'README', 'text', 415],
    ['text pretending to be a PNG', 'Lageplan.png', 'this is not an image, just text', 422],
    ['a PNG signature with junk after it', 'Lageplan.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('junkjunkjunk')]), 422],
    ['PNG bytes named .pdf', 'Plan.pdf', makePng(8, 8), 422],
    ['a JPEG named .ifc', 'Modell.ifc', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), 422],
    ['binary named .csv', 'Mengen.csv', Buffer.from([0x41, 0x00, 0x42, 0x00]), 422],
    ['an empty file', 'Leer.txt', '', 422],
    ['a name of dots only', '..', 'x', 400],
  ])('refuses %s (%s) and stores nothing', async (_what, name, bytes, status) => {
    const before = (await listOf(customer, W(), id['Erdgeschoss'])).length;
    const messages = await expectErrorShape(await upload(customer, W(), id['Erdgeschoss'], [[name, bytes as Uint8Array | string]]), status as number);
    expect(messages[0].reference).toBe('file.0');
    expect((await listOf(customer, W(), id['Erdgeschoss'])).length).toBe(before);
  });

  it('one bad file refuses the whole upload, with a message per bad file', async () => {
    const messages = await expectErrorShape(await upload(customer, W(), id['Erdgeschoss'], [['ok.pdf', pdf('ok')], ['bad.exe', 'x'], ['fake.png', 'x']]), 415);
    expect(messages.map((message) => message.reference)).toEqual(['file.1', 'file.2']);
    expect(messages[0].text).toContain('bad.exe');
    expect(await listOf(customer, W(), id['Erdgeschoss'])).toEqual([]);
  });

  it('refuses a missing field (400), a JSON body (415) and a broken multipart body (400)', async () => {
    const form = new FormData();
    form.append('document', new Blob(['x']), 'a.pdf');
    await expectErrorShape(await t.app.request(`http://localhost${unitPath(W(), W())}`, { method: 'POST', headers: { cookie: customer }, body: form }), 400);
    await expectErrorShape(await t.request('POST', unitPath(W(), W()), { cookie: customer, body: { file: 'x' } }), 415);
    const broken = await t.request('POST', unitPath(W(), W()), { cookie: customer, raw: '--x\r\nnonsense', headers: { 'content-type': 'multipart/form-data; boundary=y' } });
    await expectErrorShape(broken, 400);
  });

  it('refuses a declared size above the limit with 413 before reading', async () => {
    const response = await t.request('POST', unitPath(W(), W()), { cookie: customer, raw: 'x', headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(300 * 1024 * 1024) } });
    await expectErrorShape(response, 413);
  });

  it('closed projects take no uploads (403)', async () => {
    const root = id['Altbau Sanierung Mitte'];
    const messages = await expectErrorShape(await upload(customer, root, id['Vorderhaus'], [['Plan.pdf', pdf('x')]]), 403);
    expect(messages[0].key).toBe('FILES.Rules.ProjectClosed');
  });
});

describe('the route’s own limits (without the app’s 1 MB JSON limit in front)', () => {
  let routeOnly: Hono<AppEnv>;
  beforeAll(async () => {
    const user = (await (await t.request('GET', '/api/auth/me', { cookie: customer })).json()) as SessionUser;
    const storage = t.files;
    routeOnly = new Hono<AppEnv>();
    routeOnly.use('*', async (c, next) => {
      c.set('db', t.db);
      c.set('files', storage);
      c.set('user', user);
      await next();
    });
    routeOnly.onError((error, c) => (error instanceof ApiError ? sendError(c, error, 'en') : c.json({ status: 500, messages: [] }, 500)));
    routeOnly.route('/api/file', projectFileRoutes);
  });

  it('takes a file of several MB', async () => {
    const big = Buffer.concat([pdf('big'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const response = await upload('', W(), id['Obergeschoss'], [['Gross.pdf', big]], {}, routeOnly);
    expect(response.status).toBe(201);
    expect(((await response.json()) as ProjectFile[])[0].size).toBe(big.length);
  });

  it('refuses a file over 50 MB by its real size (413)', async () => {
    const huge = Buffer.concat([pdf('huge'), Buffer.alloc(50 * 1024 * 1024)]);
    const messages = await expectErrorShape(await upload('', W(), id['Obergeschoss'], [['Riesig.pdf', huge]], {}, routeOnly), 413);
    expect(messages[0].key).toBe('FILES.Upload.TooLarge');
  });
});

describe('delete', () => {
  let mine: ProjectFile;
  beforeAll(async () => {
    [mine] = await (await upload(customer, W(), id['Obergeschoss'], [['Eigene Notiz.txt', 'von mir']])).json();
  });

  it('another member may not delete the uploader’s file (403)', async () => {
    const messages = await expectErrorShape(await t.request('DELETE', `${unitPath(W(), id['Obergeschoss'])}/${mine.projectFileID}`, { cookie: partner }), 403);
    expect(messages[0].key).toBe('FILES.Rules.DeleteOwnOnly');
    expect((await listOf(partner, W(), id['Obergeschoss'])).find((file) => file.projectFileID === mine.projectFileID)?.canDelete).toBe(false);
  });

  it('the uploader deletes it; it is gone from the list and the storage', async () => {
    const response = await t.request('DELETE', `${unitPath(W(), id['Obergeschoss'])}/${mine.projectFileID}`, { cookie: customer });
    expect(response.status).toBe(200);
    expect((await response.json()).projectFileID).toBe(mine.projectFileID);
    expect((await listOf(customer, W(), id['Obergeschoss'])).some((file) => file.projectFileID === mine.projectFileID)).toBe(false);
    await expectErrorShape(await t.request('GET', `${unitPath(W(), id['Obergeschoss'])}/${mine.projectFileID}/content`, { cookie: customer }), 404);
    await expectErrorShape(await t.request('DELETE', `${unitPath(W(), id['Obergeschoss'])}/${mine.projectFileID}`, { cookie: customer }), 404);
  });

  it('customers may not delete seeded files; staff may', async () => {
    const path = `${unitPath(W(), W())}/${fileId['Lageplan.png']}`;
    await expectErrorShape(await t.request('DELETE', path, { cookie: customer }), 403);
    expect((await t.request('DELETE', path, { cookie: staff })).status).toBe(200);
  });

  it('nothing is deleted in a closed project, not even by staff', async () => {
    const root = id['Altbau Sanierung Mitte'];
    const [row] = await t.db.insert(projectFiles).values({ rootId: root, unitId: root, name: 'Alt.pdf', contentType: 'application/pdf', size: 1, storageKey: 'projects/x/alt.pdf' }).returning();
    await expectErrorShape(await t.request('DELETE', `${unitPath(root, root)}/${row.id}`, { cookie: staff }), 403);
  });
});
