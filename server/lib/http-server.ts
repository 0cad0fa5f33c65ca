import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { DRAIN_MAX_BYTES } from './body-limit.js';

/** How long a refused body's rest may take to arrive before the connection is closed instead. */
export const DRAIN_MAX_MS = 10_000;
/** After a closing answer, how long the server keeps reading (and dropping) what the client still sends. */
export const LINGER_MS = 2_000;

/**
 * Serves the app with @hono/node-server. Its own clean-up of unread bodies is switched off: it resumes the
 * request while the fetch adapter's reader still holds it, the adapter pauses it again, and after 500 ms the
 * socket is destroyed — every answer given before a body was read (413, 401, 415 …) reset the connection.
 */
/**
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in front keep theirs
 * (load balancers 60 s), so that the client, not the server, closes it. Node's 5 s default let a client send a
 * request on a connection the server was closing at that moment: the request failed with a reset (ECONNRESET).
 */
export const KEEP_ALIVE_MS = 65_000;

export function startHttpServer(fetch: (request: Request, env: unknown) => Response | Promise<Response>, options: { port: number; hostname: string }, onListening?: (info: AddressInfo) => void): Server {
  const server = serve(
    {
      fetch: answerOnce(fetch),
      port: options.port,
      hostname: options.hostname,
      autoCleanupIncoming: false,
      createServer: ((serverOptions: object, listener: RequestListener) => createServer(serverOptions, settleUnreadBodies(listener))) as unknown as typeof createServer,
    },
    onListening,
  ) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers may take as long as the connection may idle, and a little more (Node's rule).
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}

/**
 * A route that writes its answer itself (the demo identity provider hands the Node request to oidc-provider) returns
 * RESPONSE_ALREADY_SENT; the middlewares around it (request id, security headers) then copy it into a new
 * response, and the adapter (@hono/node-server 2.1) wrote that copy's head a second time: ERR_HTTP_HEADERS_SENT
 * on every provider request. When the Node response has its head already, the adapter gets an answer it skips.
 */
export function answerOnce(fetch: (request: Request, env: unknown) => Response | Promise<Response>) {
  return async (request: Request, env: unknown): Promise<Response> => {
    const response = await fetch(request, env);
    if (!(env as { outgoing?: ServerResponse } | undefined)?.outgoing?.headersSent) return response;
    const skipped = new Response(null, { headers: { 'x-hono-already-sent': 'true' } });
    // Reading the body turns the adapter's light response into a full one, which it checks for the marker.
    void skipped.body;
    return skipped;
  };
}

/**
 * Wraps a request listener: once the answer is written, a body the app did not read to its end is read and
 * dropped — up to DRAIN_MAX_BYTES within DRAIN_MAX_MS — so the keep-alive connection serves the next request.
 * When that is too much, or the answer said `Connection: close`, the connection is closed gracefully: the
 * server ends its side, keeps dropping what arrives for LINGER_MS, then closes. Closing at once would answer
 * the client's still-arriving bytes with a TCP reset, and a reset can wipe the 413 before the client reads it.
 */
export function settleUnreadBodies(listener: RequestListener): RequestListener {
  return (request, response) => {
    // Prepended: Node's own 'finish' handler would otherwise close a `Connection: close` socket first.
    response.prependOnceListener('finish', () => {
      if (!request.complete && !request.destroyed) dropRest(request);
    });
    return listener(request, response);
  };
}

function dropRest(request: IncomingMessage): void {
  const socket = request.socket as Omit<Socket, 'destroySoon'> & { destroySoon?: () => void };
  // The fetch adapter's reader (if the app started reading) gets nothing more; it would pause the stream.
  for (const reader of request.listeners('data')) request.removeListener('data', reader as (chunk: Buffer) => void);
  let dropped = 0;
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    clearTimeout(drainTimer);
    if (!socket.destroyed) socket.end();
    const lingerTimer = setTimeout(() => socket.destroy(), LINGER_MS);
    lingerTimer.unref();
    socket.once('close', () => clearTimeout(lingerTimer));
    // The client closed its side too: nothing more to wait for.
    socket.once('end', () => socket.destroy());
  };
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_MAX_BYTES) close();
  };
  const drainTimer = setTimeout(close, DRAIN_MAX_MS);
  drainTimer.unref();
  // Node calls destroySoon() after a closing answer (`Connection: close`, HTTP/1.0): close gracefully instead.
  socket.destroySoon = close;
  request.on('data', onData);
  request.once('end', () => {
    clearTimeout(drainTimer);
    request.removeListener('data', onData);
    // The body is read: the connection is as good as new (unless it is closing already).
    if (!closing) delete socket.destroySoon;
  });
  request.resume();
}
