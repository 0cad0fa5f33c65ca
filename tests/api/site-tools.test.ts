import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, projectUnits } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

let t: TestContext;
let customer: string;
const root: Record<string, typeof projectUnits.$inferSelect> = {};

beforeAll(async () => {
  t = await createTestContext();
  customer = await t.login('customer');
  for (const row of await t.db.select().from(projectUnits)) if (row.id === row.rootId) root[row.title] = row;
});
afterAll(async () => t.close());

const address = (title: string) => `/api/data/planxchange/addresses/${root[title].siteAddressId}`;
const contact = (title: string) => `/api/data/planxchange/contacts/${root[title].siteContactId}`;
const validAddress = { name: 'Baustelle Weserblick Süd', street1: 'Weserpromenade 14', zip: '28217', city: 'Bremen', country: 'DE' };
const validContact = { name: 'Jens Bauleiter', officePhone: '+49 421 555 7100', officeFax: '', companyMobile: '+49 171 555 7101', officeEMail: 'jens@weserblick.example' };

describe('site address and contact', () => {
  it('reads and updates the site address of a project the user is a member of', async () => {
    const read = await t.request('GET', address('Wohnpark Weserblick'), { cookie: customer });
    const before = await read.json();
    expect(before).toMatchObject({ name: 'Baustelle Wohnpark Weserblick', city: 'Bremen', version: 1 });
    const response = await t.request('PUT', address('Wohnpark Weserblick'), { cookie: customer, body: { ...validAddress, version: before.version } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ...validAddress, version: before.version + 1 });
  });

  it('needs the version read: a missing one is 400, a stale one 409 and nothing is overwritten', async () => {
    const staff = await t.login('staff');
    const before = await (await t.request('GET', address('Wohnpark Weserblick'), { cookie: customer })).json();
    const missing = await expectErrorShape(await t.request('PUT', address('Wohnpark Weserblick'), { cookie: customer, body: validAddress }), 400);
    expect(missing.map((m) => m.reference)).toEqual(['version']);
    // Staff renames the site; the customer's street change from the same version must not undo it.
    const renamed = await t.request('PUT', address('Wohnpark Weserblick'), { cookie: staff, body: { ...validAddress, name: 'Baustelle Süd', version: before.version } });
    expect(renamed.status).toBe(200);
    const stale = await expectErrorShape(await t.request('PUT', address('Wohnpark Weserblick'), { cookie: customer, body: { ...validAddress, street1: 'Neue Straße 1', version: before.version } }), 409);
    expect(stale[0].key).toBe('ERRORMESSAGES.ChangedMeanwhile');
    expect(await (await t.request('GET', address('Wohnpark Weserblick'), { cookie: customer })).json()).toMatchObject({ name: 'Baustelle Süd', street1: validAddress.street1, version: before.version + 1 });
  });

  it('accepts the record echoed back with its ids', async () => {
    const record = await (await t.request('GET', contact('Wohnpark Weserblick'), { cookie: customer })).json();
    const response = await t.request('PUT', contact('Wohnpark Weserblick'), { cookie: customer, body: { ...record, name: 'Jens B.' } });
    expect((await response.json()).name).toBe('Jens B.');
  });

  it.each([
    [{ ...validContact, officeEMail: 'not-an-address' }, 'officeEMail'],
    [{ ...validContact, officePhone: 'call me' }, 'officePhone'],
    [{ ...validContact, extra: 1 }, 'extra'],
    [{ name: 'x' }, 'officePhone'],
  ])('refuses %j with 400', async (body, reference) => {
    const messages = await expectErrorShape(await t.request('PUT', contact('Wohnpark Weserblick'), { cookie: customer, body }), 400);
    expect(messages.map((m) => m.reference)).toContain(reference);
  });

  it('a project the user is no member of is 404; a closed project is 403', async () => {
    await expectErrorShape(await t.request('GET', address('Gewerbehof Nord'), { cookie: customer }), 404);
    await expectErrorShape(await t.request('PUT', address('Gewerbehof Nord'), { cookie: customer, body: { ...validAddress, version: 1 } }), 404);
    await expectErrorShape(await t.request('PUT', address('Altbau Sanierung Mitte'), { cookie: customer, body: { ...validAddress, version: 1 } }), 403);
    await expectErrorShape(await t.request('GET', '/api/data/planxchange/addresses/999999', { cookie: customer }), 404);
  });

  it('another user’s profile address is not reachable here', async () => {
    await expectErrorShape(await t.request('GET', '/api/data/planxchange/addresses/1', { cookie: customer }), 404);
  });
});

describe('project tools', () => {
  const run = (name: string, data: unknown, cookie = customer) => t.request('POST', '/api/project-tools/execute', { cookie, body: { name, data } });

  it('edits the site address and contact through the tools', async () => {
    const rootUnitId = root['Wohnpark Weserblick'].id;
    const { version } = await (await t.request('GET', address('Wohnpark Weserblick'), { cookie: customer })).json();
    const response = await run('edit-site-address', { rootUnitId, ...validAddress, city: 'Bremen-Nord', version });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ city: 'Bremen-Nord', version: version + 1 });
    // The same version again: someone else's save came first.
    await expectErrorShape(await run('edit-site-address', { rootUnitId, ...validAddress, version }), 409);
    await expectErrorShape(await run('edit-site-contact', { rootUnitId, ...validContact }), 400);
    const contactVersion = (await (await t.request('GET', contact('Wohnpark Weserblick'), { cookie: customer })).json()).version;
    expect((await run('edit-site-contact', { rootUnitId, ...validContact, version: contactVersion })).status).toBe(200);
  });

  it('a reviewer change request mails the sales planner through the outbox', async () => {
    const response = await run('reviewer-change-request', { rootUnitId: root['Wohnpark Weserblick'].id, email: 'new.reviewer@bouwbedrijf.example' });
    expect(response.status).toBe(202);
    const [mail] = await t.db.select().from(mails).where(eq(mails.kind, 'reviewer-change-request'));
    expect(mail).toMatchObject({ recipient: 'staff@nordstein.example', status: 'queued' });
    expect(mail.body).toContain('new.reviewer@bouwbedrijf.example');
    expect(mail.subject).toContain('Wohnpark Weserblick');
  });

  it('refuses a bad e-mail, an unknown tool, missing data, a project without ProjectTools and a stranger’s project', async () => {
    const rootUnitId = root['Wohnpark Weserblick'].id;
    const messages = await expectErrorShape(await run('reviewer-change-request', { rootUnitId, email: 'nope' }), 400);
    expect(messages[0].reference).toBe('data.email');
    await expectErrorShape(await run('format-disk', { rootUnitId }), 400);
    await expectErrorShape(await run('reviewer-change-request', {}), 400);
    await expectErrorShape(await run('reviewer-change-request', { rootUnitId: root['Altbau Sanierung Mitte'].id, email: 'a@b.example' }), 403);
    await expectErrorShape(await run('reviewer-change-request', { rootUnitId: root['Gewerbehof Nord'].id, email: 'a@b.example' }), 404);
    await expectErrorShape(await t.request('POST', '/api/project-tools/execute', { cookie: customer, body: [] }), 400);
  });
});
