import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { INVITATION_TTL_DAYS, INVITATION_TTL_MS, setPasswordSchema, USERS_MESSAGE } from '../../src/domain/users.js';
import type { Tx } from '../db/client.js';
import { sessions, userInvitations, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError, fromZod } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { hashPassword } from '../lib/passwords.js';
import { readJsonObject } from '../lib/rest-query.js';
import { queueMail, type Mailing } from '../services/mail-outbox.js';
import { publicLink } from '../lib/public-url.js';

/** The app's public page behind the link (outside the signed-in app). */
export const SET_PASSWORD_PATH = '/account/set-password';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface InvitedAccount {
  id: number;
  login: string;
  email: string;
  language: string;
  firstName: string;
}

/** Who invites to which project, in which role: the mail then names them (a project manager's invitation). */
export interface ProjectInvitation {
  project: string;
  role: string;
  inviter: string;
}

/**
 * Replaces the user's open invitations with a new one and queues the mail with the link, in the caller's
 * transaction (no invitation without its mail, no mail without its invitation). The administrators' invitation
 * and a project manager's use this one flow; with `invitation` the mail names the project. Returns the link.
 */
export async function inviteUser(tx: Tx, account: InvitedAccount, mailing: Mailing, invitation?: ProjectInvitation): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const link = publicLink(mailing, `${SET_PASSWORD_PATH}?token=${token}`);
  await tx.delete(userInvitations).where(eq(userInvitations.userId, account.id));
  await tx.insert(userInvitations).values({ tokenHash: sha256(token), userId: account.id, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) });
  const params = { link, login: account.login, name: account.firstName || account.login, days: INVITATION_TTL_DAYS };
  const mail = invitation
    ? { subject: 'MAIL.ProjectInvitation.Subject', body: 'MAIL.ProjectInvitation.Body' }
    : { subject: 'MAIL.Invitation.Subject', body: 'MAIL.Invitation.Body' };
  const projectParams = invitation ? { ...invitation, role: translate(account.language, `MEMBERS.Role.${invitation.role}`) } : {};
  if (!account.email) return link;
  await queueMail(tx, {
    kind: 'invitation',
    recipient: account.email,
    subject: translate(account.language, mail.subject, { ...params, ...projectParams }),
    body: translate(account.language, mail.body, { ...params, ...projectParams }),
    userId: account.id,
    sender: mailing.sender,
  });
  return link;
}

/** Ends the user's open invitation links (a revoked invitation: the link then says it is invalid). */
export async function revokeInvitations(tx: Tx, userId: number): Promise<number> {
  const removed = await tx.delete(userInvitations).where(eq(userInvitations.userId, userId)).returning({ userId: userInvitations.userId });
  return removed.length;
}

const linkInvalid = () => new ApiError(404, [{ key: USERS_MESSAGE.invitationInvalid }]);

// The token is checked before the passwords, so an old link says so whatever was typed.
export const requestSchema = z.strictObject({
  token: z.string({ error: 'VALIDATION.IsRequired' }).max(200, 'VALIDATION.TooLong'),
  password: z.unknown(),
  confirmPassword: z.unknown(),
});

/** Routes without a session: following the invitation link, the token alone authenticates. */
export const invitationPublicRoutes = new Hono<AppEnv>();

/** `POST api/account/set-password` {token, password, confirmPassword}: the first (or a new) password. */
invitationPublicRoutes.post('/set-password', async (c) => {
  const request = requestSchema.safeParse(await readJsonObject(c.req.raw));
  if (!request.success) throw fromZod(request.error);
  const db = c.get('db');
  const tokenHash = sha256(request.data.token);
  const open = and(eq(userInvitations.tokenHash, tokenHash), gt(userInvitations.expiresAt, new Date()));
  const [invitation] = await db
    .select({ userId: users.id, language: users.language })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .where(and(open, isNull(users.deletedAt), eq(users.isExternalLogin, false)));
  if (!invitation) throw linkInvalid();

  const passwords = setPasswordSchema.safeParse({ password: request.data.password, confirmPassword: request.data.confirmPassword });
  if (!passwords.success) throw fromZod(passwords.error);
  const passwordHash = await hashPassword(passwords.data.password);

  await db.transaction(async (tx) => {
    // Taking the row is the check: of two simultaneous requests with one link, only one finds it.
    const [taken] = await tx.delete(userInvitations).where(open).returning({ userId: userInvitations.userId });
    if (!taken) throw linkInvalid();
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, taken.userId));
    await tx.delete(userInvitations).where(eq(userInvitations.userId, taken.userId));
    // Whoever used the old password (a re-sent invitation works as a reset) is logged out.
    await tx.delete(sessions).where(eq(sessions.userId, taken.userId));
  });
  return c.json({ status: 200, messages: [{ type: 'info', text: translate(invitation.language, 'USERS.SetPassword.Done') }] });
});
