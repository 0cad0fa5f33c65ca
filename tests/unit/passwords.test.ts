import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HASH_CONCURRENCY,
  HASH_QUEUE_MAX,
  hashPassword,
  needsRehash,
  PasswordCheckBusy,
  PRODUCTION_LOG2N,
  SCRYPT_PARAMS,
  scryptMemory,
  verifyPassword,
} from '../../server/lib/passwords';

const storedHash = (password: string, n: number) => {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password, salt, 64, { N: n, r: 8, p: 1, maxmem: scryptMemory(n, 8, 1) + 1024 * 1024 });
  return ['scrypt', n, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
};

describe('password hashing parameters', () => {
  it("production hashes with OWASP's scrypt N=2^17, r=8, p=1; maxmem covers its 128 MiB", () => {
    expect(PRODUCTION_LOG2N).toBe(17);
    expect(SCRYPT_PARAMS).toMatchObject({ r: 8, p: 1 });
    expect(scryptMemory(2 ** 17, 8, 1)).toBeGreaterThan(128 * 1024 * 1024);
    expect(scryptMemory(2 ** 17, 8, 1)).toBeLessThan(129 * 1024 * 1024);
  });

  it('verifies a hash made at N=2^17 (maxmem is enough for it)', async () => {
    const stored = storedHash('Portal-Demo-1', 2 ** 17);
    expect(await verifyPassword('Portal-Demo-1', stored)).toBe(true);
    expect(await verifyPassword('Portal-Demo-2', stored)).toBe(false);
  });

  it('asks for a rehash of hashes made with other parameters only', async () => {
    expect(needsRehash(storedHash('x', 2 ** 14))).toBe(SCRYPT_PARAMS.N !== 2 ** 14);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash(null)).toBe(false);
    expect(needsRehash('garbage')).toBe(false);
  });

  it('does not work on stored hashes that would take absurd memory', async () => {
    const huge = ['scrypt', 2 ** 24, 8, 1, 'c2FsdA==', 'aGFzaA=='].join('$');
    expect(await verifyPassword('x', huge)).toBe(false);
  });
});

describe('the hashing queue', () => {
  it(`runs ${HASH_CONCURRENCY} hash(es) at a time, lets ${HASH_QUEUE_MAX} wait and answers the next at once with 429`, async () => {
    const stored = await hashPassword('secret');
    const checks = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_MAX }, () => verifyPassword('secret', stored));
    const started = performance.now();
    const refused = await verifyPassword('secret', stored).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(performance.now() - started).toBeLessThan(50);
    expect(refused).toBeInstanceOf(PasswordCheckBusy);
    expect((refused as PasswordCheckBusy).status).toBe(429);
    expect(Number((refused as PasswordCheckBusy).headers['Retry-After'])).toBeGreaterThan(0);
    // A client the account knows has a line of its own, served first.
    const order: string[] = [];
    const known = verifyPassword('secret', stored, { line: 'known' }).then((ok) => order.push(`known ${ok}`));
    await Promise.all(checks.map((check) => check.then((ok) => order.push(`other ${ok}`))));
    await known;
    expect(order.indexOf('known true')).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(order.filter((entry) => entry === 'other true')).toHaveLength(HASH_CONCURRENCY + HASH_QUEUE_MAX);
  });
});
