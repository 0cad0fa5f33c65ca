/**
 * The invitation link of an account and its mail: one flow for the administrators' invitation, a project
 * manager's and the re-sent one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, INVITATION_TTL_MS } from '../../src/domain/users.js';
import type { Tx } from '../db/client.js';
import { userInvitations } from '../db/schema.js';
import { translate } from '../lib/i18n.js';
import { queueMail, type Mailing } from './mail-outbox.js';
import { publicLink } from '../lib/public-url.js';

/** The app's public page behind the link (outside the signed-in app). */
export const SET_PASSWORD_PATH = '/account/set-password';

/** Only the hash of an invitation token is stored: a leaked table opens no account. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
