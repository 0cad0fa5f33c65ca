import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { createDemoIdentityProvider, type DemoIdpAccount } from '../../server/demo-idp/index.js';
import { SingleSignOn } from '../../server/lib/oidc.js';

/** The portal's origin in `app.request()` tests. */
export const PORTAL = 'http://localhost';

function listen(app: Hono): Promise<ServerType> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server));
  });
}

/**
 * The demo identity provider as a real OpenID Connect provider on its own port (oidc-provider behind
 * @hono/node-server), with the given accounts and the portal (at http://localhost) as its client.
 */
export async function startTestProvider(accounts: DemoIdpAccount[]) {
  // The issuer names the port, so the port is taken first and the provider mounted afterwards.
  const outer = new Hono();
  let inner: Hono | undefined;
  outer.all('*', (c) => (inner ? inner.fetch(c.req.raw, c.env) : c.text('starting', 503)));
  const server = await listen(outer);
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
  const client = {
    clientId: 'portal-test',
    clientSecret: randomBytes(16).toString('hex'),
    redirectUris: [`${PORTAL}/api/auth/oidc/callback`],
    postLogoutRedirectUris: [`${PORTAL}/home/app/login`],
  };
  const idp = createDemoIdentityProvider({ issuer, client, accounts });
  inner = new Hono().route(idp.path, idp.app);
  const sso = new SingleSignOn({ issuer, clientId: client.clientId, clientSecret: client.clientSecret, displayName: 'Test-ID' });
  return {
    issuer,
    sso,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The cookies a browser would keep for one site (name → value; attributes do not matter here). */
export class CookieJar {
  private cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
