import { describe, expect, it } from 'vitest';
import { MAIL_LIMITS, mailLimitsFrom } from '../../src/domain/rateLimits.js';
import { hostAllowed, publicUrlFromEnv } from '../../server/lib/public-url.js';

describe('PUBLIC_URL (issue #41)', () => {
  it('is required with SEED=none or in production mode; elsewhere http://localhost:PORT', () => {
    expect(() => publicUrlFromEnv({ NODE_ENV: 'production' }, 3000, 'demo')).toThrow(/PUBLIC_URL is required/);
    expect(() => publicUrlFromEnv({}, 3000, 'none')).toThrow(/PUBLIC_URL is required/);
    expect(publicUrlFromEnv({}, 3000, 'demo')).toBe('http://localhost:3000');
  });

  it('is an http(s) origin: a trailing slash is fine, a path, query or other scheme is not', () => {
    expect(publicUrlFromEnv({ PUBLIC_URL: 'https://portal.example/' }, 3000, 'none')).toBe('https://portal.example');
    expect(() => publicUrlFromEnv({ PUBLIC_URL: 'https://portal.example/app' }, 3000, 'none')).toThrow(/must be an origin/);
    expect(() => publicUrlFromEnv({ PUBLIC_URL: 'ftp://portal.example' }, 3000, 'none')).toThrow(/http\(s\)/);
    expect(() => publicUrlFromEnv({ PUBLIC_URL: 'portal' }, 3000, 'none')).toThrow(/not an address/);
  });
});

describe('the Host check', () => {
  const production = { publicUrl: 'https://portal.example', allowedOrigins: ['https://planung.portal.example'], allowLoopbackHosts: false };
  it('accepts PUBLIC_URL\'s host and allowed origins\' hosts, nothing else in production', () => {
    expect(hostAllowed(production, 'portal.example')).toBe(true);
    expect(hostAllowed(production, 'PORTAL.example')).toBe(true);
    expect(hostAllowed(production, 'planung.portal.example')).toBe(true);
    for (const host of ['attacker.example', 'portal.example:8443', 'portal.example.attacker.example', '127.0.0.1:3000', 'localhost', '', 'a b']) expect(hostAllowed(production, host), host).toBe(false);
  });

  it('loopback on any port in development, or when PUBLIC_URL itself is loopback', () => {
    expect(hostAllowed({ ...production, allowLoopbackHosts: true }, '127.0.0.1:5173')).toBe(true);
    expect(hostAllowed({ ...production, allowLoopbackHosts: true }, '[::1]:3000')).toBe(true);
    expect(hostAllowed({ ...production, allowLoopbackHosts: true }, 'attacker.example')).toBe(false);
    expect(hostAllowed({ publicUrl: 'http://127.0.0.1', allowedOrigins: [], allowLoopbackHosts: false }, 'localhost:41234')).toBe(true);
  });
});

describe('mail limits from the environment', () => {
  it('defaults, positive whole numbers, or an error naming the variable', () => {
    expect(mailLimitsFrom({})).toEqual(MAIL_LIMITS);
    expect(mailLimitsFrom({ MAIL_LIMIT_PER_RECIPIENT: '5', MAIL_LIMIT_PER_SENDER: '20' })).toEqual({ perRecipient: { max: 5, windowSeconds: 3600 }, perSender: { max: 20, windowSeconds: 3600 } });
    expect(mailLimitsFrom({ MAIL_LIMIT_PER_SENDER: '0' })).toEqual({ error: expect.stringContaining('MAIL_LIMIT_PER_SENDER') });
    expect(mailLimitsFrom({ MAIL_LIMIT_PER_RECIPIENT: 'many' })).toEqual({ error: expect.stringContaining('MAIL_LIMIT_PER_RECIPIENT') });
  });
});
