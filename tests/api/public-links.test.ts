import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like, or } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mails, rateLimits, salesOrganisations, tenants, users } from '../../server/db/schema.js';
import { resetMailLimits } from '../../server/services/mail-outbox.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { serverEnv } from './server-process.js';
import { spawnServer } from '../support/server.js';

/**
 * Issue #41: every link the portal mails starts at PUBLIC_URL, whatever Host and Origin a request claims; a request
 * for another host is refused before any route runs; every mail a user's action sends counts against the mail limits.
 */
const PUBLIC = 'https://portal.example';
const M = '/api/data/planxchange/projectmembers';
let t: TestContext;
const cookie: Record<string, string> = {};
const user: Record<string, number> = {};
let root = 0;

const forged = { host: 'attacker.example', origin: 'http://attacker.example' };
/** Hosts the portal answers besides PUBLIC_URL's: an allowed origin, and loopback (development). */
const otherAllowed = [
  { host: 'planung.portal.example', origin: 'https://planung.portal.example' },
  { host: '127.0.0.1:9999', origin: 'http://127.0.0.1:9999' },
];

const mailsTo = (recipient: string) => t.db.select().from(mails).where(eq(mails.recipient, recipient));
const lastMail = async (recipient: string) => (await mailsTo(recipient)).at(-1)!;
const linksIn = (body: string) => body.match(/https?:\/\/[^\s"<>)]+/g) ?? [];

async function json<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function clearMailCounters() {
  await t.db.delete(rateLimits).where(or(like(rateLimits.key, 'mail:%'), like(rateLimits.key, 'action:%')));
}

beforeAll(async () => {
  t = await createTestContext({ config: { publicUrl: PUBLIC, allowedOrigins: ['https://planung.portal.example'], allowLoopbackHosts: true } });
  for (const login of ['admin', 'staff', 'customer']) cookie[login] = await t.login(login);
  for (const row of await t.db.select().from(users)) user[row.login] = row.id;
  const [tenant] = await t.db.select().from(tenants).where(like(tenants.name, 'Nordstein%'));
  const [org] = await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'NS-DE'));
  const created = await t.request('POST', '/api/data/planxchange/projects', {
    cookie: cookie.staff,
    body: { parentProjectUnitID: null, projectUnitType: 'project', title: 'Linkprobe', tenantID: tenant.id, salesOrgID: org.id, country: 'de' },
  });
  root = (await json<{ id: number }>(created, 201)).id;
});
afterAll(async () => t.close());
afterEach(async () => {
  delete process.env.MAIL_LIMIT_PER_SENDER;
  resetMailLimits();
  await clearMailCounters();
});

/** Every route that mails a link, as the user who may use it; `n` makes each call's new address unique. */
const mailingRoutes = (headers: Record<string, string>, n: string) => [
  { kind: 'invitation (admin, new account)', recipient: `neu.${n}@bauherr.example`, send: () => t.request('POST', '/api/data/planxchange/users', { cookie: cookie.admin, headers, body: { login: `neu.${n}`, email: `neu.${n}@bauherr.example`, firstName: 'Neu', lastName: 'Konto' } }) },
  { kind: 'invitation (admin, sent again)', recipient: 'drafter', send: () => t.request('POST', `/api/data/planxchange/users/${user.drafter}/invite`, { cookie: cookie.admin, headers }) },
  { kind: 'invitation (member by new e-mail)', recipient: `gast.${n}@bauherr.example`, send: () => t.request('POST', `${M}/${root}`, { cookie: cookie.staff, headers, body: { email: `gast.${n}@bauherr.example`, language: 'en', memberRoleKey: 'reviewer' } }) },
  { kind: 'account deletion', recipient: 'customer', send: () => t.request('POST', '/api/account/delete', { cookie: cookie.customer, headers }) },
];

async function addressOf(recipient: string) {
  if (recipient.includes('@')) return recipient;
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.login, recipient));
  return row.email;
}

