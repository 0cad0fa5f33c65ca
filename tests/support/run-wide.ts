const run = globalThis as typeof globalThis & { __pxRunWide?: Map<string, { made: Promise<{ stop(): Promise<void> }>; users: number }> };

/**
 * What a global setup makes once per run though vitest calls it once per project that names it (api and s3; journeys
 * and timed): the first call makes it, every call gets it, and the teardown of the last one stops it.
 */
export async function runWide<T extends { stop(): Promise<void> }>(key: string, make: () => Promise<T>): Promise<{ value: T; teardown: () => Promise<void> }> {
  run.__pxRunWide ??= new Map();
  const all = run.__pxRunWide;
  let state = all.get(key);
  if (!state) {
    state = { made: make(), users: 0 };
    all.set(key, state);
  }
  const entry = state;
  entry.users += 1;
  const value = (await entry.made) as T;
  return {
    value,
    async teardown() {
      entry.users -= 1;
      if (entry.users > 0) return;
      all.delete(key);
      await value.stop();
    },
  };
}
