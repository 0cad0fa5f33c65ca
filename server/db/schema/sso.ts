import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { sessions, users } from './core.js';

/** An identity at the OpenID Connect provider (issuer + subject) bound to a portal user at its first sign-in. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: varchar('issuer', { length: 500 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), uniqueIndex('user_identities_user_issuer_unique').on(t.userId, t.issuer)],
);

/** A sign-in started at the provider and not yet come back: state (as SHA-256), nonce and PKCE verifier. */
export const ssoLoginRequests = pgTable(
  'sso_login_requests',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    nonce: varchar('nonce', { length: 100 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 200 }).notNull(),
    returnTo: varchar('return_to', { length: 500 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_login_requests_expires_idx').on(t.expiresAt)],
);

/** The provider's ID token of a portal session opened through single sign-on, for the provider's logout. */
export const ssoSessions = pgTable('sso_sessions', {
  sessionId: varchar('session_id', { length: 64 })
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  idToken: text('id_token').notNull(),
});
