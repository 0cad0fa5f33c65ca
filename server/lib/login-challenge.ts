import { randomBytes } from 'node:crypto';
import { challengeBits, difficultyFor, LOGIN_CHALLENGE, proofHolds, type LoginProof } from '../../src/domain/loginChallenge.js';
import type { Db } from '../db/client.js';
import { ApiError } from './errors.js';
import { hashingStats } from './passwords.js';
import { consumeCounter, resetCounter } from './rate-limit.js';

/**
 * Login challenges (src/domain/loginChallenge.ts): issued when the password checks of unknown browsers are all
 * taken, kept in the database (every server process can redeem them, each once), bound to the login name.
 */
const key = (account: string, id: string) => `login-challenge:${account.toLowerCase().slice(0, 120)}|${id}`;

/** 429 with a new challenge for this login name; the difficulty follows the proven line's length. */
export async function challengeRefusal(db: Db, account: string): Promise<ApiError> {
  const bits = difficultyFor(hashingStats().provenWaiting);
  const id = `${bits}.${randomBytes(16).toString('base64url')}`;
  await resetCounter(db, key(account, id), LOGIN_CHALLENGE.ttlSeconds);
  return new ApiError(429, [{ key: 'ERRORMESSAGES.LoginChallenge', code: 'LoginChallenge' }], {
    [LOGIN_CHALLENGE.header]: id,
    'Retry-After': '1',
  });
}

/** True for a proof that solves a challenge issued for this login name and not redeemed before. */
export async function redeemProof(db: Db, account: string, proof: LoginProof | undefined): Promise<boolean> {
  if (!proof || challengeBits(proof.id) === undefined) return false;
  // One hash, then the one-time redemption.
  if (!(proofHolds(proof))) return false;
  return consumeCounter(db, key(account, proof.id));
}
