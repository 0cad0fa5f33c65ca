import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's folder (where package.json is), found from this module's place: the same for the sources
 * (server/paths.ts, run by tsx) and for the server's build (dist-server/index.mjs, scripts/build-server.mjs), whose
 * modules all share one place. Files the server reads at run time (migrations, schemas, translations) are named from
 * here, never relative to the module that reads them.
 */
export const appRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** A path below the project's folder. */
export const appPath = (...parts: string[]): string => join(appRoot, ...parts);
