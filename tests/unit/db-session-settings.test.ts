import { describe, expect, it } from 'vitest';
import { SESSION_SETTINGS, withSessionSettings } from '../../server/db/client.js';

describe('PostgreSQL session settings (server/db/client.ts)', () => {
  it('switches Memoize off on every connection', () => {
    expect(SESSION_SETTINGS).toBe('-c enable_memoize=off');
    expect(withSessionSettings('postgres://portal:secret@db.example:5432/portal')).toEqual({ connectionString: 'postgres://portal:secret@db.example:5432/portal', options: '-c enable_memoize=off' });
  });

  it("keeps the URL's own options, ours after them, and leaves the rest of the URL as it was", () => {
    const { connectionString, options } = withSessionSettings('postgres://portal:p%40ss@db.example/portal?sslmode=require&options=-c%20statement_timeout%3D5000');
    expect(options).toBe('-c statement_timeout=5000 -c enable_memoize=off');
    const url = new URL(connectionString);
    expect(url.searchParams.get('options')).toBeNull();
    expect(url.searchParams.get('sslmode')).toBe('require');
    expect(url.password).toBe('p%40ss');
    expect(url.hostname).toBe('db.example');
  });

  it('passes a connection string that is no URL unchanged', () => {
    expect(withSessionSettings('host=/var/run/postgresql dbname=portal')).toEqual({ connectionString: 'host=/var/run/postgresql dbname=portal', options: '-c enable_memoize=off' });
  });
});
