import { randomBytes } from 'node:crypto';
import type { AppConfig } from './context.js';
import { CALLBACK_PATH, oidcSettingsFromEnv, POST_LOGOUT_PATH, SingleSignOn } from './oidc.js';

export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_IDP_NAME = 'Demo-ID';

/** The demo identity provider runs only with demo data and never in production (or when switched off). */
export function demoIdpWanted(env: NodeJS.ProcessEnv, seed: string): boolean {
  return seed !== 'none' && env.NODE_ENV !== 'production' && env.DEMO_IDP !== 'false' && !env.OIDC_ISSUER;
}

export interface SsoSetup extends Pick<AppConfig, 'sso' | 'mounts'> {
  /** Where the demo identity provider lives, and whom it knows, when it runs. */
  demo?: { issuer: string; logins: string[] };
}

/**
 * Single sign-on from the environment: the configured provider (OIDC_*), else with demo data the demo
 * identity provider, mounted beside the portal under /demo-idp, with a client secret made at start-up.
 */
export async function singleSignOnFromEnv(env: NodeJS.ProcessEnv, server: { port: number; host?: string; seed: string; publicUrl: string }): Promise<SsoSetup> {
  const configured = oidcSettingsFromEnv(env);
  if (configured) return { sso: new SingleSignOn(configured) };
  if (!demoIdpWanted(env, server.seed)) return {};

  const { createDemoIdentityProvider } = await import('../demo-idp/index.js');
  const { DEMO_IDP_ACCOUNTS } = await import('../demo-idp/accounts.js');
  const host = server.host && server.host !== '0.0.0.0' && server.host !== '::' ? server.host : 'localhost';
  const baseUrl = env.OIDC_BASE_URL ? new URL(env.OIDC_BASE_URL).origin : undefined;
  const issuer = `${baseUrl ?? `http://${host}:${server.port}`}${DEMO_IDP_PATH}`;
  // The portal's callbacks start at OIDC_BASE_URL or PUBLIC_URL (and loopback in development); the provider accepts exactly these.
  const bases = [...new Set([baseUrl ?? server.publicUrl, `http://localhost:${server.port}`, `http://127.0.0.1:${server.port}`])];
  const client = {
    clientId: 'planxchange-demo',
    clientSecret: randomBytes(24).toString('base64url'),
    redirectUris: bases.map((base) => `${base}${CALLBACK_PATH}`),
    postLogoutRedirectUris: bases.map((base) => `${base}${POST_LOGOUT_PATH}`),
  };
  const idp = createDemoIdentityProvider({
    issuer,
    client,
    accounts: DEMO_IDP_ACCOUNTS,
    hint: { logins: DEMO_IDP_ACCOUNTS.map((account) => account.login), password: DEMO_IDP_ACCOUNTS[0].password },
  });
  const sso = new SingleSignOn({ issuer, clientId: client.clientId, clientSecret: client.clientSecret, displayName: env.OIDC_DISPLAY_NAME?.trim() || DEMO_IDP_NAME, baseUrl });
  return { sso, mounts: [{ path: idp.path, app: idp.app }], demo: { issuer, logins: DEMO_IDP_ACCOUNTS.map((account) => account.login) } };
}
