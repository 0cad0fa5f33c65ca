import { describe, expect, it } from 'vitest';
import { env, EnvError, envVar } from '../../server/env';

describe('server/env.ts', () => {
  it('takes good values, typed', () => {
    const parsed = env({ PORT: '8080', SEED: 'None', SHUTDOWN_DRAIN_MS: '5000', SECURE_COOKIES: 'true', ALLOWED_ORIGINS: 'https://a.example,https://b.example', DB_POOL_SIZE: '20' });
    expect(parsed.PORT).toBe(8080);
    expect(parsed.SEED).toBe('none');
    expect(parsed.SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(parsed.SECURE_COOKIES).toBe('true');
    expect(parsed.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(parsed.DB_POOL_SIZE).toBe(20);
  });

  it('gives the defaults for unset and blank variables', () => {
    const parsed = env({ PORT: '', SMTP_URL: '' });
    expect(parsed).toMatchObject({
      PORT: 3000,
      DATA_DIR: 'data',
      SEED: 'demo',
      SHUTDOWN_DRAIN_MS: 0,
      SHUTDOWN_TIMEOUT_MS: 30_000,
      MAIL_FROM: 'planXchange <noreply@planxchange.example>',
      SCHEDULER_INTERVAL_MS: 300_000,
      WEBHOOK_INTERVAL_MS: 2000,
      STATIC_DIR: 'dist',
      SECURE_COOKIES: 'false',
      ALLOWED_ORIGINS: [],
      LIST_CACHE: 'on',
      DB_POOL_SIZE: 10,
      UV_THREADPOOL_SIZE: 4,
      EVENTS_HEARTBEAT_MS: 25_000,
      IFC_VIEWER_TIMEOUT_MS: 120_000,
    });
    expect(parsed.SMTP_URL).toBeUndefined();
    expect(parsed.DATABASE_URL).toBeUndefined();
    expect(parsed.PASSWORD_HASH_LOG2N).toBeUndefined();
  });

  it('0 still switches the scheduler and the webhook dispatcher off, and PORT=0 takes any free port', () => {
    expect(env({ SCHEDULER_INTERVAL_MS: '0', WEBHOOK_INTERVAL_MS: '0', PORT: '0' })).toMatchObject({ SCHEDULER_INTERVAL_MS: 0, WEBHOOK_INTERVAL_MS: 0, PORT: 0 });
  });

  it('refuses a wrong value, naming the variable and the value', () => {
    expect(() => env({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => env({ PORT: 'abc' })).toThrow(/PORT must be a whole number from 0 to 65535, not "abc"/);
    expect(() => env({ SEED: 'lots' })).toThrow(/SEED must be one of demo, none, not "lots"/);
    expect(() => env({ SECURE_COOKIES: 'yes' })).toThrow(/SECURE_COOKIES must be one of true, false/);
    expect(() => env({ PASSWORD_HASH_LOG2N: '40' })).toThrow(/PASSWORD_HASH_LOG2N must be a whole number from 10 to 20/);
  });

  it('names every wrong variable at once', () => {
    expect(() => env({ PORT: '-1', DB_POOL_SIZE: '1.5' })).toThrow(/PORT .*; DB_POOL_SIZE /);
  });

  it('reads one variable on its own (a wrong other one is not its concern)', () => {
    expect(envVar('DB_POOL_SIZE', { DB_POOL_SIZE: '7', PORT: 'abc' })).toBe(7);
    expect(envVar('LIST_CACHE', {})).toBe('on');
    expect(() => envVar('IFC_VIEWER_HEAP_MB', { IFC_VIEWER_HEAP_MB: 'lots' })).toThrow(/IFC_VIEWER_HEAP_MB must be a whole number/);
  });
});
