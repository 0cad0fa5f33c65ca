// The server's build: server/index.ts and what it imports from the project, in one ES module
// (dist-server/index.mjs); packages stay in node_modules, loaded by Node as they are. `npm start`, the tests and the
// benchmarks run this build with plain Node — no TypeScript compiled at each start (tsx spent ~1.6 s of CPU on every
// start, resolving and loading each module through its hooks). `npm run dev` still runs the sources with tsx.
// Files read at run time (migrations, schemas, translations) are found from the project's folder (server/paths.ts).
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { newestMtime } from './build-app.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD = `${root}dist-server/index.mjs`;

/**
 * Builds the server (~0.5 s) into dist-server/index.mjs, with its source map beside it (`node --enable-source-maps`
 * names the sources in stack traces). Concurrent builds each write into a folder of their own and rename into place.
 */
export function buildServer() {
  mkdirSync(`${root}dist-server`, { recursive: true });
  const folder = mkdtempSync(join(root, 'dist-server', '.build-'));
  buildSync({
    absWorkingDir: root,
    entryPoints: ['server/index.ts'],
    outfile: join(folder, 'index.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'error',
  });
  renameSync(join(folder, 'index.mjs.map'), `${SERVER_BUILD}.map`);
  renameSync(join(folder, 'index.mjs'), SERVER_BUILD);
  rmSync(folder, { recursive: true, force: true });
  return SERVER_BUILD;
}

/** Builds the server unless its build is newer than every source it is made of (server/, src/, package.json). */
export function ensureServerBuild() {
  const sources = Math.max(...['server', 'src', 'package.json'].map((path) => newestMtime(join(root, path))));
  if (!existsSync(SERVER_BUILD) || statSync(SERVER_BUILD).mtimeMs < sources) buildServer();
  return SERVER_BUILD;
}

/**
 * Node's arguments that start the server — `npm start`, the tests and the benchmarks alike: the build (made first where
 * it is stale), with stack traces naming the sources, and a young generation of up to 64 MB per half
 * (`--max-semi-space-size`; V8's default is 16 MB here): a request's rows, records and JSON are short-lived, and with
 * the larger nursery fewer of them are collected twice or promoted — uncached lists in one process answered 7–15 %
 * more requests a second (unit list, My Tasks, journal; docs/decisions.md #36). It grows only as far as it is used.
 */
const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=64'];

export function serverArgs() {
  return [...SERVER_NODE_OPTIONS, ensureServerBuild()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServer();
