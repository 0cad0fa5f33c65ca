// What the journeys' run and `npm test` (scripts/test.mjs) agree on: the line the journeys' reporter prints when the
// timed group begins (tests/e2e/timed-start-reporter.ts); `npm test` starts the typecheck on it.
export const TIMED_START_LINE = 'timed journeys: starting';
