import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants, preliminaryDays, productTypes, projectUnits, salesOrganisations, tenants } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { makePng } from './png-fixture.js';

const P = '/api/data/planxchange';
let t: TestContext;
let admin: string;
let tenant: Record<string, number>;

const list = async (path: string, filter: unknown, cookie = admin) => {
  const response = await t.request('GET', `${P}/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>[];
};
const create = async (path: string, body: unknown) => {
  const response = await t.request('POST', `${P}/${path}`, { cookie: admin, body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: number };
};

/** A PUT as the edit page sends it: the changed fields with the version just read. */
const edit = async (path: string, body: Record<string, unknown>) => {
  const { version } = (await (await t.request('GET', `${P}/${path}`, { cookie: admin })).json()) as { version: number };
  return t.request('PUT', `${P}/${path}`, { cookie: admin, body: { ...body, version } });
};

/** A multipart upload of `bytes` as field `image`. */
function upload(path: string, bytes: Buffer | string, options: { cookie?: string; type?: string; field?: string } = {}) {
  const form = new FormData();
  const data = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  form.append(options.field ?? 'image', new Blob([data], { type: options.type ?? 'image/png' }), 'image.png');
  return t.app.request(`http://localhost${P}/${path}`, { method: 'POST', headers: { cookie: options.cookie ?? admin }, body: form });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
  const rows = await t.db.select().from(tenants);
  tenant = Object.fromEntries(rows.map((row) => [row.name.split(' ')[0], row.id]));
});
afterAll(async () => t.close());

