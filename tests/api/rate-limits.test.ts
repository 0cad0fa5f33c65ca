import { eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTION_LIMITS, MAIL_LIMITS, type LimitedAction } from '../../src/domain/rateLimits.js';
import { createApp } from '../../server/app.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import { mails, projectFiles, projectUnits, rateLimits, users } from '../../server/db/schema.js';
import { createTestContext, DEMO_PASSWORD, expectErrorShape, type TestContext } from './helpers.js';

/** Every action that sends mail or costs CPU is limited per user: 429 with Retry-After, in the user's language. */
let t: TestContext;
let customer: string;
let staff: string;
let admin: string;
let configurer: string;
const userId: Record<string, number> = {};
const unit: Record<string, number> = {};
const fileId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  [customer, staff, admin, configurer] = await Promise.all(['customer', 'staff', 'admin', 'configurer'].map((login) => t.login(login)));
  for (const row of await t.db.select().from(users)) userId[row.login] = row.id;
  for (const row of await t.db.select().from(projectUnits)) unit[row.title] = row.id;
  for (const row of await t.db.select().from(projectFiles)) fileId[row.name] = row.id;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(rateLimits).where(or(like(rateLimits.key, 'action:%'), like(rateLimits.key, 'mail:%')));
});

/** A mail counter (mail-outbox.ts) at `count` just now. */
async function usedUpMails(key: string, count: number) {
  const row = { count, windowStart: new Date(), expiresAt: new Date(Date.now() + 3_600_000) };
  await t.db.insert(rateLimits).values({ key, ...row }).onConflictDoUpdate({ target: rateLimits.key, set: row });
}

/** As if the user had used up the window just now (for limits too large to reach request by request). */
async function usedUp(action: LimitedAction, id: number) {
  const row = { count: ACTION_LIMITS[action].max, windowStart: new Date(), expiresAt: new Date(Date.now() + 3_600_000) };
  await t.db.insert(rateLimits).values({ key: `action:${action}:${id}`, ...row }).onConflictDoUpdate({ target: rateLimits.key, set: row });
}

async function expectLimited(response: Response, key: string, text?: RegExp) {
  const retryAfter = Number(response.headers.get('retry-after'));
  const messages = await expectErrorShape(response, 429);
  expect(messages[0].key).toBe(key);
  if (text) expect(messages[0].text).toMatch(text);
  expect(retryAfter).toBeGreaterThan(0);
  return retryAfter;
}

const W = () => unit['Wohnpark Weserblick'];

describe('mail-sending actions', () => {
  it('reviewer-change requests: 5 an hour, the 6th is 429 and queues no mail; another user is not affected', async () => {
    const run = (cookie: string) => t.request('POST', '/api/project-tools/execute', { cookie, body: { name: 'reviewer-change-request', data: { rootUnitId: W(), email: 'new.reviewer@bouwbedrijf.example' } } });
    const before = (await t.db.select().from(mails).where(eq(mails.kind, 'reviewer-change-request'))).length;
    for (let i = 0; i < ACTION_LIMITS.reviewerChangeRequest.max; i++) expect((await run(customer)).status).toBe(202);
    const retryAfter = await expectLimited(await run(customer), 'RATELIMIT.reviewerChangeRequest', /^You have sent 5 reviewer-change requests within 1 hour\. Please try again in \d+ minutes\.$/);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await t.db.select().from(mails).where(eq(mails.kind, 'reviewer-change-request'))).length - before).toBe(5);
    expect((await run(staff)).status).toBe(202);
  });

  it('account-deletion requests: 3 an hour, in the user language (staff: German)', async () => {
    for (let i = 0; i < ACTION_LIMITS.accountDeletionRequest.max; i++) expect((await t.request('POST', '/api/account/delete', { cookie: staff })).status).toBe(202);
    await expectLimited(await t.request('POST', '/api/account/delete', { cookie: staff }), 'RATELIMIT.accountDeletionRequest', /^Der Bestätigungslink wurde innerhalb von 1 Stunde 3-mal gesendet\..* in \d+ Minuten erneut\.$/);
    // The window over, the next request goes out again.
    await t.db.update(rateLimits).set({ windowStart: sql`${rateLimits.windowStart} - interval '61 minutes'` });
    expect((await t.request('POST', '/api/account/delete', { cookie: staff })).status).toBe(202);
  });

  it('invitations: 3 an hour to one address, the 4th is 429 and queues no mail; 100 an hour from one sender (the outbox counts)', async () => {
    const invite = (id: number) => t.request('POST', `/api/data/planxchange/users/${id}/invite`, { cookie: admin });
    const [drafter] = await t.db.select().from(users).where(eq(users.id, userId.drafter));
    const queued = async () => (await t.db.select().from(mails).where(eq(mails.recipient, drafter.email))).length;
    const before = await queued();
    for (let i = 0; i < MAIL_LIMITS.perRecipient.max; i++) expect((await invite(userId.drafter)).status).toBe(202);
    await expectLimited(await invite(userId.drafter), 'RATELIMIT.mailPerRecipient', /^3 mails have been sent to this address within 1 hour\. Please try again in \d+ minutes\.$/);
    expect((await queued()) - before).toBe(3);
    expect((await invite(userId.configurer)).status).toBe(202);
    await usedUpMails(`mail:from:${userId.admin}`, MAIL_LIMITS.perSender.max);
    await expectLimited(await invite(userId.customer), 'RATELIMIT.mailPerSender');
    const created = await t.request('POST', '/api/data/planxchange/users', { cookie: admin, body: { login: 'new.one', email: 'new.one@example.com', firstName: 'New', lastName: 'One' } });
    await expectLimited(created, 'RATELIMIT.mailPerSender');
    // Refused as a whole: no account without its invitation.
    expect(await t.db.select().from(users).where(eq(users.login, 'new.one'))).toEqual([]);
    // An external login gets no mail, so it is not counted.
    const external = await t.request('POST', '/api/data/planxchange/users', { cookie: admin, body: { login: 'sso.one', email: 'sso.one@example.com', firstName: 'Sso', lastName: 'One', isExternalLogin: true } });
    expect(external.status).toBe(201);
  });
});

