import type { Context } from 'hono';
import type { SessionUser } from '../../src/domain/user.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { parseJsonText } from './json-body.js';

/** The signed-in user of a request; 401 without a session. */
export function sessionUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  return user;
}

/** A list query's JSON `filter` parameter ({} when absent); 400 when it does not parse. */
export function readFilter(raw: string | undefined): unknown {
  if (raw === undefined) return {};
  return parseJsonText(raw, 'filter', 'ERRORMESSAGES.MalformedQuery');
}
