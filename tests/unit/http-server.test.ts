import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHttpServer } from '../../server/lib/http-server.js';

describe('startHttpServer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a route that wrote its answer itself is not answered twice, though a middleware adds a header after it', async () => {
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const app = new Hono<{ Bindings: { outgoing: ServerResponse } }>();
    app.use('*', async (c, next) => {
      await next();
      c.header('X-Request-Id', 'r-1');
    });
    app.get('/self', (c) => {
      c.env.outgoing.writeHead(200, { 'Content-Type': 'text/plain' }).end('written by the route');
      return RESPONSE_ALREADY_SENT;
    });
    app.get('/plain', (c) => c.text('plain'));
    const server = await new Promise<ReturnType<typeof startHttpServer>>((resolve) => {
      const started = startHttpServer((request, env) => app.fetch(request, env as { outgoing: ServerResponse }), { port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (let round = 0; round < 3; round++) {
        const self = await fetch(`${base}/self`);
        expect(self.status).toBe(200);
        expect(await self.text()).toBe('written by the route');
        const plain = await fetch(`${base}/plain`);
        expect(await plain.text()).toBe('plain');
        expect(plain.headers.get('x-request-id')).toBe('r-1');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors.map((args) => String((args as unknown[])[0]))).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
