import { ApiError } from './errors.js';

interface PgErrorLike {
  code?: string;
  detail?: string;
  constraint?: string;
  message?: string;
}

function pgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as PgErrorLike & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** Database refusals caused by the request become 4xx answers; anything else stays a 500. */
export function fromDatabaseError(error: unknown): ApiError | undefined {
  const pg = pgError(error);
  if (!pg?.code) return undefined;
  const text = `${pg.message ?? ''} ${pg.detail ?? ''}`;
  switch (pg.code) {
    case '23001':
      return new ApiError(409, [{ key: 'ERRORMESSAGES.StillReferenced' }]);
    case '23503':
      return /referenced from table/.test(text)
        ? new ApiError(409, [{ key: 'ERRORMESSAGES.StillReferenced' }])
        : new ApiError(422, [{ key: 'ERRORMESSAGES.ReferenceNotFound' }]);
    case '23505':
      return new ApiError(409, [{ key: 'ERRORMESSAGES.Duplicate' }]);
    case '23514':
    case '23502':
      return new ApiError(422, [{ key: 'ERRORMESSAGES.InvalidValue' }]);
    case '22021':
    case '22P05':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      return new ApiError(400, [{ key: 'ERRORMESSAGES.InvalidValue' }]);
    case '40001':
    case '40P01':
    case '55P03':
      return new ApiError(409, [{ key: 'ERRORMESSAGES.ConcurrentChange' }]);
    case 'PX409':
      // px_expect_rows (migration 0033): a statement sent with the commit found other rows than it expected; its
      // message is the key to answer with.
      return new ApiError(409, [{ key: /^[A-Z]+(\.[A-Za-z]+)+$/.test(pg.message ?? '') ? pg.message! : 'ERRORMESSAGES.ConcurrentChange' }]);
    default:
      return undefined;
  }
}
