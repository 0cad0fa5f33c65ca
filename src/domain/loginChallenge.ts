/**
 * The way in for a person on a new browser while a login flood from many addresses keeps the password checks
 * busy (docs/security.md, "Login floods"). Instead of "server busy", such a try is answered 429 with a challenge:
 * a random id and a difficulty in bits. The browser finds a nonce whose SHA-256 of `id:nonce` starts with that
 * many zero bits (about 2^bits hashes, ~0.3 s at the base difficulty) and sends the login again with the proof. A proven try
 * waits in a line of its own, which a flood that does not solve challenges never reaches; solving them costs the
 * flood that work per try, and the difficulty rises with that line's length. Used by the API (issue, check) and
 * the app (solve), with @noble/hashes' SHA-256 (synchronous: 4 µs a hash against 18 µs for Web Crypto's
 * asynchronous one, which is also missing on pages not served over HTTPS).
 */
import { sha256 } from '@noble/hashes/sha2.js';

export const LOGIN_CHALLENGE = {
  /** The difficulty while the proven line is empty: 2^16 hashes, ~0.3 s in a browser. */
  baseBits: 16,
  /** Each this many proofs waiting raise the difficulty by one bit (doubling the work) … */
  waitingPerBit: 2,
  /** … up to this. */
  maxBits: 22,
  /** A challenge is valid this long and once. */
  ttlSeconds: 120,
  /** The header of a 429 that carries a challenge. */
  header: 'X-Login-Challenge',
  /** How often the app solves a new challenge for one login before it shows the busy message. */
  maxRounds: 3,
} as const;

export interface LoginProof {
  /** The challenge as issued: `<bits>.<random>`. */
  id: string;
  /** The nonce found, as decimal digits. */
  nonce: string;
}

const ID_PATTERN = /^(\d{1,2})\.[\w-]{16,43}$/;

/** The difficulty a challenge id carries, or undefined for an id the portal cannot have issued. */
export function challengeBits(id: string): number | undefined {
  const match = ID_PATTERN.exec(id);
  if (!match) return undefined;
  const bits = Number(match[1]);
  return bits >= LOGIN_CHALLENGE.baseBits && bits <= LOGIN_CHALLENGE.maxBits ? bits : undefined;
}

/** The difficulty for a new challenge while `provenWaiting` proven tries wait for a password check. */
export function difficultyFor(provenWaiting: number): number {
  return Math.min(LOGIN_CHALLENGE.maxBits, LOGIN_CHALLENGE.baseBits + Math.floor(Math.max(0, provenWaiting) / LOGIN_CHALLENGE.waitingPerBit));
}

/** The number of leading zero bits of a digest. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const encoder = new TextEncoder();
const digest = (id: string, nonce: number | string) => sha256(encoder.encode(`${id}:${nonce}`));

/** True when the nonce solves the challenge (one hash: what the server checks). */
export function proofHolds(proof: LoginProof): boolean {
  const bits = challengeBits(proof.id);
  if (bits === undefined || !/^\d{1,15}$/.test(proof.nonce)) return false;
  return leadingZeroBits(digest(proof.id, proof.nonce)) >= bits;
}

/** Finds the nonce for a challenge; every 4,096 hashes (~15 ms) it lets the page paint and react. */
export async function solveChallenge(id: string, signal?: AbortSignal): Promise<LoginProof> {
  const bits = challengeBits(id);
  if (bits === undefined) throw new Error(`not a login challenge: ${id}`);
  const batch = 4096;
  for (let start = 0; start < Number.MAX_SAFE_INTEGER; start += batch) {
    signal?.throwIfAborted();
    for (let nonce = start; nonce < start + batch; nonce++) {
      if (leadingZeroBits(digest(id, nonce)) >= bits) return { id, nonce: String(nonce) };
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('no nonce found');
}
