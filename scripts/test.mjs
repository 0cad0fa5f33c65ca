// `npm test`: every suite, each line prefixed with its suite's name; the end lists each suite's time and result.
// Exit code 1 when any suite failed (all of them run to the end, so one run shows every failure).
//   unit/component suites → API/s3 suites (vitest) → browser journeys (vitest.e2e.config.ts; the timed ones in a group of
//   their own, the typecheck beside them) → with TEST_POSTGRES_URL (an admin URL, …/postgres; .ci/run sets it) the API
//   and concurrency suites once more against that PostgreSQL server.
// On a machine with fewer than four cores (TEST_PHASES=parallel overrides) the suites run one after another, but for
// the typecheck: it starts when the timed journeys do (tests/e2e/timed-start-reporter.ts says when), which run one at a
// time and leave a core idle. Measured on the 2-core machine (2026-11-29): the unit and component suites took 160 s
// with the typecheck beside them and 125 s alone; the timed journeys ~7 s longer beside it. Earlier, all suites side
// by side took each other's cores — the unit/API suite ran 32 min instead of 12, twenty timing-bounded API tests on
// PostgreSQL failed, and the journeys took 1.7× as long. The journeys themselves run two files at a time there
// (tests/e2e/workers.ts).
// With four cores or more (or TEST_PHASES=parallel) the typecheck, the unit/API suites, the journeys and the
// PostgreSQL pass run side by side, then the timed journeys alone.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TIMED_START_LINE } from './test-phases.mjs';

const root = new URL('..', import.meta.url).pathname;
const npx = (args, env = {}) => ({ command: 'npx', args, env });

const suites = {
  types: npx(['tsc', '--noEmit', '-p', 'tsconfig.json']),
  tests: npx(['vitest', 'run']),
  // The same suites in two runs, for a 2-core machine: the unit and component suites, then the API suites (with their
  // timing-bounded floods).
  units: npx(['vitest', 'run', '--project', 'unit', '--project', 'components']),
  api: npx(['vitest', 'run', '--project', 'api', '--project', 's3']),
  // Both projects in one run: one build, one demo template; the timed journeys run as a group of their own.
  e2e: npx(['vitest', 'run', '--config', 'vitest.e2e.config.ts']),
  journeys: npx(['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--project', 'journeys']),
  // The build is the one the journeys made a moment ago.
  timed: npx(['vitest', 'run', '--config', 'vitest.e2e.config.ts', '--project', 'timed'], { E2E_SKIP_BUILD: '1' }),
};

const postgresUrl = process.env.TEST_POSTGRES_URL;
if (postgresUrl) {
  // One worker: the API suite's timing-bounded tests share the cores with PostgreSQL itself.
  suites.postgres = { command: 'bash', args: ['-c', 'npx vitest run --maxWorkers=1 tests/api && npx vitest run tests/concurrency'], env: { TEST_DATABASE_URL: postgresUrl } };
}

const results = [];
// Lines that name a failed test or file, kept per suite and printed again at the end: a CI log is often read from its
// tail only, and the failure itself scrolled past 20 minutes earlier.
const failures = [];
const ansi = /\u001b\[[0-9;]*m/g;
const failureLine = /^\s*(FAIL\s|×\s|✗\s|❯ .*\(\d+ tests?(?: \|)? \d+ failed)|AssertionError|Error: Test timed out/;

/** Runs a suite to its end; `onLine` sees each line it prints. */
function run(name, onLine = () => {}) {
  const { command, args, env } = suites[name];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      // An assertion's own message may span lines (a JSON list of axe violations): its next lines are kept too.
      let follow = 0;
      createInterface({ input: stream }).on('line', (line) => {
        (stream === child.stdout ? process.stdout : process.stderr).write(`[${name}] ${line}\n`);
        const plain = line.replace(ansi, '');
        onLine(plain);
        if (failures.length >= 240) return;
        if (failureLine.test(plain)) {
          failures.push(`[${name}] ${plain.trim().slice(0, 300)}`);
          follow = /AssertionError/.test(plain) ? 14 : 0;
        } else if (follow > 0 && plain.trim()) {
          follow -= 1;
          failures.push(`[${name}]     ${plain.trim().slice(0, 300)}`);
        }
      });
    }
    child.on('close', (code, signal) => {
      results.push({ name, seconds: Math.round((Date.now() - started) / 1000), ok: code === 0, how: signal ?? `exit ${code}` });
      resolve();
    });
  });
}

const parallel = process.env.TEST_PHASES ? process.env.TEST_PHASES === 'parallel' : availableParallelism() >= 4;

// Chromium for the journeys, installed when missing (or one sentence on how to).
execFileSync('bash', ['scripts/ensure-system-deps.sh', 'chromium'], { cwd: root, stdio: 'inherit' });

const started = Date.now();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const postgres = postgresUrl ? ['postgres'] : [];
if (parallel) {
  await Promise.all(['types', 'tests', 'journeys', ...postgres].map(run));
  await run('timed');
} else {
  // The API and browser phases start their servers on copies of one demo installation, seeded by the first of them
  // (tests/support/server.ts seedDataDirTemplate): one seed instead of two.
  const shared = mkdtempSync(join(tmpdir(), 'px-npm-test-'));
  process.env.PX_TEST_DEMO_DATA_DIR = join(shared, 'demo');
  process.on('exit', () => rmSync(shared, { recursive: true, force: true }));
  for (const name of ['units', 'api']) await run(name);
  // The typecheck (one core, ~100 s) beside the timed journeys, which leave one core idle.
  let types;
  await run('e2e', (line) => {
    if (!types && line.includes(TIMED_START_LINE)) types = run('types');
  });
  await (types ?? run('types'));
  for (const name of postgres) await run(name);
}

const total = Math.round((Date.now() - started) / 1000);
if (failures.length) {
  console.log('\nfailures (as the suites printed them):');
  // A failure line printed twice (the summary repeats it) shows once; an assertion's continuation lines always show.
  const shown = failures.filter((line, index) => / {5}\S/.test(line.split(']')[1] ?? '') || failures.indexOf(line) === index);
  for (const line of shown.slice(0, 120)) console.log(`  ${line}`);
}
console.log('\nnpm test:');
for (const { name, seconds, ok, how } of results) console.log(`  ${(ok ? 'passed' : `FAILED (${how})`).padEnd(16)} ${name.padEnd(9)} ${String(seconds).padStart(5)} s`);
console.log(`  total ${total} s (${(total / 60).toFixed(1)} min)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
