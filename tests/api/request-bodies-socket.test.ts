import { sessionCookie } from '../support/session.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawConnection, startServerProcess, type ServerProcess } from './socket-server.js';

/** Request bodies against the real server over sockets: bounded while they stream, connections kept usable. */
const MB = 1024 * 1024;
let server: ServerProcess;
let cookie: string;
let userId: number;

beforeAll(async () => {
  server = await startServerProcess();
  cookie = await sessionCookie(server.baseURL, 'customer');
  userId = (await (await fetch(`${server.baseURL}/api/auth/me`, { headers: { cookie } })).json()).id;
}, 120_000);
afterAll(async () => server?.stop());

const avatarHead = (framing: string) =>
  'POST /api/data/planxchange/profilefiles/thumbnail.png HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
  `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\n${framing}\r\n\r\n`;
const partHead = '--XyZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
const chunk = (data: Buffer | string) => Buffer.concat([Buffer.from(`${Buffer.byteLength(data).toString(16)}\r\n`), Buffer.from(data), Buffer.from('\r\n')]);
const getMe = () => `GET /api/auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`;

describe('a chunked upload without Content-Length', () => {
  it('200 MB to the avatar route: 413 within 1 s, the process grows by less than 50 MB, the connection closes cleanly', async () => {
    // Warm up the route, then measure from the resting size.
    const warm = new RawConnection(server.port);
    await warm.write(avatarHead('Transfer-Encoding: chunked') + chunk(partHead).toString('latin1'));
    await warm.write(chunk(Buffer.alloc(1024, 1)));
    await warm.write(chunk('\r\n--XyZ--\r\n'));
    await warm.write('0\r\n\r\n');
    expect((await warm.response())?.status).toBe(422);
    warm.close();
    const before = server.memory().rss;
    server.resetPeak();

    const connection = new RawConnection(server.port);
    const started = performance.now();
    let answeredAfter = Infinity;
    const answer = connection.response(10_000).then((response) => {
      answeredAfter = performance.now() - started;
      return response;
    });
    await connection.write(avatarHead('Transfer-Encoding: chunked'));
    await connection.write(chunk(partHead));
    const block = chunk(Buffer.alloc(256 * 1024, 0x61));
    let sent = 0;
    while (sent < 200 * MB && answeredAfter === Infinity && !connection.closed && !connection.error) {
      await connection.write(block);
      sent += block.length;
    }
    const response = await answer;
    expect(response?.status).toBe(413);
    expect(JSON.parse(response!.body).messages[0]).toMatchObject({ key: 'PROFILE.AvatarDialog.TooLarge', type: 'error' });
    // The rest is unknown: the server says it closes, and does (after letting the client read the answer).
    expect(response?.headers.connection).toBe('close');
    expect(answeredAfter).toBeLessThan(1000);
    const { peak } = server.memory();
    expect(peak - before).toBeLessThan(50 * MB);
    connection.close();
    // The server is fine: the next connection is served.
    expect((await fetch(`${server.baseURL}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
  });
});

describe('the connection after an early answer', () => {
  it('after a 413 for a declared 2 MB JSON body, the next request on the same connection succeeds', async () => {
    const connection = new RawConnection(server.port);
    const size = 2 * MB;
    await connection.write(
      `PUT /api/data/planxchange/users/${userId} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    await connection.write(Buffer.alloc(size, 0x20));
    const refused = await connection.response();
    expect(refused?.status).toBe(413);
    expect(refused?.headers.connection).toBe('keep-alive');
    await connection.write(getMe());
    const next = await connection.response();
    expect(next?.status).toBe(200);
    expect(JSON.parse(next!.body)).toMatchObject({ login: 'customer' });
    connection.close();
  });

  it('after a 413 for a 6 MB avatar with Content-Length, the next request on the same connection succeeds', async () => {
    const connection = new RawConnection(server.port);
    const body = Buffer.concat([Buffer.from(partHead), Buffer.alloc(6 * MB, 7), Buffer.from('\r\n--XyZ--\r\n')]);
    await connection.write(avatarHead(`Content-Length: ${body.length}`));
    await connection.write(body);
    expect((await connection.response())?.status).toBe(413);
    await connection.write(getMe());
    expect((await connection.response())?.status).toBe(200);
    connection.close();
  });

  it('after a 401 for a body nobody reads, the next request on the same connection succeeds', async () => {
    const connection = new RawConnection(server.port);
    const size = 900 * 1024;
    await connection.write(`POST /api/data/planxchange/banner-notifications HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=a\r\nContent-Length: ${size}\r\n\r\n`);
    await connection.write(Buffer.alloc(size, 0x61));
    expect((await connection.response())?.status).toBe(401);
    await connection.write(getMe());
    expect((await connection.response())?.status).toBe(200);
    connection.close();
  });

  it('a chunked JSON body over 1 MB: 413 with Connection: close, read by the client before the close; a new connection is served', async () => {
    const connection = new RawConnection(server.port);
    await connection.write(`PUT /api/data/planxchange/users/${userId} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    for (let i = 0; i < 40; i++) await connection.write(chunk(Buffer.alloc(64 * 1024, 0x20)));
    const refused = await connection.response();
    expect(refused?.status).toBe(413);
    expect(refused?.headers.connection).toBe('close');
    expect(JSON.parse(refused!.body).messages[0].key).toBe('ERRORMESSAGES.PayloadTooLarge');
    expect((await fetch(`${server.baseURL}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    connection.close();
  });

  it('a client that sends its whole 20 MB chunked upload before reading still gets the 413 (no reset wipes it)', async () => {
    const connection = new RawConnection(server.port);
    connection.pause();
    await connection.write(avatarHead('Transfer-Encoding: chunked'));
    await connection.write(chunk(partHead));
    const block = chunk(Buffer.alloc(64 * 1024, 0x61));
    for (let i = 0; i < 320 && !connection.error; i++) await connection.write(block);
    connection.resume();
    const refused = await connection.response();
    expect(refused?.status).toBe(413);
    expect(refused?.headers.connection).toBe('close');
    connection.close();
  });
});
