import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HASH_CONCURRENCY,
  HASH_QUEUE_MAX,
  hashLineFull,
  hashPassword,
  holdHashPlace,
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

  it('counts a held place as taken until its hash takes it over, so a full line has no gap a newcomer slips into', async () => {
    const stored = await hashPassword('secret');
    // The slots busy and one place short of a full line of unknown browsers.
    const checks = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_MAX - 1 }, () => verifyPassword('secret', stored));
    expect(hashLineFull('unknown')).toBe(false);
    const place = holdHashPlace('unknown');
    expect(place).not.toBeNull();
    // While its holder does its database work, the line is full: the next try is refused at once, not let in.
    expect(hashLineFull('unknown')).toBe(true);
    expect(holdHashPlace('unknown')).toBeNull();
    await expect(verifyPassword('secret', stored)).rejects.toBeInstanceOf(PasswordCheckBusy);
    // The holder's hash takes the held place over (it is not refused by its own place), and the line stays full.
    const holder = verifyPassword('secret', stored, { place: place! });
    expect(hashLineFull('unknown')).toBe(true);
    place!.release();
    expect(hashLineFull('unknown')).toBe(true);
    expect(await holder).toBe(true);
    await Promise.all(checks);
    expect(hashLineFull('unknown')).toBe(false);
  });

  it('gives a held place back when its request ends without hashing', async () => {
    const stored = await hashPassword('secret');
    const checks = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_MAX - 1 }, () => verifyPassword('secret', stored));
    const place = holdHashPlace('unknown')!;
    expect(hashLineFull('unknown')).toBe(true);
    place.release();
    place.release();
    expect(hashLineFull('unknown')).toBe(false);
    await Promise.all(checks);
  });

  it('gives a burst arriving at an idle server the free slots and the line as places, no more; a holder always gets in', async () => {
    const stored = await hashPassword('secret');
    const places = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_MAX }, () => holdHashPlace('unknown'));
    expect(places.every(Boolean)).toBe(true);
    expect(holdHashPlace('unknown')).toBeNull();
    // A try from a browser the account knows takes a free slot meanwhile: every holder still gets its check.
    const known = verifyPassword('secret', stored, { line: 'known' });
    const checks = places.map((place) => verifyPassword('secret', stored, { place: place! }));
    expect(await Promise.all([known, ...checks])).toEqual(Array.from({ length: places.length + 1 }, () => true));
    expect(hashLineFull('unknown')).toBe(false);
  });
});