describe('plants', () => {
  it('are created, found by tenant and text, edited and deleted', async () => {
    const created = await create('plants', { name: 'Werk Kassel', tenantID: tenant.Nordstein });
    expect(created).toEqual({ id: created.id, plantID: created.id, name: 'Werk Kassel', tenantID: tenant.Nordstein, version: 1 });

    expect((await list('plants', { q: 'kassel' })).map((p) => p.id)).toEqual([created.id]);
    expect((await list('plants', { tenantID: tenant.Calcon, q: 'kassel' })).length).toBe(0);
    expect((await list('plants', { tenantID: tenant.Nordstein })).map((p) => p.name)).toEqual(['Werk Bremen', 'Werk Hannover', 'Werk Kassel']);

    const edited = await edit(`plants/${created.id}`, { ...created, name: 'Werk Kassel-Nord' });
    expect(edited.status).toBe(200);
    expect((await edited.json()).name).toBe('Werk Kassel-Nord');

    // Its preliminary-days rows are part of the plant and go with it.
    const [type] = await t.db.select().from(productTypes).where(eq(productTypes.tenantId, tenant.Nordstein)).limit(1);
    await t.db.insert(preliminaryDays).values({ plantId: created.id, productTypeId: type.id, preliminaryDays: 12 });
    const deleted = await t.request('DELETE', `${P}/plants/${created.id}`, { cookie: admin });
    expect((await deleted.json()).name).toBe('Werk Kassel-Nord');
    await expectErrorShape(await t.request('GET', `${P}/plants/${created.id}`, { cookie: admin }), 404);
    expect(await t.db.select().from(preliminaryDays).where(eq(preliminaryDays.plantId, created.id))).toEqual([]);
  });

  it('sorts by name and reports Content-Range', async () => {
    const response = await t.request('GET', `${P}/plants?sort=${encodeURIComponent('["name","DESC"]')}&range=[0,1]`, { cookie: admin });
    expect(response.headers.get('content-range')).toBe('plants 0-1/5');
    expect((await response.json()).map((p: { name: string }) => p.name)).toEqual(['Werk Hannover', 'Werk Bremen']);
  });

  it.each([
    ['name missing', { name: undefined }, 'name'],
    ['name blank', { name: '  ' }, 'name'],
    ['name too long', { name: 'x'.repeat(201) }, 'name'],
    ['tenant missing', { tenantID: undefined }, 'tenantID'],
    ['tenant a string', { tenantID: '1' }, 'tenantID'],
    ['unknown field', { city: 'Kassel' }, 'city'],
  ])('refuses %s with 400', async (_name, change, reference) => {
    const messages = await expectErrorShape(await t.request('POST', `${P}/plants`, { cookie: admin, body: { name: 'X', tenantID: tenant.Nordstein, ...change } }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
  });

  it('refuses an unknown tenant (422) and a change of tenant (400)', async () => {
    const messages = await expectErrorShape(await t.request('POST', `${P}/plants`, { cookie: admin, body: { name: 'X', tenantID: 9999 } }), 422);
    expect(messages[0].reference).toBe('tenantID');
    const plant = await create('plants', { name: 'Werk Tausch', tenantID: tenant.Nordstein });
    await expectErrorShape(await edit(`plants/${plant.id}`, { tenantID: tenant.Calcon }), 400);
    expect((await edit(`plants/${plant.id}`, { tenantID: tenant.Nordstein })).status).toBe(200);
  });

  it('that demo units use cannot be deleted (409), nor a sales organisation’s default plant', async () => {
    const used = (await t.db.select({ plantId: projectUnits.plantId }).from(projectUnits)).find((row) => row.plantId)?.plantId;
    expect(used).toBeTruthy();
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/plants/${used}`, { cookie: admin }), 409);
    expect(messages[0].key).toBe('ADMIN.Plants.UsedByUnits');
    const plant = await create('plants', { name: 'Werk Default', tenantID: tenant.Nordstein });
    const [org] = await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'NS-DE'));
    expect((await edit(`salesorganisations/${org.id}`, { defaultPlantID: plant.id })).status).toBe(200);
    const refused = await expectErrorShape(await t.request('DELETE', `${P}/plants/${plant.id}`, { cookie: admin }), 409);
    expect(refused[0].text).toContain('NS-DE');
    await edit(`salesorganisations/${org.id}`, { defaultPlantID: org.defaultPlantId });
  });

  it('internal staff list the plants of their tenants; customers get 403', async () => {
    expect((await list('plants', {}, await t.login('drafter'))).map((p) => p.tenantID).every((id) => id !== tenant.Calcon)).toBe(true);
    expect((await list('plants', {}, await t.login('staff'))).length).toBeGreaterThanOrEqual(5);
    await expectErrorShape(await t.request('GET', `${P}/plants`, { cookie: await t.login('customer') }), 403);
  });
});

describe('product types', () => {
  it('are created, found, edited and deleted; colours are #rrggbb', async () => {
    const created = await create('producttypes', { title: 'Wandtafeln', bgColor: '#00897B', textColor: '#ffffff', tenantID: tenant.Nordstein });
    expect(created).toMatchObject({ productTypeID: created.id, title: 'Wandtafeln', bgColor: '#00897b', textColor: '#ffffff' });
    expect((await list('producttypes', { q: 'wandtaf', tenantID: tenant.Nordstein })).map((p) => p.id)).toEqual([created.id]);
    const edited = await (await edit(`producttypes/${created.id}`, { textColor: '#212121' })).json();
    expect(edited).toMatchObject({ title: 'Wandtafeln', textColor: '#212121' });
    expect((await t.request('DELETE', `${P}/producttypes/${created.id}`, { cookie: admin })).status).toBe(200);
  });

  it.each([
    ['bgColor without #', { bgColor: '00897b' }, 'bgColor'],
    ['bgColor short', { bgColor: '#fff' }, 'bgColor'],
    ['textColor a name', { textColor: 'red' }, 'textColor'],
    ['textColor with alpha', { textColor: '#ffffff80' }, 'textColor'],
    ['title missing', { title: undefined }, 'title'],
    ['tenant negative', { tenantID: -3 }, 'tenantID'],
  ])('refuses %s with 400', async (_name, change, reference) => {
    const body = { title: 'X', bgColor: '#000000', textColor: '#ffffff', tenantID: tenant.Nordstein, ...change };
    const messages = await expectErrorShape(await t.request('POST', `${P}/producttypes`, { cookie: admin, body }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
    expect(messages.find((m) => m.reference === reference)?.key).toMatch(/^(ADMIN|VALIDATION)\./);
  });

  it('used by demo units cannot be deleted (409)', async () => {
    const used = (await t.db.select({ id: projectUnits.productTypeId }).from(projectUnits)).find((row) => row.id)?.id;
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/producttypes/${used}`, { cookie: admin }), 409);
    expect(messages[0].key).toBe('ADMIN.ProductTypes.UsedByUnits');
  });
});

