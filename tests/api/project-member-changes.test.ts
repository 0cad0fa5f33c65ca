import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberCandidate } from '../../src/domain/memberManagement.js';
import type { Member } from '../../src/domain/members.js';
import { mails, projectUnits, salesOrganisations, tenants, userInvitations, users, userTenants } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const M = '/api/data/planxchange/projectmembers';
const ROLES = ['admin', 'staff', 'configurer', 'customer', 'drafter', 'partner'] as const;
const PASSWORD = 'Neu-Kunde-77';
let t: TestContext;
const cookie: Record<string, string> = {};
const user: Record<string, number> = {};
const unit: Record<string, number> = {};
let tenantId: Record<string, number> = {};
let root = 0;
let calconOnly = 0;

async function json<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
const members = async (login: string, rootId = root) => json<Member[]>(await t.request('GET', `${M}/${rootId}`, { cookie: cookie[login] }));
const add = (login: string, body: unknown, rootId = root) => t.request('POST', `${M}/${rootId}`, { cookie: cookie[login], body });
const setRole = (login: string, userId: number, memberRoleKey: string) => t.request('PUT', `${M}/${root}/${userId}`, { cookie: cookie[login], body: { memberRoleKey } });
const remove = (login: string, userId: number) => t.request('DELETE', `${M}/${root}/${userId}`, { cookie: cookie[login] });
const lastMail = async (recipient: string) => (await t.db.select().from(mails).where(eq(mails.recipient, recipient))).at(-1)!;
const tokenOf = (body: string) => /token=([\w-]+)/.exec(body)![1];
const setPassword = (token: string) => t.request('POST', '/api/account/set-password', { body: { token, password: PASSWORD, confirmPassword: PASSWORD } });
const journal = async (rootId = root) =>
  (await json<{ contentJson: string }[]>(await t.request('GET', `/api/data/planxchange/project-unit-journal?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: rootId }))}&range=[0,99]`, { cookie: cookie.staff }))).map(
    (row) => JSON.parse(row.contentJson).additionalMessage as string,
  );

beforeAll(async () => {
  t = await createTestContext();
  for (const login of ROLES) cookie[login] = await t.login(login);
  for (const row of await t.db.select().from(users)) user[row.login] = row.id;
  for (const row of await t.db.select().from(projectUnits)) unit[row.title] = row.id;
  tenantId = Object.fromEntries((await t.db.select().from(tenants)).map((row) => [row.name.split(' ')[0], row.id]));
  const [org] = await t.db.select().from(salesOrganisations).where(eq(salesOrganisations.key, 'NS-DE'));
  const created = await json<{ id: number }>(
    await t.request('POST', '/api/data/planxchange/projects', {
      cookie: cookie.staff,
      body: { parentProjectUnitID: null, projectUnitType: 'project', title: 'Ärztehaus Süd', tenantID: tenantId.Nordstein, salesOrgID: org.id, country: 'de' },
    }),
    201,
  );
  root = created.id;
  // A customer of Calcon only: not a user of the Nordstein project's tenant.
  const other = await json<{ id: number }>(
    await t.request('POST', '/api/data/planxchange/users', { cookie: cookie.admin, body: { login: 'calcon.only', email: 'calcon.only@bouw.example', firstName: 'Cora', lastName: 'Calcon', tenantIDs: [tenantId.Calcon] } }),
    201,
  );
  calconOnly = other.id;
});
afterAll(async () => t.close());

