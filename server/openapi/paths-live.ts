import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../../src/domain/notifications.js';
import { id, isoDateTime, op } from './registry.js';

const tags = ['Live updates'];

op('get', '/api/events', {
  tags,
  summary: 'The signed-in browser\'s event stream (Server-Sent Events): what changed, never its data',
  description:
    'Events: `change` (data: `{id, resource, kind, ids, root, actor, at}`; the SSE id is `id`), `reload` (more was missed than the journal keeps: read everything again), `ready` (live from here). A comment line every 25 s keeps the connection open. ' +
    'Only changes the user may read: a project\'s resources to its members and the internal staff of its tenant, notifications to their owner. On a reconnect `Last-Event-ID` (or `?lastEventId=`) replays what was missed. ' +
    'At most 4 streams per user and server process (429); the stream ends when the session ends.',
  query: z.object({ lastEventId: z.string().optional() }),
  responses: { 200: { contentType: 'text/event-stream', description: 'The stream (never ends by itself)', headers: { 'X-Accel-Buffering': 'no' } } },
});

const Notification = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  projectUnitID: id.nullable(),
  rootProjectUnitID: id.nullable(),
  params: z.record(z.string(), z.string()),
  createdAt: isoDateTime,
  read: z.boolean(),
});

op('get', '/api/notifications', {
  tags,
  summary: 'The bell: the newest 50 notifications of the signed-in user and how many are unread',
  responses: { 200: z.object({ unread: z.number().int(), items: z.array(Notification) }) },
});
op('put', '/api/notifications/:id/read', {
  tags,
  summary: 'Marks one of the user\'s notifications read (404: not theirs)',
  responses: { 200: z.object({ id, read: z.literal(true) }) },
});
op('post', '/api/notifications/read-all', {
  tags,
  summary: 'Marks all of the user\'s notifications read',
  responses: { 200: z.object({ marked: z.number().int() }) },
});
