import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './tests/e2e/workers.ts';

/**
 * Journeys that assert how fast the app follows (live updates, a solved login challenge, the viewer's extraction,
 * workflow answers, rule explanations, the model-to-order path's longest wait): they run in a group of their own, one at
 * a time, on a machine no other journey shares — a neighbour's burst would measure the neighbour. (With two workers
 * vitest 4.1 runs this group after the journeys, as its groupOrder says; with one it ran it first.) One journey at a
 * time leaves one of two cores idle: `npm test` runs the typecheck there (scripts/test.mjs), a steady single-threaded
 * neighbour, not a bursty one — measured on the 2-core machine, the timed group took 132 s beside it against ~125 s
 * alone, every bound held.
 */
const TIMED = ['aac-order', 'live', 'login-challenge', 'model-to-order', 'rules-explained', 'viewer-extraction', 'workflow'].map((name) => `tests/e2e/${name}.e2e.ts`);

export default defineConfig({
  test: {
    globalSetup: ['tests/e2e/global-setup.ts'],
    // The default report, and one line when the timed group begins (scripts/test.mjs starts the typecheck then).
    reporters: ['default', './tests/e2e/timed-start-reporter.ts'],
    setupFiles: ['tests/e2e/console-guard.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // expect.poll waits as long as a Playwright locator does for a page to follow (vitest's default, 1 s, failed
    // whenever the machine was busy: a table still loading after a navigation read as "0 rows").
    expect: { poll: { timeout: 15_000, interval: 100 } },
    projects: [
      {
        extends: true,
        // Journey files side by side, one per worker; each worker's files share that worker's demo server.
        test: { name: 'journeys', include: ['tests/e2e/**/*.e2e.ts'], exclude: TIMED, fileParallelism: E2E_WORKERS > 1, maxWorkers: E2E_WORKERS, sequence: { groupOrder: 0 } },
      },
      { extends: true, test: { name: 'timed', include: TIMED, fileParallelism: false, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
