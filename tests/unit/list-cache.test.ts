import { describe, expect, it } from 'vitest';
import { LIST_CACHE_MAX_ENTRY_BYTES, LIST_CACHE_TTL_MS, ListCache } from '../../server/lib/list-cache.js';

const json = { 'content-type': 'application/json' };

function cacheAt(start = 1_000) {
  let now = start;
  const cache = new ListCache(() => now);
  cache.setListening(true);
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('ListCache', () => {
  it('keeps an answer until the clock passes its lifetime', () => {
    const { cache, advance } = cacheAt();
    cache.set('k', '[1]', json, cache.generation);
    expect(cache.get('k')?.body).toBe('[1]');
    advance(LIST_CACHE_TTL_MS - 1);
    expect(cache.get('k')?.body).toBe('[1]');
    advance(1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('does not keep what was computed while a change arrived', () => {
    const { cache } = cacheAt();
    const generation = cache.generation;
    cache.clear();
    cache.set('k', '[1]', json, generation);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', '[2]', json, cache.generation);
    expect(cache.get('k')?.body).toBe('[2]');
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps nothing while its listener is down, and starts empty when it is back', () => {
    const { cache } = cacheAt();
    cache.set('k', '[1]', json, cache.generation);
    cache.setListening(false);
    expect(cache.enabled).toBe(false);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', '[1]', json, cache.generation);
    cache.setListening(true);
    expect(cache.get('k')).toBeUndefined();
  });

  it('does not keep an answer above the entry limit', () => {
    const { cache } = cacheAt();
    cache.set('big', 'x'.repeat(LIST_CACHE_MAX_ENTRY_BYTES + 1), json, cache.generation);
    expect(cache.size).toBe(0);
  });

  it('is fresh at once without a database round trip (PGlite), never while the listener is down', async () => {
    const { cache } = cacheAt();
    expect(await cache.fresh()).toBe(true);
    cache.setListening(false);
    expect(await cache.fresh()).toBe(false);
  });

  it('on PostgreSQL, callers of one moment share a round trip; a caller during one waits for the next', async () => {
    const cache = new ListCache();
    const calls: (() => void)[] = [];
    cache.setListening(true, () => new Promise<void>((resolve) => calls.push(resolve)));
    const first = cache.fresh();
    const second = cache.fresh();
    const third = cache.fresh();
    expect(calls.length).toBe(1);
    calls[0]();
    expect(await first).toBe(true);
    // The two that came while the first was under way share the second round trip.
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.length).toBe(2);
    calls[1]();
    expect(await second).toBe(true);
    expect(await third).toBe(true);
    expect(calls.length).toBe(2);
  });

  it('a failed round trip empties the cache and answers not fresh', async () => {
    const cache = new ListCache();
    cache.setListening(true, () => Promise.reject(new Error('connection lost')));
    const generation = cache.generation;
    expect(await cache.fresh()).toBe(false);
    expect(cache.generation).toBeGreaterThan(generation);
  });
});
