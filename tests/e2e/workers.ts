/**
 * How many journey files run at once, each worker with its own shared demo server (global-setup.ts): E2E_WORKERS,
 * else 1. Measured on the 2-core CI machine (2026-11-29, clean clone): two workers took 1873 s for the suite, one
 * 1926 s — a journey file took 1.6× as long beside another, so the machine is CPU-bound with one already. Two
 * workers pay on a machine with more cores.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 1)) || 1);
