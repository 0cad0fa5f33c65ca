// The first bundle (what index.html loads before any page is opened) must not carry three.js, web-ifc or zod:
// the viewer's 3D scene is a chunk of its own, fetched with import() when a model is shown, and the form rules come
// with the pages that have forms (the bench compares the first load with a bare react-admin app).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedBaseURL } from './browser';
import { DEVELOPMENT_RUNTIME_MARKERS } from '../../scripts/build-app.mjs';
import { initialChunks as sharedInitialChunks } from '../bench/initial-js.js';

// The global setup has just built the app here.
const outDir = process.env.E2E_OUT_DIR ?? resolve(__dirname, '../../dist');

/** Strings that survive minification: three's class names in its warnings and its global revision marker. */
const THREE_MARKERS = ['WebGLRenderer', '__THREE__'];
const WEB_IFC_MARKERS = ['web-ifc', 'IfcAPI', 'GetLineIDsWithType'];

const read = (file: string) => readFileSync(join(outDir, file), 'utf8');

const initialChunks = () => sharedInitialChunks(outDir);

const allChunks = () =>
  readdirSync(join(outDir, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
const containsAny = (file: string, markers: string[]) => markers.filter((marker) => read(file).includes(marker));
const kilobytes = (files: string[]) => Math.round(files.reduce((sum, file) => sum + statSync(join(outDir, file)).size, 0) / 1024);

describe('bundle', () => {
  it('was built', () => {
    expect(existsSync(join(outDir, 'index.html')), `no build in ${outDir}`).toBe(true);
  });

  it('the initial chunks hold neither three.js nor web-ifc', () => {
    const initial = initialChunks();
    expect(initial.length).toBeGreaterThan(0);
    expect(initial.some((file) => /index-[\w-]+\.js$/.test(file))).toBe(true);
    const offenders = initial.map((file) => ({ file, markers: [...containsAny(file, THREE_MARKERS), ...containsAny(file, WEB_IFC_MARKERS)] })).filter((entry) => entry.markers.length);
    expect(offenders).toEqual([]);
    console.log(`initial chunks: ${initial.length} files, ${kilobytes(initial)} kB`);
  });

  it('the initial chunks hold no form rules (zod): the pages with forms bring them when opened', () => {
    const initial = initialChunks();
    expect(initial.filter((file) => read(file).includes('ZodError'))).toEqual([]);
    expect(allChunks().some((file) => read(file).includes('ZodError'))).toBe(true);
  });

  it('three.js sits in a lazy chunk, and no chunk carries web-ifc (the browser never reads IFC)', () => {
    const initial = new Set(initialChunks());
    const withThree = allChunks().filter((file) => containsAny(file, THREE_MARKERS).length === THREE_MARKERS.length);
    expect(withThree.length).toBeGreaterThan(0);
    expect(withThree.filter((file) => initial.has(file))).toEqual([]);
    expect(allChunks().filter((file) => containsAny(file, WEB_IFC_MARKERS).length)).toEqual([]);
    console.log(`three.js chunk(s): ${withThree.join(', ')} (${kilobytes(withThree)} kB, loaded on demand)`);
  });

  it('the workflow editor (React Flow, dagre) is a lazy chunk: the first load of customers carries none of it', () => {
    const initial = new Set(initialChunks());
    const withFlow = allChunks().filter((file) => read(file).includes('react-flow__pane'));
    expect(withFlow.length).toBeGreaterThan(0);
    expect(withFlow.filter((file) => initial.has(file))).toEqual([]);
    expect([...initial].filter((file) => read(file).includes('rankdir'))).toEqual([]);
    console.log(`workflow editor chunk(s): ${withFlow.join(', ')} (${kilobytes(withFlow)} kB, loaded when a configurer opens it)`);
  });

  it('the sheet builder (dnd-kit, canvas, panel) is a lazy chunk: the first load of customers carries none of it', () => {
    const initial = new Set(initialChunks());
    const withBuilder = allChunks().filter((file) => read(file).includes('builder-toolbox'));
    expect(withBuilder.length).toBeGreaterThan(0);
    expect(withBuilder.filter((file) => initial.has(file))).toEqual([]);
    expect([...initial].filter((file) => read(file).includes('DndDescribedBy'))).toEqual([]);
    console.log(`sheet builder chunk(s): ${withBuilder.join(', ')} (${kilobytes(withBuilder)} kB, loaded when a configurer opens a draft)`);
    // The translations grid's XLSX reader/writer (exceljs, ~900 kB) comes only with a click on Export or Import.
    const withExcel = allChunks().filter((file) => read(file).includes('xl/workbook.xml'));
    expect(withExcel.length).toBeGreaterThan(0);
    expect(withExcel.filter((file) => initial.has(file) || withBuilder.includes(file))).toEqual([]);
  });

  it('the server hands out the production build: the entry and its preloads hold no development runtime', async () => {
    const baseURL = sharedBaseURL();
    const html = await (await fetch(`${baseURL}/home/app/dash`)).text();
    const scripts = [
      ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((match) => match[1]),
      ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g)].map((match) => match[1]),
    ];
    expect(scripts.length).toBeGreaterThan(0);
    const served = [html, ...(await Promise.all(scripts.map(async (path) => (await fetch(new URL(path, baseURL))).text())))];
    const found = DEVELOPMENT_RUNTIME_MARKERS.filter((marker) => served.some((text) => text.includes(marker)));
    expect(found).toEqual([]);
  });
});
