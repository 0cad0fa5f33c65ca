import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionRequests, mails, userProfiles, users } from '../../server/db/schema.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';
import { makePng } from './png-fixture.js';

const PASSWORD = '/api/account/planxchange/password';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

describe('PUT password', () => {
  it.each([
    [{ oldPassword: '', newPassword: 'Abcdef1', confirmNewPassword: 'Abcdef1' }, 'oldPassword', 'VALIDATION.IsRequired'],
    [{ oldPassword: 'Portal-Demo-1', newPassword: 'abc', confirmNewPassword: 'abc' }, 'newPassword', 'PROFILE.PasswordDialog.InvalidPasswordRequirements'],
    [{ oldPassword: 'Portal-Demo-1', newPassword: 'abcdefgh', confirmNewPassword: 'abcdefgh' }, 'newPassword', 'PROFILE.PasswordDialog.InvalidPasswordRequirements'],
    [{ oldPassword: 'Portal-Demo-1', newPassword: 'Portal-Demo-1', confirmNewPassword: 'Portal-Demo-1' }, 'newPassword', 'PROFILE.PasswordDialog.SamePassword'],
    [{ oldPassword: 'Portal-Demo-1', newPassword: 'Neues-Pass1', confirmNewPassword: 'Neues-Pass2' }, 'confirmNewPassword', 'PROFILE.PasswordDialog.NewPasswordConfirmFail'],
    [{ oldPassword: 'Portal-Demo-1', newPassword: 12345678 }, 'newPassword', 'VALIDATION.InvalidType'],
  ])('refuses %j with 400 (%s: %s)', async (body, reference, key) => {
    const cookie = await t.login('staff');
    const messages = await expectErrorShape(await t.request('PUT', PASSWORD, { cookie, body }), 400);
    expect(messages).toContainEqual(expect.objectContaining({ reference, key }));
    await t.login('staff'); // the password is unchanged
  });

  it('a wrong old password answers code InvalidPassword and changes nothing', async () => {
    const cookie = await t.login('staff');
    const messages = await expectErrorShape(
      await t.request('PUT', PASSWORD, { cookie, body: { oldPassword: 'Wrong-Pass1', newPassword: 'Neues-Pass1', confirmNewPassword: 'Neues-Pass1' } }),
      400,
    );
    expect(messages[0]).toMatchObject({ code: 'InvalidPassword', reference: 'oldPassword' });
    await t.login('staff');
  });

  it('changes the password; the old one stops working; other sessions end, this one stays', async () => {
    const other = await t.login('drafter');
    const cookie = await t.login('drafter');
    const response = await t.request('PUT', PASSWORD, { cookie, body: { oldPassword: 'Portal-Demo-1', newPassword: 'Zeichnen#2027', confirmNewPassword: 'Zeichnen#2027' } });
    expect(response.status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { cookie: other })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: { username: 'drafter', password: 'Portal-Demo-1' } })).status).toBe(401);
    await t.login('drafter', 'Zeichnen#2027');
  });

  it('an external login gets 403', async () => {
    const cookie = await t.login('partner');
    await expectErrorShape(
      await t.request('PUT', PASSWORD, { cookie, body: { oldPassword: 'Portal-Demo-1', newPassword: 'Neues-Pass1', confirmNewPassword: 'Neues-Pass1' } }),
      403,
    );
  });
});

describe('account deletion', () => {
  it('queues a mail with a link; following it erases the personal data and sessions', async () => {
    const cookie = await t.login('customer');
    const me = await (await t.request('GET', '/api/auth/me', { cookie })).json();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(makePng(16, 16))], { type: 'image/png' }), 'thumbnail.png');
    await t.app.request('http://localhost/api/data/planxchange/profilefiles/thumbnail.png', { method: 'POST', headers: { cookie }, body: form });

    const response = await t.request('POST', '/api/account/delete', { cookie });
    expect(response.status).toBe(202);
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200); // nothing deleted yet

    const [mail] = await t.db.select().from(mails).where(eq(mails.kind, 'account-deletion'));
    expect(mail).toMatchObject({ recipient: 'customer@bouwbedrijf.example', status: 'queued', userId: me.id });
    const token = /token=([\w-]+)/.exec(mail.body)?.[1];
    expect(token).toBeTruthy();

    // Admins read the outbox through the API; customers may not.
    const admin = await t.login('admin');
    const outbox = await (await t.request('GET', '/api/data/planxchange/mails', { cookie: admin })).json();
    expect(outbox.some((m: { id: number }) => m.id === mail.id)).toBe(true);
    await expectErrorShape(await t.request('GET', '/api/data/planxchange/mails', { cookie }), 403);

    await expectErrorShape(await t.request('POST', '/api/account/delete/confirm', { body: { token: 'x'.repeat(43) } }), 404);
    const confirmed = await t.request('POST', '/api/account/delete/confirm', { body: { token } });
    expect(confirmed.status).toBe(200);

    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: { username: 'customer', password: 'Portal-Demo-1' } })).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({ login: `deleted-user-${me.id}`, email: '', passwordHash: null, isActive: false });
    expect(row.deletedAt).toBeInstanceOf(Date);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, me.id));
    expect(profile).toMatchObject({ firstName: '', lastName: '', hasProfileImage: false });
    expect(await t.db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.userId, me.id))).toEqual([]);
    // The link works once.
    await expectErrorShape(await t.request('POST', '/api/account/delete/confirm', { body: { token } }), 404);
  });

  it('an expired link is refused', async () => {
    const cookie = await t.login('configurer');
    await t.request('POST', '/api/account/delete', { cookie });
    await t.db.update(accountDeletionRequests).set({ expiresAt: new Date(Date.now() - 1000) });
    const mail = (await t.db.select().from(mails)).at(-1)!;
    const token = /token=([\w-]+)/.exec(mail.body)?.[1];
    await expectErrorShape(await t.request('POST', '/api/account/delete/confirm', { body: { token } }), 404);
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
  });

  it('bad confirm bodies are 400; the request needs a session', async () => {
    await expectErrorShape(await t.request('POST', '/api/account/delete/confirm', { body: {} }), 400);
    await expectErrorShape(await t.request('POST', '/api/account/delete/confirm', { body: { token: 5 } }), 400);
    await expectErrorShape(await t.request('POST', '/api/account/delete'), 401);
  });
});
