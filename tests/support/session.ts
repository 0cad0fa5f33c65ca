/** The demo users' password (server/db/seed.ts sets it; the seed test checks they agree). */
export const DEMO_PASSWORD = 'Portal-Demo-1';

/**
 * Signs a user in at a running server (`POST /api/auth/login`) and returns the session cookie (`name=value`) to send
 * as the `cookie` header: the one way the API, concurrency and bench suites sign in over the network. Throws with the
 * status and the answer when the login is refused.
 */
export async function sessionCookie(baseURL: string, username: string, password = DEMO_PASSWORD, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username, password }) });
  if (response.status !== 200) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}
