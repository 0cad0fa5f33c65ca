// The one way the app is built — for `npm start`, `npm run build`, the browser journeys and the benchmarks:
// always React's production build, whatever NODE_ENV the caller runs under (vitest sets it to "test", and a
// vite build inherits it and emits the development runtime).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const appRoot = fileURLToPath(new URL('..', import.meta.url));

/** Builds the app into `outDir` (default `dist/`) — or, with `config`, another vite project (the bench's baseline); throws when the build fails. */
export function buildApp({ outDir, logLevel = 'warn', config } = {}) {
  const outArgs = outDir ? ['--outDir', outDir, '--emptyOutDir'] : [];
  const configArgs = config ? ['--config', config] : [];
  const result = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--logLevel', logLevel, ...configArgs, ...outArgs], {
    cwd: appRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

/** The newest modification time of a file or of anything below a folder (ms; 0 when it does not exist). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Markers that only React's development build carries. */
export const DEVELOPMENT_RUNTIME_MARKERS = ['jsx-dev-runtime', 'jsxDEV'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildApp({ outDir: process.argv[2] });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
