// `npm test`: every suite, as fast as a 2-core machine allows.
//   1. At once: the typecheck, the unit/component/API/s3 suites (vitest) and the browser journeys (the "journeys"
//      project of vitest.e2e.config.ts). A journey waits on the browser and the server most of the time (one
//      journey file keeps about half of two cores busy), so the other suites fill what it leaves idle.
//   2. Then, on a machine nothing else uses, the journeys that assert how fast the app follows (project "timed").
// Each line is prefixed with its suite's name; the end prints each suite's time and result. Exit code 1 when any
// suite failed (all of them run to the end, so one run shows every failure).
// TEST_PHASES=sequential runs the same suites one after another (to compare, or on a machine with one core).
// TEST_POSTGRES_URL (an admin URL, …/postgres; .ci/run sets it): the API and concurrency suites run a second time
// against that PostgreSQL server, in the first phase beside the others.
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const npx = (args, env = {}) => ({ command: 'npx', args, env });

const suites = {
  types: npx(['tsc', '--noEmit', '-p', 'tsconfig.json']),
  tests: npx(['vitest', 'run']),
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

function run(name) {
  const { command, args, env } = suites[name];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => (stream === child.stdout ? process.stdout : process.stderr).write(`[${name}] ${line}\n`));
    }
    child.on('close', (code, signal) => {
      results.push({ name, seconds: Math.round((Date.now() - started) / 1000), ok: code === 0, how: signal ?? `exit ${code}` });
      resolve();
    });
  });
}

async function phase(names) {
  if (process.env.TEST_PHASES === 'sequential') for (const name of names) await run(name);
  else await Promise.all(names.map(run));
}

// Chromium for the journeys, installed when missing (or one sentence on how to).
execFileSync('bash', ['scripts/ensure-system-deps.sh', 'chromium'], { cwd: root, stdio: 'inherit' });

const started = Date.now();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
await phase(['types', 'tests', 'journeys', ...(postgresUrl ? ['postgres'] : [])]);
await phase(['timed']);

const total = Math.round((Date.now() - started) / 1000);
console.log('\nnpm test:');
for (const { name, seconds, ok, how } of results) console.log(`  ${(ok ? 'passed' : `FAILED (${how})`).padEnd(16)} ${name.padEnd(9)} ${String(seconds).padStart(5)} s`);
console.log(`  total ${total} s (${(total / 60).toFixed(1)} min)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
