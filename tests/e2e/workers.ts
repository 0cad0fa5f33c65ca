/**
 * How many journey files run at once, each worker with its own shared demo server (global-setup.ts): E2E_WORKERS,
 * else 2. A journey keeps about one core busy between its browser and its server, and waits for the rest of its
 * time; two at once fill a 2-core machine.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1);
