import { ApiError } from './errors.js';

/** The message of a refused stale write: nothing was saved, the client shows it and reloads. */
export const CHANGED_MEANWHILE = 'ERRORMESSAGES.ChangedMeanwhile';

/**
 * The version a write names (the one the client read): required wherever a stale write could overwrite someone
 * else's change; 400 naming `reference` when missing or not a whole number ≥ `min`.
 */
export function requiredVersion(value: unknown, reference = 'version', min = 1): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > 2_147_483_647) {
    throw ApiError.badRequest(value === undefined || value === null ? 'VALIDATION.IsRequired' : 'VALIDATION.InvalidValue', reference);
  }
  return value;
}

/** 409: the row moved on since the client read it (the check is part of the UPDATE's WHERE, so it holds under concurrency). */
export function staleVersion(key = CHANGED_MEANWHILE, params?: Record<string, unknown>): ApiError {
  return new ApiError(409, [{ key, params, code: 'Concurrent' }]);
}