describe('sales organisations', () => {
  const valid = () => ({ salesOrgKey: 'NS-AT', title: 'Nordstein Vertrieb Österreich', tenantID: tenant.Nordstein, salesOrgUrl: 'https://at.nordstein.example', contactMail: 'at@nordstein.example' });

  it('are created with the dashboard fields, found, edited and deleted', async () => {
    const created = await create('salesorganisations', valid());
    expect(created).toMatchObject({ salesOrgID: created.id, salesOrgKey: 'NS-AT', contactMail: 'at@nordstein.example', salesOrgUrl: 'https://at.nordstein.example', imageUrl: '', hasImage: false });
    expect((await list('salesorganisations', { q: 'ns-at', tenantID: tenant.Nordstein })).map((o) => o.id)).toEqual([created.id]);
    const edited = await (await edit(`salesorganisations/${created.id}`, { contactMail: 'wien@nordstein.example' })).json();
    expect(edited).toMatchObject({ contactMail: 'wien@nordstein.example', salesOrgUrl: 'https://at.nordstein.example' });
    expect((await t.request('DELETE', `${P}/salesorganisations/${created.id}`, { cookie: admin })).status).toBe(200);
  });

  it('refuses a duplicate key, whatever its case (409)', async () => {
    const messages = await expectErrorShape(await t.request('POST', `${P}/salesorganisations`, { cookie: admin, body: { ...valid(), salesOrgKey: 'ns-de' } }), 409);
    expect(messages[0]).toMatchObject({ reference: 'salesOrgKey', key: 'ADMIN.SalesOrgs.DuplicateKey' });
    const other = await create('salesorganisations', { ...valid(), salesOrgKey: 'NS-CH' });
    await expectErrorShape(await edit(`salesorganisations/${other.id}`, { salesOrgKey: 'CB-NL' }), 409);
    expect((await edit(`salesorganisations/${other.id}`, { salesOrgKey: 'NS-CH' })).status).toBe(200);
  });

  it.each([
    ['key with spaces', { salesOrgKey: 'NS DE' }, 'salesOrgKey'],
    ['key too long', { salesOrgKey: 'K'.repeat(41) }, 'salesOrgKey'],
    ['title blank', { title: '' }, 'title'],
    ['homepage not http', { salesOrgUrl: 'javascript:alert(1)' }, 'salesOrgUrl'],
    ['homepage no URL', { salesOrgUrl: 'www.example.com' }, 'salesOrgUrl'],
    ['mail no address', { contactMail: 'sales at example' }, 'contactMail'],
    ['default plant a string', { defaultPlantID: 'Bremen' }, 'defaultPlantID'],
    ['imageUrl set directly', { imageUrl: 'https://evil.example/x.png' }, 'imageUrl'],
  ])('refuses %s with 400', async (_name, change, reference) => {
    const messages = await expectErrorShape(await t.request('POST', `${P}/salesorganisations`, { cookie: admin, body: { ...valid(), ...change } }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
  });

  it('refuses a default plant of another tenant (422)', async () => {
    const [leeds] = await t.db.select().from(plants).where(eq(plants.name, 'CCL Plant Leeds'));
    const messages = await expectErrorShape(await t.request('POST', `${P}/salesorganisations`, { cookie: admin, body: { ...valid(), salesOrgKey: 'NS-PL', defaultPlantID: leeds.id } }), 422);
    expect(messages[0].reference).toBe('defaultPlantID');
  });

  it('in use by projects, users and banners cannot be deleted (409, one message per kind)', async () => {
    const [org] = await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'NS-DE'));
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/salesorganisations/${org.id}`, { cookie: admin }), 409);
    expect(messages.map((m) => m.key)).toEqual(['ADMIN.SalesOrgs.HasProjects', 'ADMIN.SalesOrgs.HasUsers', 'ADMIN.SalesOrgs.HasBanners']);
  });

  it('takes a PNG image, serves it to any user and points imageUrl at it', async () => {
    const org = await create('salesorganisations', { ...valid(), salesOrgKey: 'NS-IMG' });
    const png = makePng(40, 20);
    const response = await upload(`salesorganisations/${org.id}/image`, png);
    expect(response.status).toBe(200);
    const record = await response.json();
    expect(record.imageUrl).toMatch(new RegExp(`^/api/data/planxchange/salesorganisations/${org.id}/image\\.png\\?ts=\\d+$`));
    expect(record.hasImage).toBe(true);
    const image = await t.request('GET', record.imageUrl, { cookie: await t.login('customer') });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const removed = await (await t.request('DELETE', `${P}/salesorganisations/${org.id}/image`, { cookie: admin })).json();
    expect(removed).toMatchObject({ imageUrl: '', hasImage: false });
    await expectErrorShape(await t.request('GET', `${P}/salesorganisations/${org.id}/image.png`, { cookie: admin }), 404);
  });
});

describe('image uploads (sales organisation image, tenant logo)', () => {
  const targets = () => [`salesorganisations/${1}/image`, `tenants/${tenant.Calcon}/logo`];
  it.each([
    ['over 1 MB', () => Buffer.alloc(1024 * 1024 + 10, 1), 'image/png', 413],
    ['not a PNG', () => Buffer.from('GIF89a not really an image, just text of some length for the check'), 'image/png', 422],
    ['a broken PNG', () => makePng(8, 8).subarray(0, 60), 'image/png', 422],
    ['declared as JPEG', () => makePng(8, 8), 'image/jpeg', 415],
  ])('refuses a file %s', async (_name, bytes, type, status) => {
    for (const path of targets()) await expectErrorShape(await upload(path, bytes(), { type }), status);
  });

  it('refuses JSON instead of multipart (415) and a missing field (400)', async () => {
    for (const path of targets()) {
      await expectErrorShape(await t.request('POST', `${P}/${path}`, { cookie: admin, body: { image: 'x' } }), 415);
      await expectErrorShape(await upload(path, makePng(8, 8), { field: 'file' }), 400);
    }
  });

  it('answers 404 for an unknown record', async () => {
    await expectErrorShape(await upload('salesorganisations/99999/image', makePng(8, 8)), 404);
    await expectErrorShape(await upload('tenants/99999/logo', makePng(8, 8)), 404);
  });
});

describe('edits name the version they read', () => {
  it.each([
    ['tenants', () => tenant.Calcon, { name: 'Calcon A' }, { name: 'Calcon B' }],
    ['salesorganisations', async () => (await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'CB-NL')))[0].id, { title: 'Verkoop A' }, { title: 'Verkoop B' }],
    ['plants', async () => (await t.db.select().from(plants).where(eq(plants.name, 'Fabriek Deventer')))[0].id, { name: 'Deventer A' }, { name: 'Deventer B' }],
    ['producttypes', async () => (await t.db.select().from(productTypes).where(eq(productTypes.title, 'Lateien')))[0].id, { title: 'Lateien A' }, { title: 'Lateien B' }],
  ] as const)('%s: without a version 400, a stale one 409 and the first save stays', async (path, id, first, second) => {
    const url = `${P}/${path}/${await id()}`;
    const before = (await (await t.request('GET', url, { cookie: admin })).json()) as { version: number };
    const missing = await expectErrorShape(await t.request('PUT', url, { cookie: admin, body: first }), 400);
    expect(missing.map((m) => m.reference)).toEqual(['version']);
    const saved = await t.request('PUT', url, { cookie: admin, body: { ...first, version: before.version } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...first, version: before.version + 1 });
    const stale = await expectErrorShape(await t.request('PUT', url, { cookie: admin, body: { ...second, version: before.version } }), 409);
    expect(stale[0].key).toBe('ERRORMESSAGES.ChangedMeanwhile');
    expect(await (await t.request('GET', url, { cookie: admin })).json()).toMatchObject({ ...first, version: before.version + 1 });
  });
});

describe('tenants', () => {
  it('are created, found, edited and deleted; the info text is sanitised on save', async () => {
    const created = await create('tenants', {
      name: 'Kalksand Süd',
      type: 'standard',
      features: ['ShowTenantInfo', 'AdvancedSearch'],
      projectFeatureDefaults: ['HasJournal', 'ProjectTools'],
      infoHtml: '<p onclick=x>Hi<script>alert(1)</script></p>',
    });
    expect(created).toMatchObject({
      tenantID: created.id,
      features: ['AdvancedSearch', 'ShowTenantInfo'],
      projectFeatureDefaults: ['ProjectTools', 'HasJournal'],
      infoHtml: '<p>Hi</p>',
      hasLogo: false,
      logoUrl: '',
    });
    const [stored] = await t.db.select().from(tenants).where(eq(tenants.id, created.id));
    expect(stored.infoHtml).toBe('<p>Hi</p>');
    expect((await list('tenants', { q: 'kalksand' })).map((row) => row.id)).toEqual([created.id]);
    expect((await list('tenants', { type: 'ccl' })).map((row) => row.name)).toEqual(['CCL Construction Components']);
    expect((await list('tenants', { feature: 'AdvancedSearch' })).length).toBe(3);

    const edited = await edit(`tenants/${created.id}`, { type: 'ccl', infoHtml: '<a href="javascript:alert(1)">x</a><h3>Kontakt</h3>' });
    expect(await edited.json()).toMatchObject({ type: 'ccl', infoHtml: '<a>x</a><h3>Kontakt</h3>', features: ['AdvancedSearch', 'ShowTenantInfo'] });
    expect((await t.request('DELETE', `${P}/tenants/${created.id}`, { cookie: admin })).status).toBe(200);
  });

  it.each([
    ['name missing', { name: undefined }, 'name'],
    ['unknown type', { type: 'premium' }, 'type'],
    ['unknown tenant flag', { features: ['Teleport'] }, 'features.0'],
    ['a flag twice', { features: ['AdvancedSearch', 'AdvancedSearch'] }, 'features'],
    ['a project flag as tenant flag', { features: ['ProjectTools'] }, 'features.0'],
    ['unknown project flag', { projectFeatureDefaults: ['Nope'] }, 'projectFeatureDefaults.0'],
    ['info not text', { infoHtml: 42 }, 'infoHtml'],
    ['info too long', { infoHtml: 'x'.repeat(20_001) }, 'infoHtml'],
    ['hasLogo set directly', { hasLogo: true }, 'hasLogo'],
  ])('refuses %s with 400', async (_name, change, reference) => {
    const messages = await expectErrorShape(await t.request('POST', `${P}/tenants`, { cookie: admin, body: { name: 'T', type: 'standard', ...change } }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
  });

  it('keeps the type while the tenant has projects (409)', async () => {
    const messages = await expectErrorShape(await edit(`tenants/${tenant.Nordstein}`, { type: 'ccl' }), 409);
    expect(messages[0]).toMatchObject({ reference: 'type', key: 'ADMIN.Tenants.TypeFixedWithProjects' });
    expect((await edit(`tenants/${tenant.Nordstein}`, { type: 'standard', name: 'Nordstein Porenbeton' })).status).toBe(200);
  });

  it('with projects, sales organisations, plants and users cannot be deleted (409)', async () => {
    const messages = await expectErrorShape(await t.request('DELETE', `${P}/tenants/${tenant.Nordstein}`, { cookie: admin }), 409);
    expect(messages.map((m) => m.key)).toEqual(['ADMIN.Tenants.HasProjects', 'ADMIN.Tenants.HasSalesOrgs', 'ADMIN.Tenants.HasPlants', 'ADMIN.Tenants.HasProductTypes', 'ADMIN.Tenants.HasUsers']);
    const fresh = await create('tenants', { name: 'Mit Werk', type: 'standard' });
    await create('plants', { name: 'Werk X', tenantID: fresh.id });
    const refused = await expectErrorShape(await t.request('DELETE', `${P}/tenants/${fresh.id}`, { cookie: admin }), 409);
    expect(refused.map((m) => m.key)).toEqual(['ADMIN.Tenants.HasPlants']);
  });

  it('logo: upload sets hasLogo and is served by the logo route; delete removes it', async () => {
    const fresh = await create('tenants', { name: 'Logo GmbH', type: 'standard' });
    const png = makePng(120, 40);
    const response = await upload(`tenants/${fresh.id}/logo`, png);
    expect(response.status).toBe(200);
    const record = await response.json();
    expect(record).toMatchObject({ hasLogo: true, logoUrl: expect.stringMatching(new RegExp(`^/api/data/planxchange/tenantfiles/${fresh.id}/thumbnail\\.png\\?ts=\\d+$`)) });
    const logo = await t.request('GET', record.logoUrl, { cookie: await t.login('customer') });
    expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true);
    const removed = await (await t.request('DELETE', `${P}/tenants/${fresh.id}/logo`, { cookie: admin })).json();
    expect(removed).toMatchObject({ hasLogo: false, logoUrl: '' });
    await expectErrorShape(await t.request('GET', `${P}/tenantfiles/${fresh.id}/thumbnail.png`, { cookie: admin }), 404);
    await expectErrorShape(await t.request('DELETE', `${P}/tenants/${fresh.id}/logo`, { cookie: admin }), 404);

    // A deleted tenant's logo file goes with it; a refused delete keeps it.
    await upload(`tenants/${fresh.id}/logo`, png);
    expect((await t.request('DELETE', `${P}/tenants/${fresh.id}`, { cookie: admin })).status).toBe(200);
    await expectErrorShape(await t.request('GET', `${P}/tenantfiles/${fresh.id}/thumbnail.png`, { cookie: admin }), 404);
    await expectErrorShape(await t.request('DELETE', `${P}/tenants/${tenant.Nordstein}`, { cookie: admin }), 409);
    expect((await t.request('GET', `${P}/tenantfiles/${tenant.Nordstein}/thumbnail.png`, { cookie: admin })).status).toBe(200);
  });
});

describe('access', () => {
  // Every write of this area, and the reads that are admin-only (tenants).
  const calls = (): [string, string, unknown?][] => [
    ['POST', `${P}/plants`, { name: 'X', tenantID: tenant.Nordstein }],
    ['PUT', `${P}/plants/1`, { name: 'X' }],
    ['DELETE', `${P}/plants/1`],
    ['POST', `${P}/producttypes`, { title: 'X', bgColor: '#000000', textColor: '#ffffff', tenantID: tenant.Nordstein }],
    ['PUT', `${P}/producttypes/1`, { title: 'X' }],
    ['DELETE', `${P}/producttypes/1`],
    ['POST', `${P}/salesorganisations`, { salesOrgKey: 'X', title: 'X', tenantID: tenant.Nordstein }],
    ['PUT', `${P}/salesorganisations/1`, { title: 'X' }],
    ['DELETE', `${P}/salesorganisations/1`],
    ['POST', `${P}/salesorganisations/1/image`, 'multipart'],
    ['DELETE', `${P}/salesorganisations/1/image`],
    ['GET', `${P}/tenants`],
    ['GET', `${P}/tenants/${tenant.Nordstein}`],
    ['POST', `${P}/tenants`, { name: 'X', type: 'standard' }],
    ['PUT', `${P}/tenants/${tenant.Nordstein}`, { name: 'X' }],
    ['DELETE', `${P}/tenants/${tenant.Nordstein}`],
    ['POST', `${P}/tenants/${tenant.Nordstein}/logo`, 'multipart'],
    ['DELETE', `${P}/tenants/${tenant.Nordstein}/logo`],
  ];

  it.each(['customer', 'staff', 'configurer', 'drafter', 'partner'])('%s gets 403 from every admin master-data call', async (login) => {
    const cookie = await t.login(login);
    for (const [method, path, body] of calls()) {
      const response = body === 'multipart' ? await upload(path.slice(P.length + 1), makePng(8, 8), { cookie }) : await t.request(method, path, { cookie, body });
      expect(response.status, `${login} ${method} ${path}`).toBe(403);
      await expectErrorShape(response, 403);
    }
  });

  it('customers do not list plants or product types; internal staff do, every user reads sales organisations', async () => {
    for (const login of ['customer', 'partner']) {
      const cookie = await t.login(login);
      await expectErrorShape(await t.request('GET', `${P}/plants`, { cookie }), 403);
      await expectErrorShape(await t.request('GET', `${P}/producttypes/1`, { cookie }), 403);
      expect((await t.request('GET', `${P}/salesorganisations`, { cookie })).status).toBe(200);
    }
    for (const login of ['staff', 'configurer']) {
      expect((await t.request('GET', `${P}/producttypes`, { cookie: await t.login(login) })).status).toBe(200);
    }
  });

  it('without a session everything is 401', async () => {
    for (const [method, path, body] of calls()) {
      const response = body === 'multipart' ? await t.app.request(`http://localhost${path}`, { method: 'POST' }) : await t.request(method, path, { body });
      expect(response.status).toBe(401);
    }
  });
});
