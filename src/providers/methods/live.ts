import type { LiveEvent } from '../../domain/liveEvents';
import type { NotificationKind } from '../../domain/notifications';
import { getJson, sendJson } from './request';

/** react-admin's realtime convention: what a subscriber receives. `reload`: missed too much, read everything again. */
export interface RealtimeEvent {
  topic: string;
  type: LiveEvent['kind'] | 'reload';
  payload: { ids: number[]; event?: LiveEvent };
}
type Callback = (event: RealtimeEvent) => void;

/** Every event also reaches this topic (the app's invalidation listens here). */
export const ALL_TOPICS = '*';
const RECONNECT_MS = 3_000;

const subscribers = new Map<string, Set<Callback>>();
let source: EventSource | null = null;
let lastEventId: string | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;

function deliver(topic: string, event: RealtimeEvent) {
  for (const callback of subscribers.get(topic) ?? []) callback({ ...event, topic });
}

function publish(topic: string, event: Omit<RealtimeEvent, 'topic'>): Promise<{ data: null }> {
  deliver(topic, { ...event, topic });
  return Promise.resolve({ data: null });
}

/**
 * One stream per tab (GET /api/events), open while anything is subscribed. EventSource reconnects by itself after a
 * dropped connection (with Last-Event-ID); a refused one (a restarting server's 503, 429, 401) is opened again here
 * after a pause, naming the last event seen, so a restart costs no page reload.
 */
function connect() {
  if (source || typeof EventSource === 'undefined') return;
  const url = lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : '/api/events';
  const stream = new EventSource(url, { withCredentials: true });
  source = stream;
  const remember = (message: MessageEvent) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
  };
  stream.addEventListener('ready', remember);
  stream.addEventListener('change', (message: MessageEvent<string>) => {
    remember(message);
    const event = JSON.parse(message.data) as LiveEvent;
    const realtime: RealtimeEvent = { topic: '', type: event.kind, payload: { ids: event.ids, event } };
    deliver(`resource/${event.resource}`, realtime);
    for (const id of event.ids) deliver(`resource/${event.resource}/${id}`, realtime);
    deliver(ALL_TOPICS, realtime);
  });
  stream.addEventListener('reload', () => deliver(ALL_TOPICS, { topic: ALL_TOPICS, type: 'reload', payload: { ids: [] } }));
  stream.onerror = () => {
    if (stream.readyState !== EventSource.CLOSED) return;
    source = null;
    clearTimeout(retry);
    retry = setTimeout(() => subscribers.size && connect(), RECONNECT_MS);
  };
}

function disconnect() {
  clearTimeout(retry);
  source?.close();
  source = null;
}

export const liveMethods = {
  /** Topics: `resource/{api resource}`, `resource/{api resource}/{id}`, or `*` for every event. */
  subscribe(topic: string, callback: Callback): Promise<{ data: null }> {
    let set = subscribers.get(topic);
    if (!set) subscribers.set(topic, (set = new Set()));
    set.add(callback);
    connect();
    return Promise.resolve({ data: null });
  },
  unsubscribe(topic: string, callback: Callback): Promise<{ data: null }> {
    subscribers.get(topic)?.delete(callback);
    if (!subscribers.get(topic)?.size) subscribers.delete(topic);
    if (!subscribers.size) disconnect();
    return Promise.resolve({ data: null });
  },
  publish,
};

export interface PortalNotification {
  id: number;
  kind: NotificationKind;
  projectUnitID: number | null;
  rootProjectUnitID: number | null;
  params: Record<string, string>;
  createdAt: string;
  read: boolean;
}

export const notificationMethods = {
  getNotifications: () => getJson<{ unread: number; items: PortalNotification[] }>('/api/notifications'),
  markNotificationRead: (id: number) => sendJson<{ id: number; read: true }>(`/api/notifications/${id}/read`, 'PUT'),
  markAllNotificationsRead: () => sendJson<{ marked: number }>('/api/notifications/read-all', 'POST'),
};
