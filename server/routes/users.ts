import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { LANGUAGES } from '../../src/domain/languages.js';
import { canAccess } from '../../src/domain/permissions.js';
import { requiredOr } from '../../src/domain/validation.js';
import { users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError, fromZod } from '../lib/errors.js';
import { parseId, readJsonObject } from '../lib/rest-query.js';
import { loadSessionUser } from '../lib/sessions.js';

const languageSchema = z.strictObject({ languageKey: z.enum(LANGUAGES, { error: requiredOr('VALIDATION.InvalidValue') }) });

export const userRoutes = new Hono<AppEnv>();

/** `PUT /api/data/planxchange/users/{userID}` with {languageKey}: a user changes their own interface language. */
userRoutes.put('/:id', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const id = parseId(c.req.param('id'));
  // Another user's account is not visible to a non-admin.
  if (!canAccess(user, { action: 'edit', resource: 'users', record: { id } })) throw ApiError.notFound();
  const parsed = languageSchema.safeParse(await readJsonObject(c.req.raw));
  if (!parsed.success) throw fromZod(parsed.error);
  const db = c.get('db');
  const [row] = await db
    .update(users)
    .set({ language: parsed.data.languageKey, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (!row) throw ApiError.notFound();
  return c.json(await loadSessionUser(db, id));
});
