import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const P = '/api/data/planxchange/projectfeatures';
let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.login('admin');
});
afterAll(async () => t.close());

describe('project feature flags', () => {
  it('lists every root project with its flags and the tenant defaults', async () => {
    const response = await t.request('GET', `${P}?range=[0,99]`, { cookie: admin });
    expect(response.headers.get('content-range')).toBe('projectfeatures 0-8/9');
    const rows = await response.json();
    const maaskade = rows.find((row: { title: string }) => row.title === 'Appartementen Maaskade');
    expect(maaskade).toMatchObject({ tenantName: 'Calcon Bouwsystemen', features: expect.arrayContaining(['HideMemberEMail']) });
    expect(maaskade.tenantDefaults).toContain('ProjectTools');
  });

  it('filters by feature and text', async () => {
    const rows = await (await t.request('GET', `${P}?filter=${encodeURIComponent('{"feature":"HideMemberEMail"}')}`, { cookie: admin })).json();
    expect(rows.map((row: { title: string }) => row.title)).toEqual(['Appartementen Maaskade']);
    await expectErrorShape(await t.request('GET', `${P}?filter=${encodeURIComponent('{"feature":"Teleport"}')}`, { cookie: admin }), 400);
  });

  it('sets the flags of a project; the details context shows them at once', async () => {
    const [row] = await (await t.request('GET', `${P}?filter=${encodeURIComponent('{"q":"Weserblick"}')}`, { cookie: admin })).json();
    const response = await t.request('PUT', `${P}/${row.id}`, { cookie: admin, body: { features: ['HasJournal', 'ProjectTools'] } });
    expect((await response.json()).features).toEqual(['ProjectTools', 'HasJournal']);
    const context = await (await t.request('GET', `/api/data/planxchange/projects/${row.id}/context`, { cookie: await t.login('customer') })).json();
    expect(context.features).toEqual(['ProjectTools', 'HasJournal']);
  });

  it.each([[{ features: ['Teleport'] }], [{ features: 'ProjectTools' }], [{}], [{ features: [], title: 'x' }]])('refuses %j with 400', async (body) => {
    const [row] = await (await t.request('GET', P, { cookie: admin })).json();
    await expectErrorShape(await t.request('PUT', `${P}/${row.id}`, { cookie: admin, body }), 400);
  });

  it('only roots: a subproject id is 404', async () => {
    const units = await (await t.request('GET', `/api/data/planxchange/projects?filter=${encodeURIComponent('{"projectUnitType":"subproject"}')}`, { cookie: admin })).json();
    await expectErrorShape(await t.request('GET', `${P}/${units[0].id}`, { cookie: admin }), 404);
  });
});