describe('who may change members (every demo role)', () => {
  // Wohnpark Weserblick: customer reviewer, staff salesPlanner, partner purchaser, drafter drafter; admin and configurer are staff of the tenant.
  it.each([
    ['staff', 201],
    ['admin', 201],
    ['customer', 403],
    ['partner', 403],
    ['drafter', 403],
    ['configurer', 403],
  ] as const)('%s adding a member: %i', async (login, status) => {
    const weserblick = unit['Wohnpark Weserblick'];
    const response = await add(login, { userID: user.configurer, memberRoleKey: 'member' }, weserblick);
    if (status === 201) {
      expect((await json<Member>(response, 201)).memberRoleKey).toBe('member');
      expect((await t.request('DELETE', `${M}/${weserblick}/${user.configurer}`, { cookie: cookie[login] })).status).toBe(204);
    } else {
      const [message] = await expectErrorShape(response, 403);
      expect(message.key).toBe(login === 'customer' || login === 'partner' ? 'MEMBERS.Rules.CustomersCannotChange' : 'MEMBERS.Rules.OnlyManagers');
    }
  });

  it('customers see the members but never change them; a root they cannot see is 404', async () => {
    const weserblick = unit['Wohnpark Weserblick'];
    expect((await members('customer', weserblick)).length).toBe(4);
    await expectErrorShape(await t.request('PUT', `${M}/${weserblick}/${user.partner}`, { cookie: cookie.customer, body: { memberRoleKey: 'reviewer' } }), 403);
    await expectErrorShape(await t.request('DELETE', `${M}/${weserblick}/${user.partner}`, { cookie: cookie.customer }), 403);
    await expectErrorShape(await t.request('POST', `${M}/${weserblick}/${user.partner}/invitation`, { cookie: cookie.customer }), 403);
    await expectErrorShape(await t.request('GET', `${M}/${weserblick}/candidates`, { cookie: cookie.customer }), 403);
    await expectErrorShape(await add('customer', { userID: user.customer, memberRoleKey: 'member' }, unit['Gewerbehof Nord']), 404);
    // A child unit's id is no root.
    await expectErrorShape(await add('staff', { userID: user.customer, memberRoleKey: 'member' }, unit['Haus A']), 404);
  });

  it('a process planner manages members too; the invited customer is never shown who is invited', async () => {
    await json(await add('staff', { userID: user.drafter, memberRoleKey: 'processPlanner' }), 201);
    await json(await add('drafter', { userID: user.customer, memberRoleKey: 'reviewer' }), 201);
    expect((await members('customer')).map((member) => [member.userLogin, member.memberRoleKey])).toEqual([
      ['customer', 'reviewer'],
      ['drafter', 'processPlanner'],
      ['staff', 'salesPlanner'],
    ]);
  });
});

