import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app.js';
import { createTestContext, type TestContext } from './helpers.js';

// The built app's assets come from memory, compressed as the browser accepts (server/lib/static-assets.ts). The app
// with a static folder is made here: its pages are not the API's contract.
let t: TestContext;
let app: App;
let dir: string;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'px-static-'));
  mkdirSync(join(dir, 'assets', 'nested'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>planXchange</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'nested', 'tiny-1.css'), 'a{b:c}');
  t = await createTestContext({ seed: false });
  app = createApp(t.db, { staticDir: dir }, t.files);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function whenCompressed(path: string, acceptEncoding: string): Promise<Response> {
  for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
    const response = await app.request(`http://localhost${path}`, { headers: { 'accept-encoding': acceptEncoding } });
    if (response.headers.get('content-encoding') || Date.now() > deadline) return response;
  }
}

describe('the built app’s assets', () => {
  it('are sent as built, cached for a year, with their type', async () => {
    const response = await app.request('http://localhost/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(script);
    const nested = await app.request('http://localhost/assets/nested/tiny-1.css', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(nested.headers.get('content-type')).toBe('text/css; charset=utf-8');
    // Too small to gain from compression.
    expect(nested.headers.get('content-encoding')).toBeNull();
    expect(await nested.text()).toBe('a{b:c}');
  });

  it('come compressed with brotli or gzip as the request accepts, decompressing to the same bytes', async () => {
    const br = await whenCompressed('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brBytes.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(brBytes).toString('utf8')).toBe(script);
    const gz = await app.request('http://localhost/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(script);
    const none = await app.request('http://localhost/assets/index-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.text()).toBe(script);
  });

  it('HEAD answers the headers without the body; other paths still reach the app', async () => {
    const head = await app.request('http://localhost/assets/index-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await head.text()).toBe('');
    const page = await app.request('http://localhost/home/app/dash');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});
