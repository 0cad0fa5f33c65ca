import { Hono } from 'hono';
import { streamSSE, type SSEMessage } from 'hono/streaming';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { liveHubOf, type LiveListener } from '../lib/live-events.js';

/** A browser waits this long before it connects again after the stream ended (the SSE `retry` field). */
const RECONNECT_MS = 2_000;

/** Last-Event-ID (EventSource sends it on a reconnect) or ?lastEventId= (the app's own reconnect after an error). */
function lastEventIdOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,15}$/.test(value)) throw ApiError.badRequest('ERRORMESSAGES.BadRequest', 'Last-Event-ID');
  return Number(value);
}

/**
 * GET /api/events: the signed-in browser's event stream (Server-Sent Events, server/lib/live-events.ts). Events
 * `change` (a LiveEvent: resource, ids, project, who), `reload` (missed too much), `ready` (live from here); a comment
 * line as heartbeat. It ends when the session ends.
 */
export const eventRoutes = new Hono<AppEnv>();

eventRoutes.get('/', (c) => {
  const user = c.get('user')!;
  const token = c.get('sessionToken')!;
  const lastEventId = lastEventIdOf(c.req.header('last-event-id') ?? c.req.query('lastEventId'));
  const hub = liveHubOf(c.get('db'));
  if (!hub) throw new ApiError(503, [{ key: 'ERRORMESSAGES.Unavailable' }], { 'Retry-After': '5' });
  if (!hub.canOpen(user.id)) throw new ApiError(429, [{ key: 'LIVE.Errors.TooManyStreams', params: { max: hub.maxPerUser } }], { 'Retry-After': '30' });
  const response = streamSSE(c, async (stream) => {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const write = (message: SSEMessage) => {
      if (!stream.closed) void stream.writeSSE(message).catch(end);
    };
    const listener: LiveListener = {
      user,
      sessionToken: token,
      send: (event) => write({ event: 'change', id: String(event.id), data: JSON.stringify(event) }),
      sendFrames: (frames) => {
        if (!stream.closed) void stream.write(frames).catch(end);
      },
      reload: () => write({ event: 'reload', data: '{}' }),
      ready: (id) => write({ event: 'ready', id: String(id), data: JSON.stringify({ id }), retry: RECONNECT_MS }),
      ping: () => {
        if (!stream.closed) void stream.write(': ping\n\n').catch(end);
      },
      close: () => end(),
    };
    stream.onAbort(end);
    try {
      await hub.open(listener, lastEventId);
      await ended;
    } finally {
      hub.close(listener);
    }
  });
  // No proxy may hold the events back (nginx reads X-Accel-Buffering), nobody may transform or store them.
  response.headers.set('X-Accel-Buffering', 'no');
  response.headers.set('Cache-Control', 'no-cache, no-transform');
  return response;
});
