// What a browser must load before the first page shows: the scripts index.html loads or preloads and
// everything they import statically (dynamic import() left out). Shared by the bundle journey and the bench.
import { readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The scripts index.html loads or preloads, as paths relative to the build folder. */
export function htmlScripts(outDir: string): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const local = (path: string) => path.replace(/^\.?\//, '').replace(/^bare\//, '');
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((match) => local(match[1]));
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map((match) => local(match[1]));
  return [...scripts, ...preloads];
}

/** Static imports of a chunk (`import … from "./x.js"`, `import "./x.js"`). */
export function staticImports(outDir: string, file: string): string[] {
  const code = readFileSync(join(outDir, file), 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((match) => posix.normalize(posix.join(posix.dirname(file), match[1])));
}

/** The entry and everything it imports statically. */
export function initialChunks(outDir: string): string[] {
  const queue = htmlScripts(outDir);
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(outDir, file));
  }
  return [...seen];
}

/** Raw and gzip-compressed size of the initial chunks, in bytes. */
export function initialJsSize(outDir: string): { files: number; raw: number; gzip: number } {
  const files = initialChunks(outDir);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    raw += statSync(join(outDir, file)).size;
    gzip += gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  }
  return { files: files.length, raw, gzip };
}
