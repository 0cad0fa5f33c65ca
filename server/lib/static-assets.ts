import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

/**
 * The built app's `assets/` (hashed file names, never changed in place) held in memory and sent compressed: read
 * once at start (a few MB), compressed with brotli and gzip on the thread pool in the background, sent as the
 * browser accepts (uncompressed until a file's compressed forms are ready). Every answer carries a year's
 * immutable caching. Serving the first load's chunks from disk one by one cost the dashboard's first paint
 * ~8 ms per file on a busy machine, and nothing was compressed.
 */

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ifc': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg', '.wasm', '.txt', '.html', '.ifc']);
/** Smaller files gain less than the header costs. */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface Asset {
  body: Buffer;
  type: string;
  /** Default: a year, immutable (hashed names). */
  cacheControl?: string;
  br?: Buffer;
  gzip?: Buffer;
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(path) : entry.isFile() ? [path] : [];
  });
}

/** The assets under `root/assets` by their URL path (`/assets/…`), added to `assets`; none when there is no such folder. */
export function loadStaticAssets(root: string, assets = new Map<string, Asset>()): Map<string, Asset> {
  const dir = join(root, 'assets');
  try {
    if (!statSync(dir).isDirectory()) return assets;
  } catch {
    return assets;
  }
  for (const path of filesBelow(dir)) {
    const extension = extname(path).toLowerCase();
    assets.set(`/assets/${relative(dir, path).split(sep).join('/')}`, { body: readFileSync(path), type: TYPES[extension] ?? 'application/octet-stream' });
  }
  return assets;
}

/** Compresses every compressible asset on the thread pool, one after the other (never blocks the event loop). */
export async function compressStaticAssets(assets: Map<string, Asset>): Promise<void> {
  for (const [path, asset] of assets) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase()) || asset.body.length < MIN_COMPRESS_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(asset.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: asset.body.length } }),
      gzipAsync(asset.body, { level: 9 }),
    ]);
    asset.br = br;
    asset.gzip = gz;
  }
}

/** The encodings an Accept-Encoding header allows (names in lower case; `q=0` refuses). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/** The better of the encodings the request accepts (`br`, then `gzip`), as far as they are ready. */
function chooseEncoding(asset: Asset, header: string | undefined): 'br' | 'gzip' | null {
  if (!asset.br && !asset.gzip) return null;
  const accepted = acceptedEncodings(header);
  if (asset.br && accepted.has('br')) return 'br';
  if (asset.gzip && accepted.has('gzip')) return 'gzip';
  return null;
}

/** Answers GET (and so HEAD, which Hono runs as GET without the body) of a known asset from memory; everything else goes on. */
export function staticAssets(assets: Map<string, Asset>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const asset = c.req.method === 'GET' ? assets.get(c.req.path) : undefined;
    if (!asset) return next();
    const encoding = chooseEncoding(asset, c.req.header('accept-encoding'));
    const body = encoding ? asset[encoding]! : asset.body;
    const headers: Record<string, string> = {
      'Content-Type': asset.type,
      'Content-Length': String(body.length),
      'Cache-Control': asset.cacheControl ?? 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    return c.body(body as Uint8Array as Uint8Array<ArrayBuffer>, 200, headers);
  };
}
