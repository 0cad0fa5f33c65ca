import { afterEach, expect } from 'vitest';
import { takeConsoleProblems } from './browser';

// Every journey fails on a console error, a React warning or an uncaught error that is not on the allowlist.
afterEach(() => {
  expect(takeConsoleProblems().join('\n'), 'console errors and React warnings (allowlist: tests/e2e/browser.ts)').toBe('');
});
