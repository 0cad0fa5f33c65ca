import { describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import type { AppEnv } from '../../server/lib/context';
import { clientAddress, normalizeAddress, parseTrustProxy } from '../../server/lib/client-address';

/** Just what clientAddress reads of a request: the config, one header, the socket. */
function request(trustProxy: number, forwardedFor: string | undefined, peer = '10.0.0.5') {
  return {
    get: () => ({ trustProxy }),
    req: { header: (name: string) => (name === 'x-forwarded-for' ? forwardedFor : undefined) },
    env: { incoming: { socket: { remoteAddress: peer } } },
  } as unknown as Context<AppEnv>;
}

describe('client addresses', () => {
  it('reads TRUST_PROXY as a number of proxies', () => {
    expect([undefined, '', 'false', '0', 'true', '2'].map(parseTrustProxy)).toEqual([0, 0, 0, 0, 1, 2]);
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
  });

  it('counts IPv4-mapped addresses as IPv4 and an IPv6 /64 as one client', () => {
    expect(normalizeAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('believes X-Forwarded-For only with TRUST_PROXY, and only the entries the proxies added', () => {
    expect(clientAddress(request(0, '198.51.100.1'))).toBe('10.0.0.5');
    expect(clientAddress(request(1, '198.51.100.1'))).toBe('198.51.100.1');
    // The client wrote the first entry itself; the proxy appended the address it saw.
    expect(clientAddress(request(1, '1.2.3.4, 198.51.100.1'))).toBe('198.51.100.1');
    expect(clientAddress(request(2, '1.2.3.4, 198.51.100.1, 10.0.0.9'))).toBe('198.51.100.1');
    expect(clientAddress(request(1, 'not-an-address'))).toBe('10.0.0.5');
    expect(clientAddress(request(1, undefined, '::ffff:10.0.0.6'))).toBe('10.0.0.6');
  });
});
