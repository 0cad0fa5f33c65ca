// The API baseline of `npm run bench`: a bare Hono route on @hono/node-server answering a fixed JSON body
// (the portal's banner list, captured in the same run) from memory — the framework's own speed on this machine.
// Started as a process of its own, like the portal: PORT, BODY_FILE.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const body = JSON.parse(readFileSync(process.env.BODY_FILE ?? '', 'utf8')) as unknown;
const app = new Hono();
app.get('/bare', (c) => {
  c.header('Content-Range', 'banner-notifications 0-19/204');
  return c.json(body);
});
app.get('/api/health', (c) => c.json({ status: 'ok' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
