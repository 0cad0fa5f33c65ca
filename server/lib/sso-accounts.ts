import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { EXTERNAL_LOGIN_MESSAGE, matchSignIn, verifiedEmail, type SignInCandidate, type SignInMatch } from '../../src/domain/externalSignIn.js';
import type { Db } from '../db/client.js';
import { sessions, ssoLoginRequests, ssoSessions, userIdentities, userProfiles, users } from '../db/schema.js';
import type { ProviderAnswer, SignInChecks, SingleSignOn } from './oidc.js';
import { createSession, sessionIdOf } from './sessions.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

/** A started sign-in may take this long at the provider (typing a password, a second factor). */
export const SSO_REQUEST_TTL_MS = 10 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Remembers a started sign-in (state as SHA-256); expired ones of earlier sign-ins are removed on the way. */
export async function rememberSignIn(db: Db, checks: SignInChecks, returnTo: string): Promise<void> {
  await db.delete(ssoLoginRequests).where(lt(ssoLoginRequests.expiresAt, new Date()));
  await db.insert(ssoLoginRequests).values({
    stateHash: sha256(checks.state),
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    returnTo,
    expiresAt: new Date(Date.now() + SSO_REQUEST_TTL_MS),
  });
}

/** Takes the sign-in of this state once: a second answer with the same state (a replay) finds nothing. */
export async function takeSignIn(db: Db, state: string): Promise<(SignInChecks & { returnTo: string }) | null> {
  const [row] = await db
    .delete(ssoLoginRequests)
    .where(and(eq(ssoLoginRequests.stateHash, sha256(state)), gt(ssoLoginRequests.expiresAt, new Date())))
    .returning();
  return row ? { state, nonce: row.nonce, codeVerifier: row.codeVerifier, returnTo: row.returnTo } : null;
}

const candidateColumns = {
  id: users.id,
  isExternalLogin: users.isExternalLogin,
  isActive: users.isActive,
};

/** The account this provider identity is bound to, if any. */
async function boundAccount(db: Db, issuer: string, subject: string): Promise<SignInCandidate | undefined> {
  const [bound] = await db
    .select(candidateColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return bound ? { ...bound, isBound: true } : undefined;
}

/** The portal user the provider's answer signs in (binding the subject on the first sign-in), or the refusal. */
export async function resolveSignIn(db: Db, issuer: string, claims: ProviderAnswer['claims']): Promise<SignInMatch> {
  const subject = claims.sub;
  const bound = await boundAccount(db, issuer, subject);
  const email = verifiedEmail(claims);
  const byEmail: SignInCandidate[] =
    bound || !email
      ? []
      : await db
          .select({
            ...candidateColumns,
            isBound: sql<boolean>`exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${users.id} and ${userIdentities.issuer} = ${issuer})`,
          })
          .from(users)
          .where(and(eq(sql`lower(${users.email})`, email), isNull(users.deletedAt), ne(users.email, '')));
  let match = matchSignIn(claims, bound ?? null, byEmail);
  if (!bound && 'refused' in match && match.refused === 'boundElsewhere') {
    // Between the two reads a first sign-in of this same identity (another tab, another process) may have bound the
    // account: the e-mail then finds it bound — to this identity. Asked once more by the subject.
    const boundMeanwhile = await boundAccount(db, issuer, subject);
    if (boundMeanwhile) match = matchSignIn(claims, boundMeanwhile, []);
  }
  if ('refused' in match || !match.bind) return match;
  // Two first sign-ins at once (two tabs, two processes): the primary key and the unique index decide.
  const [inserted] = await db
    .insert(userIdentities)
    .values({ issuer, subject, userId: match.userId })
    .onConflictDoNothing()
    .returning({ userId: userIdentities.userId });
  if (inserted) return match;
  const [winner] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return winner?.userId === match.userId ? { userId: match.userId, bind: false } : { refused: 'boundElsewhere' };
}

/**
 * Opens the portal session (the same session as a password login) and keeps the ID token for the provider's
 * logout. Names come from the provider: the identity is managed there, so the portal follows it.
 */
export async function openSsoSession(db: Db, userId: number, answer: ProviderAnswer): Promise<string> {
  const names: { firstName?: string; lastName?: string } = {};
  if (typeof answer.claims.given_name === 'string' && answer.claims.given_name.trim()) names.firstName = answer.claims.given_name.trim().slice(0, 120);
  if (typeof answer.claims.family_name === 'string' && answer.claims.family_name.trim()) names.lastName = answer.claims.family_name.trim().slice(0, 120);
  return db.transaction(async (tx) => {
    if (names.firstName || names.lastName) {
      await tx.insert(userProfiles).values({ userId, ...names }).onConflictDoUpdate({ target: userProfiles.userId, set: { ...names, updatedAt: new Date() } });
    }
    const session = await createSession(tx, userId);
    await tx.insert(ssoSessions).values({ sessionId: sessionIdOf(session.token), idToken: answer.idToken });
    return session.token;
  });
}

/** The ID token of a live single-sign-on session, or null for a password session or an ended one. */
export async function ssoIdToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ idToken: ssoSessions.idToken })
    .from(ssoSessions)
    .innerJoin(sessions, eq(sessions.id, ssoSessions.sessionId))
    .where(and(eq(ssoSessions.sessionId, sessionIdOf(token)), gt(sessions.expiresAt, new Date())));
  return row?.idToken ?? null;
}

/** A password login of an external login: refused, with the way that works (or that none is set up). */
export function externalLoginOnly(sso: SingleSignOn | undefined): ApiError {
  return sso
    ? new ApiError(403, [{ key: EXTERNAL_LOGIN_MESSAGE.useProvider, code: 'ExternalLogin', params: { provider: sso.displayName } }])
    : new ApiError(403, [{ key: EXTERNAL_LOGIN_MESSAGE.noProvider, code: 'ExternalLogin' }]);
}

/**
 * Where signing out leads after the portal session: the provider's logout (which comes back to the login
 * page) when the session was opened through single sign-on and the provider offers one; else null.
 */
export async function providerSignOutUrl(c: Context<AppEnv>, token: string): Promise<string | null> {
  const sso = c.get('config').sso;
  const user = c.get('user');
  if (!sso || !user) return null;
  const idToken = await ssoIdToken(c.get('db'), token);
  return idToken ? sso.endSessionUrl(c.get('config').publicUrl, idToken, user.language) : null;
}
