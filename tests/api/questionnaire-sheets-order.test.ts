import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';

const R = '/api/data/planxchange/questionnaire-sheets';
const shipped = (file: string) => JSON.parse(readFileSync(join(__dirname, '../../schemas/questionnaire/sheets/xde-general', file), 'utf8')) as Record<string, unknown>;

/** Every object's keys in order, depth-first: two documents with the same outline list the same keys in the same order. */
function outline(node: unknown, path = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((item, index) => outline(item, `${path}/${index}`));
  return Object.entries(node).flatMap(([key, value]) => [`${path}/${key}`, ...outline(value, `${path}/${key}`)]);
}

let ctx: TestContext;
let configurer: string;

beforeAll(async () => {
  ctx = await createTestContext();
  configurer = await ctx.login('configurer');
});
afterAll(async () => ctx?.close());

// The editor shows the documents as stored, and the questionnaire renders sections and controls in stored order.
describe('sheet documents keep the order they were written in', () => {
  it('answers a shipped version with its keys in the file order, and a new draft and an edit keep theirs', async () => {
    const filter = encodeURIComponent(JSON.stringify({ name: 'xde-general' }));
    const [row] = (await (await ctx.request('GET', `${R}?filter=${filter}`, { cookie: configurer })).json()) as { id: number }[];
    const stored = (await (await ctx.request('GET', `${R}/${row.id}`, { cookie: configurer })).json()) as { schema: Record<string, unknown>; uiSchema: Record<string, unknown> };
    expect(outline(stored.schema)).toEqual(outline(shipped('v1.schema.json')));
    expect(outline(stored.uiSchema)).toEqual(outline(shipped('v1.uischema.json')));

    const draft = (await (await ctx.request('POST', R, { cookie: configurer, body: { name: 'xde-general' } })).json()) as { id: number; schema: { properties: Record<string, unknown> } };
    expect(Object.keys(draft.schema.properties)).toEqual(Object.keys((shipped('v1.schema.json') as { properties: object }).properties));

    // A configurer moves the last section to the top: that is the order from then on.
    const sections = Object.entries(draft.schema.properties);
    const reordered = { ...draft.schema, properties: Object.fromEntries([sections[sections.length - 1], ...sections.slice(0, -1)]) };
    const saved = await ctx.request('PUT', `${R}/${draft.id}`, { cookie: configurer, body: { schema: reordered, uiSchema: stored.uiSchema } });
    expect(saved.status).toBe(200);
    const reread = (await (await ctx.request('GET', `${R}/${draft.id}`, { cookie: configurer })).json()) as { schema: { properties: Record<string, unknown> } };
    expect(Object.keys(reread.schema.properties)).toEqual(Object.keys(reordered.properties));
  });
});
