import { availableParallelism } from 'node:os';

/**
 * How many journey files run at once, each worker with its own shared demo server (global-setup.ts): E2E_WORKERS,
 * else two on a machine with two cores or more. A journey mostly waits — for the server, for a page to settle, for
 * the app's debounces: one file at a time left the 2-core machine ~40 % idle (2026-11-29, after the move to the
 * headless shell and cheaper test password hashes). Measured there, the whole browser suite: one worker 869 s, two
 * 644 s. (Before those changes one worker's journeys used both cores and two workers gained 3 %.) The timed journeys
 * run alone whatever this says (vitest.e2e.config.ts).
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism()))) || 1);
