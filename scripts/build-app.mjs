// The one way the app is built — for `npm start`, `npm run build`, the browser journeys and the benchmarks:
// always React's production build, whatever NODE_ENV the caller runs under (vitest sets it to "test", and a
// vite build inherits it and emits the development runtime).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const appRoot = fileURLToPath(new URL('..', import.meta.url));

/** Builds the app into `outDir` (default `dist/`); throws when the build fails. */
export function buildApp({ outDir, logLevel = 'warn' } = {}) {
  const outArgs = outDir ? ['--outDir', outDir, '--emptyOutDir'] : [];
  const result = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--logLevel', logLevel, ...outArgs], {
    cwd: appRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
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
