import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { retryWhen } from '../../src/domain/rateLimits.js';
import { ApiError } from './errors.js';
import { envVar } from '../env.js';

/**
 * OWASP's scrypt parameters (Password Storage Cheat Sheet): N=2^17, r=8, p=1 — 128 MiB and about 0.4 s
 * per hash on a 2-core server. PASSWORD_HASH_LOG2N lowers N for test runs only (the unit and API suites);
 * stored hashes carry their parameters, and a login with other ones rehashes with these.
 */
export const PRODUCTION_LOG2N = 17;
export const SCRYPT_PARAMS = {
  N: 2 ** (envVar('PASSWORD_HASH_LOG2N') ?? PRODUCTION_LOG2N),
  r: 8,
  p: 1,
};
const KEY_LENGTH = 64;
/** Stored hashes with a larger N are not worked on (no stored hash may make the server allocate gigabytes). */
const MAX_N = 2 ** 20;

/** The memory scrypt needs (OpenSSL: 128·r·(N + p + 2) bytes); maxmem must allow it. */
export function scryptMemory(n: number, r: number, p: number): number {
  return 128 * r * (n + p + 2);
}

/**
 * Hashes run in libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads,
 * zlib and DNS share. At most this many run at once — one core (of two) stays free for the event loop, two
 * pool threads for files — and at most HASH_QUEUE_MAX wait in each line; beyond that a request is answered
 * 429 at once, without hashing.
 */
const poolSize = envVar('UV_THREADPOOL_SIZE');
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism() - 1, poolSize - 2));
export const HASH_QUEUE_MAX = 16 * HASH_CONCURRENCY;

/** No hashing slot free and the queue full: answered 429 without hashing. */
export class PasswordCheckBusy extends ApiError {
  constructor(
    retryAfterSeconds: number,
    /** The line that was full. */
    readonly line: HashLine = 'unknown',
  ) {
    super(429, [{ key: 'ERRORMESSAGES.ServerBusy', params: { seconds: retryAfterSeconds, when: (language: string) => retryWhen(retryAfterSeconds, language) } }], {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

let running = 0;
let completed = 0;
/**
 * Who waits for a hashing slot, served in this order: a browser the account knows (device cookie), a try that
 * solved a login challenge (src/domain/loginChallenge.ts), everyone else. Each line has its own bound, so a
 * flood in the last line never takes the places of the first two.
 */
export type HashLine = 'known' | 'proven' | 'unknown';
const lines: Record<HashLine, (() => void)[]> = { known: [], proven: [], unknown: [] };
const ORDER: HashLine[] = ['known', 'proven', 'unknown'];
let averageHashMs = 400;

/** True while a new try in `line` would be refused at once (every slot taken, its line full). */
export function hashLineFull(line: HashLine): boolean {
  // The places: the free slots and the line's bound; taken by those waiting in the line and those holding a place.
  return lines[line].length + held[line] >= HASH_QUEUE_MAX + Math.max(0, HASH_CONCURRENCY - running);
}

/** Places in a line promised to tries that do database work before they hash (a login's back-off, its account). */
const held: Record<HashLine, number> = { known: 0, proven: 0, unknown: 0 };

/** A place in a hashing line, held from the moment a request is let in until its hash takes it over (or release()). */
export interface HashPlace {
  readonly line: HashLine;
  /** Gives the place back: the request ends without hashing, or its hash takes the place over. True if it was held. */
  release(): boolean;
}

/**
 * Takes a place in the line now, for a hash that starts after some database work; null when the line is full.
 * Without it a full line had gaps: when a check ended, the next try of a flood took the freed place only after its
 * database work, and a newcomer arriving meanwhile was let in (and hashed) where the flood's tries are challenged.
 */
export function holdHashPlace(line: HashLine): HashPlace | null {
  if (hashLineFull(line)) return null;
  held[line]++;
  let holding = true;
  return {
    line,
    release() {
      if (!holding) return false;
      holding = false;
      held[line]--;
      return true;
    },
  };
}

/** Hashes running, waiting and done since the start (for tests and monitoring). */
export function hashingStats() {
  return { running, waiting: lines.known.length + lines.proven.length + lines.unknown.length, provenWaiting: lines.proven.length, completed };
}

/** Runs one hash when a slot is free, after those waiting in the same or an earlier line (taking over a held place). */
async function inHashSlot<T>(work: () => Promise<T>, line: HashLine = 'unknown', place?: HashPlace): Promise<T> {
  // The held place becomes the place in the queue below, in the same tick: no one can take it in between. (A slot that
  // was free when the place was given may have been taken since: then the holder waits, the line one longer.)
  const holding = place?.line === line && place.release();
  if (running >= HASH_CONCURRENCY) {
    const queue = lines[line];
    const ahead = ORDER.slice(0, ORDER.indexOf(line) + 1).reduce((sum, name) => sum + lines[name].length, 0);
    if (!holding && queue.length + held[line] >= HASH_QUEUE_MAX) throw new PasswordCheckBusy(Math.max(1, Math.ceil(((ahead + 1) * averageHashMs) / HASH_CONCURRENCY / 1000)), line);
    await new Promise<void>((resolve) => queue.push(resolve));
  } else running++;
  const started = performance.now();
  try {
    return await work();
  } finally {
    averageHashMs = averageHashMs * 0.8 + (performance.now() - started) * 0.2;
    completed++;
    // The slot passes straight to the next in line; `running` only drops when nobody waits.
    const next = lines.known.shift() ?? lines.proven.shift() ?? lines.unknown.shift();
    if (next) next();
    else running--;
  }
}

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: scryptMemory(n, r, p) + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, a random 16-byte salt per hash, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await inHashSlot(() => scrypt(password, salt, N, r, p));
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string | null) {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every(Number.isInteger) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { n, r, p, salt: Buffer.from(parts[4], 'base64'), hash: Buffer.from(parts[5], 'base64') };
}

/**
 * Checks a password against a stored hash. Unknown accounts (no hash) cost the same: a hash with the current
 * parameters, so the answer's timing does not tell which logins exist. `line`: where the check waits for a slot.
 */
export async function verifyPassword(password: string, stored: string | null, options: { line?: HashLine; place?: HashPlace } = {}): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    const { N, r, p } = SCRYPT_PARAMS;
    await inHashSlot(() => scrypt(password, DUMMY_SALT, N, r, p), options.line, options.place);
    return false;
  }
  const actual = await inHashSlot(() => scrypt(password, parsed.salt, parsed.n, parsed.r, parsed.p), options.line, options.place);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when a stored hash was made with other parameters than today's (then a login rehashes it). */
export function needsRehash(stored: string | null): boolean {
  const parsed = parse(stored);
  return !!parsed && (parsed.n !== SCRYPT_PARAMS.N || parsed.r !== SCRYPT_PARAMS.r || parsed.p !== SCRYPT_PARAMS.p);
}

const DUMMY_SALT = randomBytes(16);
