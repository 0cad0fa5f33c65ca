import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { translate } from '../lib/i18n.js';
import { memoryAdapterFactory } from './memory-adapter.js';
import { loginPage, logoutPage, messagePage, pageLanguage } from './pages.js';

/** A person the demo provider knows: the portal receives sub, e-mail (verified or not) and names. */
export interface DemoIdpAccount {
  login: string;
  password: string;
  sub: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export interface DemoIdpOptions {
  /** Issuer identifier; its path is where the provider lives (e.g. http://localhost:3000/demo-idp). */
  issuer: string;
  client: { clientId: string; clientSecret: string; redirectUris: string[]; postLogoutRedirectUris: string[] };
  accounts: DemoIdpAccount[];
  /** Shown under the login form (the demo's logins and password); tests leave it out. */
  hint?: { logins: string[]; password: string };
}

type IdpEnv = { Bindings: HttpBindings };

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * A small but real OpenID Connect provider (oidc-provider) for the demo and the tests: its own login page,
 * consent implied for its one client (the portal), RP-initiated logout. Artefacts live in memory, signing
 * keys are made at start-up. Served by Hono under the issuer's path, beside the portal or on its own.
 */
export function createDemoIdentityProvider(options: DemoIdpOptions): { path: string; app: Hono<IdpEnv>; provider: Provider } {
  const path = new URL(options.issuer).pathname.replace(/\/$/, '');
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const language = (ctx: KoaContextWithOIDC) => pageLanguage(ctx.oidc?.params?.ui_locales, ctx.get('accept-language'));

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        post_logout_redirect_uris: options.client.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: memoryAdapterFactory(),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') }] as never },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.email ? account.emailVerified : undefined,
          given_name: account.givenName,
          family_name: account.familyName,
          name: [account.givenName, account.familyName].filter(Boolean).join(' ') || undefined,
        }),
      };
    },
    // The portal is this provider's only client: signing in is consent enough.
    loadExistingGrant: async (ctx) => {
      const { session, client, result } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? (client && session?.grantIdFor(client.clientId));
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => `${path}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(language(ctx), form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage(language(ctx), 'DEMOIDP.LogoutTitle', translate(language(ctx), 'DEMOIDP.LoggedOut'));
        },
      },
    },
    pkce: { required: () => true },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage(language(ctx), 'DEMOIDP.ErrorTitle', String(out.error_description ?? out.error));
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
  };
  const provider = new Provider(options.issuer, configuration);
  const handle = provider.callback();

  const app = new Hono<IdpEnv>();
  app.use('/interaction/*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Too large', 413) }));

  const loginForm = async (c: Context<IdpEnv>, failed: boolean, login?: string) => {
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    if (details.uid !== c.req.param('uid') || details.prompt.name !== 'login') throw new Error('interaction does not match');
    const lang = pageLanguage(details.params.ui_locales, c.req.header('accept-language'));
    return c.html(loginPage(lang, { action: `${path}/interaction/${details.uid}`, failed, login, hint: options.hint }), failed ? 401 : 200);
  };

  app.get('/interaction/:uid', (c) => loginForm(c, false));
  app.post('/interaction/:uid', async (c) => {
    const form = await c.req.parseBody();
    const login = typeof form.login === 'string' ? form.login.trim().toLowerCase() : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const account = options.accounts.find((candidate) => candidate.login === login);
    if (!account || !sameText(password, account.password)) return loginForm(c, true, login);
    await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    const next = await provider.interactionResult(c.env.incoming, c.env.outgoing, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    return c.redirect(next, 303);
  });

  // Everything else is the provider itself (discovery, authorization, token, user info, keys, logout).
  app.all('*', async (c) => {
    const { incoming, outgoing } = c.env;
    // oidc-provider routes on the path below its mount and builds addresses from the original one.
    Object.assign(incoming, { originalUrl: incoming.url, url: incoming.url!.slice(path.length) || '/' });
    await handle(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  });

  app.onError((error, c) => {
    const lang = pageLanguage(undefined, c.req.header('accept-language'));
    console.warn('demo identity provider:', error.message);
    return c.html(messagePage(lang, 'DEMOIDP.ErrorTitle', translate(lang, 'DEMOIDP.Expired')), 400);
  });
  return { path, app, provider };
}
