import { mkdirSync } from 'node:fs';
import { afterEach, beforeEach, expect, onTestFailed } from 'vitest';
import { describeOpenPages, takeConsoleProblems } from './browser';

/** Where a failed journey's screenshots go (E2E_FAILURE_DIR, or a folder under /tmp). */
const FAILURE_DIR = process.env.E2E_FAILURE_DIR ?? '/tmp/e2e-failures';

// Every journey fails on a console error, a React warning or an uncaught error that is not on the allowlist.
afterEach(() => {
  expect(takeConsoleProblems().join('\n'), 'console errors and React warnings (allowlist: tests/e2e/browser.ts)').toBe('');
});

// A failed journey prints what its pages showed (address, alerts, API answers ≥ 400, a screenshot).
beforeEach(({ task }) => {
  onTestFailed(async () => {
    mkdirSync(FAILURE_DIR, { recursive: true });
    const lines = await describeOpenPages(FAILURE_DIR, `${task.file?.name ?? ''}-${task.name}`);
    console.log([`journey failed: ${task.name}`, ...lines].join('\n'));
  });
});
