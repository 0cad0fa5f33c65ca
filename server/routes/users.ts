import { eq, getTableColumns, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { canAccess } from '../../src/domain/permissions.js';
import type { SessionUser } from '../../src/domain/user.js';
import { refusedUserChange, userCreateSchema, userUpdateSchema, USERS_MESSAGE, type UserRecord } from '../../src/domain/users.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';
import { mailingBy } from '../services/mail-outbox.js';
import { loadSessionUser } from '../lib/sessions.js';
import { inviteUser } from '../services/invitations.js';
import { type UserRow, recordColumns, toRecord, usersDefinition, createUser, updateUser } from '../services/users.js';
import { bulkSchema } from '../lib/request-schemas.js';
import { checkBody, readBody } from '../lib/validation.js';

async function loadRecord(db: Db, id: number): Promise<UserRecord> {
  const [row] = await db.select({ ...getTableColumns(users), ...recordColumns() }).from(users).where(eq(users.id, id));
  if (!row) throw ApiError.notFound();
  return toRecord(row as UserRow);
}

const usersResource = restResource(usersDefinition);

function requireAdmin(user: SessionUser | null, action: 'create' | 'edit'): SessionUser {
  if (!user) throw ApiError.unauthorized();
  if (!canAccess(user, { action, resource: 'users' })) throw ApiError.forbidden();
  return user;
}

/** The record's own ids may be echoed back; on an update they must match the path. */
function withoutIds(body: Record<string, unknown>, id?: number): Record<string, unknown> {
  const { id: echoedId, userID, ...rest } = body;
  for (const [field, value] of [['id', echoedId], ['userID', userID]] as const) {
    if (value !== undefined && (id === undefined || value !== id)) throw ApiError.badRequest('ERRORMESSAGES.IdMismatch', field);
  }
  return rest;
}

export const userRoutes = new Hono<AppEnv>();

/** `POST users`: a new account without a password; the invitation mail goes to the outbox in the same transaction. */
userRoutes.post('/', async (c) => {
  requireAdmin(c.get('user'), 'create');
  const parsed = checkBody(userCreateSchema, withoutIds(await readJsonObject(c.req.raw)));
  const db = c.get('db');
  // External logins get no invitation mail; the invitation counts against the mail limits (mail-outbox.ts).
  const mailing = mailingBy(c.get('config').publicUrl, c.get('user')!.id);
  const { id } = await db.transaction((tx) => createUser(tx, parsed, mailing));
  return c.json(await loadRecord(db, id), 201);
});

/**
 * `PUT users/{id}`: administrators change any account that is not deleted; every user may send
 * {languageKey} for their own account (the profile page), which answers the session user as before.
 */
userRoutes.put('/:id', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const id = parseId(c.req.param('id'));
  // Another user's account is not visible to a non-admin.
  if (!canAccess(user, { action: 'edit', resource: 'users', record: { id } })) throw ApiError.notFound();
  const parsed = checkBody(userUpdateSchema, withoutIds(await readJsonObject(c.req.raw), id));
  const db = c.get('db');
  const current = await loadRecord(db, id);
  const refused = refusedUserChange(user, current, parsed);
  if (refused) throw new ApiError(refused.status, [{ key: refused.key, reference: refused.reference }]);
  const { languageKey, ...changes } = parsed;
  if (!user.isAdmin && languageKey === undefined) throw ApiError.badRequest('VALIDATION.IsRequired', 'languageKey');

  if (languageKey !== undefined && Object.keys(changes).length === 0) {
    await db.update(users).set({ language: languageKey, updatedAt: new Date() }).where(eq(users.id, id));
    return c.json(await loadSessionUser(db, id));
  }
  await db.transaction((tx) => updateUser(tx, id, { ...changes, language: changes.language ?? languageKey }, current));
  return c.json(await loadRecord(db, id));
});

/** `POST users/deactivate` {ids}: all or nothing; their sessions end in the same transaction. */
userRoutes.post('/deactivate', async (c) => {
  const user = requireAdmin(c.get('user'), 'edit');
  const parsed = await readBody(c, bulkSchema);
  const ids = [...new Set(parsed.ids)];
  if (ids.includes(user.id)) throw new ApiError(409, [{ key: USERS_MESSAGE.cannotDeactivateSelf, reference: 'ids' }]);
  await c.get('db').transaction(async (tx) => {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    const missing = ids.filter((id) => !found.some((row) => row.id === id));
    if (missing.length) throw new ApiError(422, [{ key: USERS_MESSAGE.unknownUsers, reference: 'ids', params: { ids: missing.join(', ') } }]);
    await tx.update(users).set({ isActive: false, updatedAt: new Date() }).where(inArray(users.id, ids));
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
  });
  return c.json({ data: ids });
});

/** `POST users/{id}/invite`: a new link (the old one stops working), mailed to the account's address. */
userRoutes.post('/:id/invite', async (c) => {
  const user = requireAdmin(c.get('user'), 'edit');
  const db = c.get('db');
  const account = await loadRecord(db, parseId(c.req.param('id')));
  if (account.deleted) throw ApiError.conflict(USERS_MESSAGE.deletedNotEditable);
  if (account.isExternalLogin) throw ApiError.conflict(USERS_MESSAGE.externalNoInvitation);
  if (!account.email) throw ApiError.conflict(USERS_MESSAGE.noMailAddress);
  await db.transaction((tx) => inviteUser(tx, account, mailingBy(c.get('config').publicUrl, user.id)));
  return c.json({ status: 202, messages: [{ type: 'info', text: translate(user.language, 'USERS.InvitationSent', { email: account.email }) }] }, 202);
});

userRoutes.route('/', usersResource);
