import * as oidc from 'openid-client';
import type { IdentityClaims } from '../../src/domain/externalSignIn.js';

/** One OpenID Connect provider for external logins (OIDC_* variables). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the login page's button ("Sign in with …"). */
  displayName: string;
  /** The portal's public address (scheme://host[:port]) as the provider redirects to it; default: the request's. */
  baseUrl?: string;
}

export const CALLBACK_PATH = '/api/auth/oidc/callback';
export const POST_LOGOUT_PATH = '/home/app/login';
const SCOPE = 'openid email profile';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function checkUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  // Plain http only on this machine (the demo provider, tests): elsewhere tokens would travel unencrypted.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new Error(`${name} must be an https address (http only for localhost): ${value}`);
  }
  return url;
}

/**
 * The settings from the environment, or undefined when single sign-on is not configured. An incomplete
 * or malformed configuration stops the start with a clear message rather than half-working later.
 */
export function oidcSettingsFromEnv(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  checkUrl('OIDC_ISSUER', issuer);
  const baseUrl = env.OIDC_BASE_URL ? checkBaseUrl(env.OIDC_BASE_URL) : undefined;
  return { issuer, clientId, clientSecret, displayName: env.OIDC_DISPLAY_NAME?.trim() || new URL(issuer).hostname, baseUrl };
}

function checkBaseUrl(value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`OIDC_BASE_URL must be an http(s) address: ${value}`);
  return url.origin;
}

/** What one sign-in needs to remember between the redirect to the provider and its answer. */
export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface ProviderAnswer {
  claims: IdentityClaims & { given_name?: unknown; family_name?: unknown };
  idToken: string;
}

/** A provider that could not be reached (or answered no discovery document): the page says "try later". */
export class ProviderUnavailable extends Error {}

/**
 * The portal as relying party of one provider (openid-client): authorization code flow with PKCE,
 * state and nonce. The provider's metadata is discovered on first use and kept; a failed discovery is
 * tried again on the next sign-in, so the portal starts while the provider is down.
 */
export class SingleSignOn {
  readonly settings: OidcSettings;
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(settings: OidcSettings) {
    this.settings = settings;
  }

  get displayName(): string {
    return this.settings.displayName;
  }

  get issuer(): string {
    return this.settings.issuer;
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const insecure = new URL(this.settings.issuer).protocol === 'http:';
      this.discovered = oidc
        .discovery(new URL(this.settings.issuer), this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.discovered = null;
          throw new ProviderUnavailable(`discovery of ${this.settings.issuer} failed`, { cause: error });
        });
    }
    return this.discovered;
  }

  /** The portal's address as the provider sees it: OIDC_BASE_URL, else PUBLIC_URL. */
  base(publicUrl: string): string {
    return this.settings.baseUrl ?? publicUrl;
  }

  newChecks(): SignInChecks {
    return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
  }

  /** The provider's authorization address for a new sign-in. */
  async authorizationUrl(publicUrl: string, checks: SignInChecks, locale?: string): Promise<URL> {
    const config = await this.configuration();
    const parameters: Record<string, string> = {
      redirect_uri: `${this.base(publicUrl)}${CALLBACK_PATH}`,
      scope: SCOPE,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (locale) parameters.ui_locales = locale;
    return oidc.buildAuthorizationUrl(config, parameters);
  }

  /**
   * Checks the provider's answer (state, issuer, code with the PKCE verifier, ID token signature and nonce)
   * and returns the person's claims; e-mail and names come from the user-info endpoint when the ID token
   * leaves them out (providers differ).
   */
  async finish(publicUrl: string, query: URLSearchParams, checks: SignInChecks): Promise<ProviderAnswer> {
    const config = await this.configuration();
    const callback = new URL(`${this.base(publicUrl)}${CALLBACK_PATH}`);
    callback.search = query.toString();
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
    });
    const idClaims = tokens.claims();
    if (!idClaims || !tokens.id_token) throw new Error('the provider answered without an ID token');
    let claims: ProviderAnswer['claims'] = { ...idClaims };
    if (claims.email === undefined && config.serverMetadata().userinfo_endpoint) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
    }
    return { claims, idToken: tokens.id_token };
  }

  /** The provider's logout address, or null when it offers none (or cannot be reached now). */
  async endSessionUrl(publicUrl: string, idToken: string, locale?: string): Promise<string | null> {
    let config: oidc.Configuration;
    try {
      config = await this.configuration();
    } catch {
      return null;
    }
    if (!config.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${this.base(publicUrl)}${POST_LOGOUT_PATH}`,
    };
    if (locale) parameters.ui_locales = locale;
    return oidc.buildEndSessionUrl(config, parameters).href;
  }
}
