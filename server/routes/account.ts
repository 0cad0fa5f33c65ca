import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { passwordChangeSchema } from '../../src/domain/password.js';
import { canChangePassword } from '../../src/domain/profile.js';
import type { Tx } from '../db/client.js';
import { accountDeletionRequests, addresses, contacts, sessions, userIdentities, userProfiles, userSalesOrgs, users, userTenants } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { hashPassword, PasswordCheckBusy, verifyPassword } from '../lib/passwords.js';
import { limitAction, uncountAction } from '../lib/rate-limit.js';
import { SESSION_COOKIE } from '../lib/sessions.js';
import { avatarKey } from '../services/file-storage.js';
import { queueMail } from '../services/mail-outbox.js';
import { linkFor } from '../lib/public-url.js';
import { confirmSchema } from '../lib/request-schemas.js';
import { readBody } from '../lib/validation.js';

export const DELETION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const accountRoutes = new Hono<AppEnv>();

/** `PUT api/account/planxchange/password`: the shared password rules, then the old password must match. */
accountRoutes.put('/planxchange/password', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  if (!canChangePassword(user)) throw ApiError.forbidden();
  const parsed = await readBody(c, passwordChangeSchema);
  const db = c.get('db');
  // Counted as a wrong old password before the check (parallel tries count too); taken back when it is right.
  await limitAction(db, 'passwordChangeFailure', user.id);
  const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  let verified: boolean;
  try {
    verified = await verifyPassword(parsed.oldPassword, account?.passwordHash ?? null);
  } catch (error) {
    if (error instanceof PasswordCheckBusy) await uncountAction(db, 'passwordChangeFailure', user.id);
    throw error;
  }
  if (!verified) throw new ApiError(400, [{ key: 'PROFILE.PasswordDialog.InvalidPassword.Message', code: 'InvalidPassword', reference: 'oldPassword' }]);
  await uncountAction(db, 'passwordChangeFailure', user.id);
  const passwordHash = await hashPassword(parsed.newPassword);
  const current = sha256(c.get('sessionToken') ?? '');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    // Other sessions of this account end: whoever knew the old password is logged out.
    await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, current)));
  });
  return c.json({ status: 200, messages: [{ type: 'info', text: translate(user.language, 'PROFILE.PasswordDialog.Success.Message') }] });
});

/** `POST account/delete`: mails a confirmation link; nothing is deleted before it is followed. */
accountRoutes.post('/delete', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const db = c.get('db');
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  if (!account?.email) throw new ApiError(409, [{ key: 'PROFILE.DeleteAccount.NoMailAddress' }]);
  await limitAction(db, 'accountDeletionRequest', user.id);
  const token = randomBytes(32).toString('base64url');
  const link = linkFor(c, `/account/confirm-deletion?token=${token}`);
  const t = (key: string) => translate(user.language, key, { link, login: user.login, hours: 24 });
  await db.transaction(async (tx) => {
    await tx.insert(accountDeletionRequests).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + DELETION_LINK_TTL_MS) });
    await queueMail(tx, {
      kind: 'account-deletion',
      recipient: account.email,
      subject: t('MAIL.AccountDeletion.Subject'),
      body: t('MAIL.AccountDeletion.Body'),
      userId: user.id,
      sender: { userId: user.id },
    });
  });
  return c.json({ status: 202, messages: [{ type: 'info', text: translate(user.language, 'PROFILE.DeleteAccount.MailSent') }] }, 202);
});

/** Removes everything personal; the row stays so that projects and journal keep their references. */
async function erasePersonalData(tx: Tx, userId: number): Promise<void> {
  const [profile] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  await tx
    .update(users)
    .set({ login: `deleted-user-${userId}`, email: '', passwordHash: null, isActive: false, isExternalLogin: false, deletedAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.update(userProfiles).set({ firstName: '', lastName: '', hasProfileImage: false, dailyStatusMail: false }).where(eq(userProfiles.userId, userId));
  if (profile?.addressId) {
    await tx.update(addresses).set({ name: '', name2: '', street1: '', street2: '', zip: '', city: '', country: '' }).where(eq(addresses.id, profile.addressId));
  }
  if (profile?.contactId) {
    await tx.update(contacts).set({ name: '', officePhone: '', officeFax: '', companyMobile: '', officeEMail: '' }).where(eq(contacts.id, profile.contactId));
  }
  await tx.delete(userTenants).where(eq(userTenants.userId, userId));
  await tx.delete(userSalesOrgs).where(eq(userSalesOrgs.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
  await tx.delete(accountDeletionRequests).where(eq(accountDeletionRequests.userId, userId));
}

/** Routes without a session. Following the mailed link: the token alone authenticates. */
export const accountPublicRoutes = new Hono<AppEnv>();

accountPublicRoutes.post('/delete/confirm', async (c) => {
  const parsed = await readBody(c, confirmSchema);
  const db = c.get('db');
  const userId = await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.tokenHash, sha256(parsed.token)), gt(accountDeletionRequests.expiresAt, new Date())));
    if (!request) throw new ApiError(404, [{ key: 'PROFILE.DeleteAccount.LinkInvalid' }]);
    await erasePersonalData(tx, request.userId);
    return request.userId;
  });
  await c.get('files').delete(avatarKey(userId));
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
  return c.json({ status: 200, messages: [{ type: 'info', text: translate(c.get('user')?.language ?? 'en', 'PROFILE.DeleteAccount.Deleted') }] });
});