describe('the password dialog', () => {
  const change = (oldPassword: string) =>
    t.request('PUT', '/api/account/planxchange/password', { cookie: configurer, body: { oldPassword, newPassword: 'Neu-Passwort-2', confirmNewPassword: 'Neu-Passwort-2' } });

  it('5 wrong current passwords in 15 minutes, then 429 — even for the right one, without hashing it', async () => {
    for (let i = 0; i < ACTION_LIMITS.passwordChangeFailure.max; i++) expect((await change(`Wrong-${i}x`)).status).toBe(400);
    await expectLimited(await change(DEMO_PASSWORD), 'RATELIMIT.passwordChangeFailure', /^Das aktuelle Passwort war innerhalb von 15 Minuten 5-mal falsch\./);
  });

  it('the right current password is not counted', async () => {
    for (let i = 0; i < 4; i++) expect((await change(`Wrong-${i}x`)).status).toBe(400);
    expect((await change(DEMO_PASSWORD)).status).toBe(200);
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, `action:passwordChangeFailure:${userId.configurer}`));
    expect(row.count).toBe(4);
    // Back to the demo password for the other tests.
    await t.request('PUT', '/api/account/planxchange/password', { cookie: configurer, body: { oldPassword: 'Neu-Passwort-2', newPassword: DEMO_PASSWORD, confirmNewPassword: DEMO_PASSWORD } });
  });
});

describe('CPU-costly actions', () => {
  it('uploads: 60 requests an hour, refused before the body is read', async () => {
    await usedUp('projectFileUpload', userId.customer);
    const form = new FormData();
    form.append('file', new Blob(['plain text']), 'Notiz.txt');
    const response = await t.app.request(`http://localhost/api/file/${W()}/${W()}`, { method: 'POST', headers: { cookie: customer }, body: form });
    await expectLimited(response, 'RATELIMIT.projectFileUpload');
  });

  it('IFC files: 20 an hour (each is read for the 3D viewer)', async () => {
    await usedUp('ifcUpload', userId.customer);
    const form = new FormData();
    form.append('file', new Blob(['ISO-10303-21;\nHEADER;\nENDSEC;\nEND-ISO-10303-21;\n']), 'Modell.ifc');
    const response = await t.app.request(`http://localhost/api/file/${W()}/${W()}`, { method: 'POST', headers: { cookie: customer }, body: form });
    await expectLimited(response, 'RATELIMIT.ifcUpload');
    expect(await t.db.select().from(projectFiles).where(eq(projectFiles.name, 'Modell.ifc'))).toHaveLength(0);
  });

  it('the structure read from an IFC file: 30 in 10 minutes', async () => {
    await usedUp('ifcStructure', userId.customer);
    await expectLimited(await t.request('GET', `/api/file/${W()}/${fileId['Wohnpark-Weserblick.ifc']}/ifcstructure`, { cookie: customer }), 'RATELIMIT.ifcStructure');
  });

  it('zip downloads: 30 asked for an hour, 60 packed', async () => {
    const body = [{ fileID: fileId['Baubeschreibung.pdf'], projectUnitID: W(), fileName: 'Baubeschreibung.pdf' }];
    const ask = () => t.request('POST', `/api/file/projectFiles/${W()}`, { cookie: customer, body });
    const asked = await ask();
    expect(asked.status).toBe(201);
    const { downloadID } = await asked.json();
    await usedUp('zipDownload', userId.customer);
    await expectLimited(await ask(), 'RATELIMIT.zipDownload');
    const fetchZip = () => t.request('GET', `/api/file/projectFiles/download/${downloadID}`, { cookie: customer });
    expect((await fetchZip()).status).toBe(200);
    await usedUp('zipBuild', userId.customer);
    await expectLimited(await fetchZip(), 'RATELIMIT.zipBuild');
  });

  it('the sheet editor check: 600 in 10 minutes', async () => {
    await usedUp('sheetValidation', userId.configurer);
    await expectLimited(await t.request('POST', '/api/questionnaire-sheets/validate', { cookie: configurer, body: { schema: {}, uiSchema: {} } }), 'RATELIMIT.sheetValidation');
  });
});

describe('several server processes', () => {
  it('count against the same limit: 10 parallel deletion requests through two apps send 3 mails', async () => {
    // A second "process": its own connection pool on the same PostgreSQL database (PGlite: the same database).
    let second: Database | undefined;
    const url = t.databaseUrl;
    const otherApp = url ? createApp((second = await openDatabase({ databaseUrl: url })).db) : t.app;
    try {
      const cookie = customer;
      const apps = [t.app, otherApp];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => apps[i % 2].request('http://localhost/api/account/delete', { method: 'POST', headers: { cookie } })),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 202)).toHaveLength(ACTION_LIMITS.accountDeletionRequest.max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10 - ACTION_LIMITS.accountDeletionRequest.max);
    } finally {
      await second?.close();
    }
  });
});
