import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './context.js';

/**
 * TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For (`true` = 1). Unset or 0,
 * the header is ignored — anyone can write it — and the client is the socket's peer.
 */
export function parseTrustProxy(value: string | undefined): number {
  if (!value || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY must be true, false or a number of proxies (0–10), not "${value}"`);
  return hops;
}

/** The socket's peer; undefined without a socket (app.request() in tests). */
function peerAddress(c: Context<AppEnv>): string | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * The address a request came from. Behind `hops` trusted proxies it is the entry those proxies vouch for:
 * each appends the address it was connected from, so the client's is the hops-th from the right (entries
 * further left are whatever the client wrote).
 */
export function clientAddress(c: Context<AppEnv>): string {
  const hops = c.get('config').trustProxy;
  let address = peerAddress(c);
  if (hops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    const vouched = forwarded[Math.max(0, forwarded.length - hops)];
    if (vouched && isIP(vouched)) address = vouched;
  }
  return address ? normalizeAddress(address) : 'unknown';
}

/** IPv4-mapped IPv6 as IPv4; IPv6 as its /64 network (one subscriber's whole range counts as one client). */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
