// `npm start`: builds the app and the server when their builds are missing or older than their sources, then serves
// app and API on one port (PORT, default 3000) with demo data on the embedded database.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, DEVELOPMENT_RUNTIME_MARKERS, newestMtime } from './build-app.mjs';
import { serverArgs } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;

const built = join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(root, p));
const sourceTime = Math.max(...sources.map(newestMtime));
// A build older than its sources, or a development build left by some other tool, is rebuilt.
const stale = !existsSync(built) || statSync(built).mtimeMs < sourceTime;
const development = !stale && DEVELOPMENT_RUNTIME_MARKERS.some((marker) => readFileSync(built, 'utf8').includes(marker));
if (stale || development) {
  console.log('Building the app …');
  try {
    buildApp();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

// The server's build (scripts/build-server.mjs), made again when a source is newer.
const server = spawn(process.execPath, serverArgs(), { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
