import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { DRAIN_MAX_BYTES } from '../../server/lib/body-limit.js';
import { settleUnreadBodies } from '../../server/lib/http-server.js';
import { RawConnection } from '../api/socket-server.js';

const MB = 1024 * 1024;
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => {
  server?.closeAllConnections();
  return server ? server.close(() => resolve()) : resolve();
}));

/** A server whose handler reads the first piece of a body through a web stream (as the fetch adapter does), then answers. */
async function startEarlyAnswerServer(wrap: boolean): Promise<number> {
  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'POST') {
      await (Readable.toWeb(request) as ReadableStream).getReader().read();
      response.writeHead(400, { 'content-type': 'text/plain', 'content-length': '2' });
      response.end('no');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    response.end('ok');
  };
  const listener = (request: IncomingMessage, response: ServerResponse) => void handler(request, response);
  server = createServer(wrap ? settleUnreadBodies(listener) : listener);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function postThenGet(port: number, size: number) {
  const connection = new RawConnection(port);
  await connection.write(`POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: ${size}\r\n\r\n`);
  await connection.write(Buffer.alloc(size, 0x61));
  const first = await connection.response();
  await connection.write('GET /y HTTP/1.1\r\nHost: a\r\n\r\n');
  const second = await connection.response(1500).catch(() => undefined);
  connection.close();
  return { first, second };
}

describe('settleUnreadBodies', () => {
  it('drops the unread rest of a body after an early answer, so the connection serves the next request', async () => {
    const { first, second } = await postThenGet(await startEarlyAnswerServer(true), 3 * MB);
    expect(first?.status).toBe(400);
    expect(second?.status).toBe(200);
    expect(second?.body).toBe('ok');
  });

  it('without it the half-read body stalls the connection (the failure it fixes)', async () => {
    const { first, second } = await postThenGet(await startEarlyAnswerServer(false), 3 * MB);
    expect(first?.status).toBe(400);
    expect(second).toBeUndefined();
  });

  it('closes the connection instead when the rest is more than it drops', async () => {
    const port = await startEarlyAnswerServer(true);
    const connection = new RawConnection(port);
    const size = DRAIN_MAX_BYTES + 8 * MB;
    await connection.write(`POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: ${size}\r\n\r\n`);
    const block = Buffer.alloc(MB, 0x61);
    for (let sent = 0; sent < size && !connection.error && !connection.closed; sent += block.length) await connection.write(block);
    expect((await connection.response())?.status).toBe(400);
    await new Promise((r) => setTimeout(r, 100));
    await connection.write('GET /y HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(await connection.response(1500).catch(() => undefined)).toBeUndefined();
    connection.close();
  });
});
