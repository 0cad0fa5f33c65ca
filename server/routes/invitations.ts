import { and, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { setPasswordSchema, USERS_MESSAGE } from '../../src/domain/users.js';
import { sessions, userInvitations, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { hashPassword } from '../lib/passwords.js';
import { sha256 } from '../services/invitations.js';
import { setPasswordRequestSchema } from '../lib/request-schemas.js';
import { checkBody, readBody } from '../lib/validation.js';

const linkInvalid = () => new ApiError(404, [{ key: USERS_MESSAGE.invitationInvalid }]);

/** Routes without a session: following the invitation link, the token alone authenticates. */
export const invitationPublicRoutes = new Hono<AppEnv>();

/** `POST api/account/set-password` {token, password, confirmPassword}: the first (or a new) password. */
invitationPublicRoutes.post('/set-password', async (c) => {
  const request = await readBody(c, setPasswordRequestSchema);
  const db = c.get('db');
  const tokenHash = sha256(request.token);
  const open = and(eq(userInvitations.tokenHash, tokenHash), gt(userInvitations.expiresAt, new Date()));
  const [invitation] = await db
    .select({ userId: users.id, language: users.language })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .where(and(open, isNull(users.deletedAt), eq(users.isExternalLogin, false)));
  if (!invitation) throw linkInvalid();

  const passwords = checkBody(setPasswordSchema, { password: request.password, confirmPassword: request.confirmPassword });
  const passwordHash = await hashPassword(passwords.password);

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