describe('rules of every change', () => {
  it('no duplicate member (409); users of another tenant (422); a steering role only for staff (422); bad input (400)', async () => {
    expect((await expectErrorShape(await add('staff', { userID: user.customer, memberRoleKey: 'purchaser' }), 409))[0].key).toBe('MEMBERS.Rules.AlreadyMember');
    expect((await expectErrorShape(await add('staff', { userID: calconOnly, memberRoleKey: 'member' }), 422))[0]).toMatchObject({ key: 'MEMBERS.Rules.OtherTenant', reference: 'userID' });
    expect((await expectErrorShape(await add('staff', { email: 'Calcon.Only@bouw.example', memberRoleKey: 'member' }), 422))[0]).toMatchObject({ key: 'MEMBERS.Rules.OtherTenant', reference: 'email' });
    expect((await expectErrorShape(await add('staff', { userID: user.partner, memberRoleKey: 'salesPlanner' }), 422))[0].key).toBe('MEMBERS.Rules.RoleNeedsStaff');
    expect((await expectErrorShape(await add('staff', { userID: 999999, memberRoleKey: 'member' }), 422))[0].reference).toBe('userID');
    for (const [body, reference] of [
      [{ userID: user.partner, memberRoleKey: 'architect' }, 'memberRoleKey'],
      [{ userID: user.partner }, 'memberRoleKey'],
      [{ memberRoleKey: 'member' }, 'email'],
      [{ userID: user.partner, email: 'x@y.example', memberRoleKey: 'member' }, 'userID'],
      [{ email: 'not-an-address', memberRoleKey: 'member' }, 'email'],
      [{ userID: 'partner', memberRoleKey: 'member' }, 'userID'],
      [{ userID: user.partner, memberRoleKey: 'member', isAdmin: true }, 'isAdmin'],
    ] as const) {
      const messages = await expectErrorShape(await add('staff', body), 400);
      expect(messages.map((message) => message.reference), JSON.stringify(body)).toContain(reference);
    }
  });

  it('the last salesPlanner can be neither demoted nor removed; with a second one both work', async () => {
    expect((await expectErrorShape(await setRole('staff', user.staff, 'member'), 409))[0].key).toBe('MEMBERS.Rules.LastSalesPlanner');
    expect((await expectErrorShape(await remove('staff', user.staff), 409))[0].key).toBe('MEMBERS.Rules.LastSalesPlanner');
    expect((await json<Member>(await setRole('staff', user.drafter, 'salesPlanner'))).memberRoleKey).toBe('salesPlanner');
    expect((await json<Member>(await setRole('staff', user.staff, 'processPlanner'))).memberRoleKey).toBe('processPlanner');
    expect((await expectErrorShape(await setRole('staff', user.drafter, 'drafter'), 409))[0].key).toBe('MEMBERS.Rules.LastSalesPlanner');
    await json(await setRole('drafter', user.staff, 'salesPlanner'));
    await json(await setRole('staff', user.drafter, 'drafter'));
    // A customer cannot become sales planner; a non-member is 404; bad roles 400.
    expect((await expectErrorShape(await setRole('staff', user.customer, 'salesPlanner'), 422))[0].key).toBe('MEMBERS.Rules.RoleNeedsStaff');
    await expectErrorShape(await setRole('staff', user.partner, 'member'), 404);
    await expectErrorShape(await setRole('staff', user.customer, 'boss'), 400);
    await expectErrorShape(await remove('staff', user.partner), 404);
  });

  it('every change is in the journal, in the reader\'s language', async () => {
    const texts = await journal();
    for (const text of [
      'Stefan Planer als Vertriebsplaner hinzugefügt',
      'Dana Zeichner als Prozessplaner hinzugefügt',
      'Kees Klant als Prüfer hinzugefügt',
      'Dana Zeichner: Rolle von Prozessplaner zu Vertriebsplaner geändert',
      'Stefan Planer: Rolle von Prozessplaner zu Vertriebsplaner geändert',
    ]) {
      expect(texts, text).toContain(text);
    }
  });

  it('removing a member takes the project from their lists and their tasks at once', async () => {
    const customerTasks = async () => json<{ rootProjectUnitID: number }[]>(await t.request('GET', `/api/tasks?filter=${encodeURIComponent(JSON.stringify({ rootProjectUnitID: root }))}`, { cookie: cookie.customer }));
    expect(await customerTasks()).toHaveLength(1);
    expect((await remove('staff', user.customer)).status).toBe(204);
    expect(await customerTasks()).toHaveLength(0);
    await expectErrorShape(await t.request('GET', `/api/data/planxchange/projects/${root}`, { cookie: cookie.customer }), 404);
    expect(await journal()).toContain('Kees Klant (Prüfer) entfernt');
    await json(await add('staff', { userID: user.customer, memberRoleKey: 'reviewer' }), 201);
    expect(await customerTasks()).toHaveLength(1);
  });

  it('concurrent adds of the same person: one wins, the other gets 409', async () => {
    const answers = await Promise.all([add('staff', { userID: user.partner, memberRoleKey: 'purchaser' }), add('admin', { userID: user.partner, memberRoleKey: 'member' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await members('staff')).filter((member) => member.userID === user.partner)).toHaveLength(1);
    expect((await remove('staff', user.partner)).status).toBe(204);
  });

  it('candidates: active users of the tenant who are not members, for those who manage', async () => {
    const candidates = await json<MemberCandidate[]>(await t.request('GET', `${M}/${root}/candidates`, { cookie: cookie.staff }));
    const logins = candidates.map((candidate) => candidate.userLogin);
    expect(logins).toContain('partner');
    expect(logins).toContain('admin');
    expect(logins).not.toContain('customer');
    expect(logins).not.toContain('calcon.only');
    expect(candidates.find((candidate) => candidate.userLogin === 'partner')).toEqual({ userID: user.partner, userLogin: 'partner', firstName: 'Paul', lastName: 'Partner', email: 'partner@bauunternehmen.example', isInternal: false });
    const found = await json<MemberCandidate[]>(await t.request('GET', `${M}/${root}/candidates?q=${encodeURIComponent('paul part')}`, { cookie: cookie.staff }));
    expect(found.map((candidate) => candidate.userLogin)).toEqual(['partner']);
  });
});

describe('invitations', () => {
  it('a new person by e-mail: a customer account of the tenant, a mail with a one-time link naming the project', async () => {
    const created = await json<Member>(await add('staff', { email: 'Nele.Neu@Bauherr.example', firstName: 'Nele', lastName: 'Neu', language: 'en', memberRoleKey: 'reviewer' }), 201);
    expect(created).toMatchObject({ userLogin: 'nele.neu@bauherr.example', firstName: 'Nele', lastName: 'Neu', memberRoleKey: 'reviewer', isInternal: false, invitation: { status: 'pending' } });
    const [account] = await t.db.select().from(users).where(eq(users.id, created.userID));
    expect(account).toMatchObject({ email: 'Nele.Neu@Bauherr.example', isInternal: false, isExternalLogin: false, passwordHash: null, language: 'en' });
    expect((await t.db.select().from(userTenants).where(eq(userTenants.userId, created.userID))).map((row) => row.tenantId)).toEqual([tenantId.Nordstein]);
    const mail = await lastMail('Nele.Neu@Bauherr.example');
    expect(mail.kind).toBe('invitation');
    expect(mail.subject).toContain('Ärztehaus Süd');
    expect(mail.body).toContain('Stefan Planer invites you to the project');
    expect(mail.body).toContain('as Reviewer');
    // Only those who manage members see the invitation.
    expect((await members('customer')).find((member) => member.userID === created.userID)?.invitation).toBeUndefined();
    expect(await journal()).toContain('Nele Neu per E-Mail als Prüfer eingeladen');

    expect((await setPassword(tokenOf(mail.body))).status).toBe(200);
    expect((await setPassword(tokenOf(mail.body))).status).toBe(404);
    expect((await members('staff')).find((member) => member.userID === created.userID)?.invitation).toBeUndefined();
    const login = await t.request('POST', '/api/auth/login', { body: { username: 'nele.neu@bauherr.example', password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('an invitation to the e-mail of an existing user adds that user (no new account), with a note instead of a link', async () => {
    const before = (await t.db.select().from(users)).length;
    const added = await json<Member>(await add('staff', { email: 'PARTNER@bauunternehmen.example', firstName: 'X', memberRoleKey: 'purchaser' }), 201);
    expect(added).toMatchObject({ userID: user.partner, userLogin: 'partner', firstName: 'Paul' });
    expect(added.invitation).toBeUndefined();
    expect((await t.db.select().from(users)).length).toBe(before);
    const mail = await lastMail('partner@bauunternehmen.example');
    expect(mail).toMatchObject({ kind: 'member-added' });
    expect(mail.subject).toContain('Ärztehaus Süd');
  });

  it('re-send: the old link stops working, the new one works; expired links are refused and shown as expired', async () => {
    const invited = await json<Member>(await add('staff', { email: 'max.muster@bauherr.example', memberRoleKey: 'purchaser' }), 201);
    const first = tokenOf((await lastMail('max.muster@bauherr.example')).body);
    const again = await json<Member>(await t.request('POST', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.staff }));
    expect(again.invitation?.status).toBe('pending');
    const second = tokenOf((await lastMail('max.muster@bauherr.example')).body);
    expect(second).not.toBe(first);
    expect((await setPassword(first)).status).toBe(404);

    // Seven days later the link has expired.
    await t.db.update(userInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userInvitations.userId, invited.userID));
    const [message] = await expectErrorShape(await setPassword(second), 404);
    expect(message.key).toBe('USERS.SetPassword.LinkInvalid');
    expect((await members('staff')).find((member) => member.userID === invited.userID)?.invitation?.status).toBe('expired');
    await json(await t.request('POST', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.staff }));
    expect((await setPassword(tokenOf((await lastMail('max.muster@bauherr.example')).body))).status).toBe(200);
    // Now there is nothing to re-send or revoke.
    expect((await expectErrorShape(await t.request('POST', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.staff }), 409))[0].key).toBe('MEMBERS.Rules.NoOpenInvitation');
    await expectErrorShape(await t.request('DELETE', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.staff }), 409);
    expect(await journal()).toContain('Einladung erneut an max.muster@bauherr.example gesendet');
  });

  it('revoke: the link is refused and the invited person leaves the project', async () => {
    const invited = await json<Member>(await add('staff', { email: 'rita.revoke@bauherr.example', firstName: 'Rita', lastName: 'Revoke', memberRoleKey: 'member' }), 201);
    const token = tokenOf((await lastMail('rita.revoke@bauherr.example')).body);
    await expectErrorShape(await t.request('DELETE', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.customer }), 403);
    expect((await t.request('DELETE', `${M}/${root}/${invited.userID}/invitation`, { cookie: cookie.staff })).status).toBe(204);
    expect((await expectErrorShape(await setPassword(token), 404))[0].key).toBe('USERS.SetPassword.LinkInvalid');
    expect((await members('staff')).some((member) => member.userID === invited.userID)).toBe(false);
    expect(await journal()).toContain('Einladung von Rita Revoke (Mitglied) zurückgezogen');
    // Invited again later: the same account, a new link.
    const back = await json<Member>(await add('staff', { email: 'rita.revoke@bauherr.example', memberRoleKey: 'member' }), 201);
    expect(back.userID).toBe(invited.userID);
    expect(back.invitation?.status).toBe('pending');
  });

  it('the demo shows an open invitation on Gewerbehof Nord', async () => {
    const list = await members('staff', unit['Gewerbehof Nord']);
    expect(list.find((member) => member.userLogin === 'olaf.gewerbe@gewerbehof.example')).toMatchObject({ memberRoleKey: 'reviewer', invitation: { status: 'pending' } });
  });
});