describe('links start at PUBLIC_URL, never at the request\'s Host', () => {
  it('a forged Host with a matching Origin is refused (421) before any route runs, and no mail is queued', async () => {
    const before = (await t.db.select().from(mails)).length;
    for (const route of mailingRoutes(forged, 'forged')) {
      const [message] = await expectErrorShape(await route.send(), 421);
      expect(message.key, route.kind).toBe('ERRORMESSAGES.HostNotAllowed');
    }
    const resend = await t.request('POST', `${M}/${root}/${user.drafter}/invitation`, { cookie: cookie.staff, headers: forged });
    await expectErrorShape(resend, 421);
    // Even the login page's requests and unknown paths: nothing answers another host.
    await expectErrorShape(await t.request('POST', '/api/auth/login', { headers: forged, body: { username: 'admin', password: 'x' } }), 421);
    expect((await t.db.select().from(mails)).length).toBe(before);
  });

  it('health checks answer any host (a probe uses the pod\'s address)', async () => {
    expect((await t.request('GET', '/api/health', { headers: { host: '10.1.2.3:3000' } })).status).toBe(200);
  });

  it('requests to another allowed host (ALLOWED_ORIGINS, loopback in development) mail links of PUBLIC_URL (every mail kind)', async () => {
    for (const [index, headers] of otherAllowed.entries()) {
      for (const route of mailingRoutes(headers, `ok${index}`)) {
        const response = await route.send();
        expect(response.status, `${route.kind} via ${headers.host}: ${await response.clone().text()}`).toBeLessThan(300);
        const mail = await lastMail(await addressOf(route.recipient));
        const links = linksIn(mail.body);
        expect(links.length, route.kind).toBeGreaterThan(0);
        for (const link of links) expect(link, route.kind).toMatch(/^https:\/\/portal\.example\/(account|home)\//);
      }
      await clearMailCounters();
    }
  });

  it('member mails too: a passwordless member invited again, a member added (link to the project)', async () => {
    const headers = otherAllowed[1];
    const invited = await json<{ userID: number }>(await t.request('POST', `${M}/${root}`, { cookie: cookie.staff, headers, body: { email: 'wieder@bauherr.example', memberRoleKey: 'member' } }), 201);
    expect((await t.request('POST', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.staff, headers })).status).toBe(200);
    expect(linksIn((await lastMail('wieder@bauherr.example')).body)[0]).toMatch(/^https:\/\/portal\.example\/account\/set-password\?token=/);
    expect((await t.request('POST', `${M}/${root}`, { cookie: cookie.staff, headers, body: { userID: user.partner, memberRoleKey: 'purchaser' } })).status).toBe(201);
    const added = await lastMail('partner@bauunternehmen.example');
    expect(added.kind).toBe('member-added');
    expect(linksIn(added.body)).toEqual([`https://portal.example/home/app/project/details/${root}`]);
    expect((await t.request('DELETE', `${M}/${root}/${user.partner}`, { cookie: cookie.staff })).status).toBeLessThan(300);
  });

  it('the cross-site check no longer believes the Host: an allowed host with a foreign Origin is 403', async () => {
    const response = await t.request('POST', '/api/account/delete', { cookie: cookie.customer, headers: { host: '127.0.0.1:9999', origin: 'http://127.0.0.1:7777' } });
    expect((await expectErrorShape(response, 403))[0].key).toBe('ERRORMESSAGES.CrossSiteRequest');
  });
});

describe('the mail limits hold on every route that mails (the outbox counts)', () => {
  it('the fourth invitation to one person within the hour: 429 on the member route too, no fourth mail', async () => {
    const invited = await json<{ userID: number }>(await t.request('POST', `${M}/${root}`, { cookie: cookie.staff, body: { email: 'viermal@bauherr.example', memberRoleKey: 'member' } }), 201);
    const resend = () => t.request('POST', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.staff });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const refused = await resend();
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect((await expectErrorShape(refused, 429))[0].key).toBe('RATELIMIT.mailPerRecipient');
    expect(retryAfter).toBeGreaterThan(0);
    expect(await mailsTo('viermal@bauherr.example')).toHaveLength(3);
    // The admin route counts for the same address.
    await expectErrorShape(await t.request('POST', `/api/data/planxchange/users/${invited.userID}/invite`, { cookie: cookie.admin }), 429);
  });

  it('adding and removing a member again and again: the fourth "added" mail within the hour is refused with the add', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const added = await t.request('POST', `${M}/${root}`, { cookie: cookie.staff, body: { userID: user.partner, memberRoleKey: 'purchaser' } });
      statuses.push(added.status);
      if (added.status === 201) expect((await t.request('DELETE', `${M}/${root}/${user.partner}`, { cookie: cookie.staff })).status).toBeLessThan(300);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const sent = await t.db.select().from(mails).where(and(eq(mails.recipient, 'partner@bauunternehmen.example'), eq(mails.kind, 'member-added')));
    expect(sent.length).toBeLessThanOrEqual(4); // one from the earlier test, three here
  });

  it('new addresses one after another: the sender\'s hourly budget (MAIL_LIMIT_PER_SENDER) ends them, nothing half-created', async () => {
    process.env.MAIL_LIMIT_PER_SENDER = '5';
    resetMailLimits();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.request('POST', `${M}/${root}`, { cookie: cookie.staff, body: { email: `flut.${i}@bauherr.example`, memberRoleKey: 'member' } })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(await t.db.select().from(users).where(like(users.email, 'flut.%'))).toHaveLength(5);
    // Another sender is not affected.
    const other = await t.request('POST', '/api/data/planxchange/users', { cookie: cookie.admin, body: { login: 'anderer.absender', email: 'anderer@bauherr.example', firstName: 'A', lastName: 'B' } });
    expect(other.status).toBe(201);
  });
});

describe('the start', () => {
  const start = (env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'px-public-url-'));
    const child = spawnServer(serverEnv(dataDir, env), ['ignore', 'pipe', 'pipe']);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    return new Promise<{ code: number | null; output: string }>((done) =>
      child.once('exit', (code) => {
        rmSync(dataDir, { recursive: true, force: true });
        done({ code, output });
      }),
    );
  };

  it('without PUBLIC_URL in production mode (or with SEED=none) the start fails with a message naming it', async () => {
    const production = await start({ PUBLIC_URL: '' });
    expect(production.code).toBe(1);
    expect(production.output).toContain('PUBLIC_URL is required');
    const empty = await start({ PUBLIC_URL: '', NODE_ENV: 'development', SEED: 'none' });
    expect(empty.code).toBe(1);
    expect(empty.output).toContain('PUBLIC_URL is required');
  }, 60_000);
});
