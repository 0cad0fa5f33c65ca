import { describe, expect, it } from 'vitest';
import { sharedRoundTrip } from '../../server/db/client';

/** A round trip the test answers by hand: `started` counts the queries sent, `answer()` answers the oldest open one. */
function manualRoundTrip() {
  const open: (() => void)[] = [];
  let started = 0;
  let concurrent = 0;
  let mostConcurrent = 0;
  const run = () =>
    new Promise<void>((resolve) => {
      started += 1;
      concurrent += 1;
      mostConcurrent = Math.max(mostConcurrent, concurrent);
      open.push(() => {
        concurrent -= 1;
        resolve();
      });
    });
  return { run, answer: () => open.shift()!(), started: () => started, mostConcurrent: () => mostConcurrent };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sharedRoundTrip (the list and session caches\' sync on the listening connection)', () => {
  it('sends one query at a time, and callers during one share the next', async () => {
    const trip = manualRoundTrip();
    const sync = sharedRoundTrip(trip.run);
    const first = sync();
    const during = [sync(), sync(), sync()];
    await tick();
    expect(trip.started()).toBe(1);
    let duringDone = false;
    void Promise.all(during).then(() => (duringDone = true));
    trip.answer();
    await first;
    await tick();
    // Those who asked while the first was under way wait for a round trip of their own moment.
    expect(duringDone).toBe(false);
    expect(trip.started()).toBe(2);
    trip.answer();
    await Promise.all(during);
    expect(trip.started()).toBe(2);
    expect(trip.mostConcurrent()).toBe(1);
  });

  it('a failed round trip fails its callers, and the next caller sends a new one', async () => {
    let calls = 0;
    const sync = sharedRoundTrip(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
    });
    await expect(sync()).rejects.toThrow('connection lost');
    await expect(sync()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
