/**
 * Single sign-on (OpenID Connect) for external logins ("identity managed elsewhere"): who may use the
 * password form, which portal user an identity provider's answer signs in, and why one is refused.
 */

/** Why a sign-in through the identity provider was refused: each has its text on the refusal page. */
export const SIGN_IN_REFUSALS = [
  /** No portal user with a bound subject or this verified e-mail. */
  'unknown',
  /** The provider did not confirm the e-mail address, so it cannot identify a user for the first time. */
  'unverified',
  /** The e-mail belongs to an account that signs in with its portal password. */
  'notExternal',
  /** The account is deactivated. */
  'inactive',
  /** Several external accounts share the e-mail: an administrator must tell them apart. */
  'ambiguous',
  /** The account is bound to another identity of this provider already. */
  'boundElsewhere',
  /** The answer does not belong to a sign-in started in this browser, or it took too long. */
  'state',
  /** The provider answered with an error (e.g. the user cancelled). */
  'provider',
  /** The provider could not be reached. */
  'unavailable',
] as const;

export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

export function isSignInRefusal(value: unknown): value is SignInRefusal {
  return typeof value === 'string' && (SIGN_IN_REFUSALS as readonly string[]).includes(value);
}

/** The translation key of each refusal's explanation on the refusal page. */
export const REFUSAL_TEXT_KEYS: Record<SignInRefusal, string> = {
  unknown: 'SIGNIN.Refused.Unknown',
  unverified: 'SIGNIN.Refused.Unverified',
  notExternal: 'SIGNIN.Refused.NotExternal',
  inactive: 'SIGNIN.Refused.Inactive',
  ambiguous: 'SIGNIN.Refused.Ambiguous',
  boundElsewhere: 'SIGNIN.Refused.BoundElsewhere',
  state: 'SIGNIN.Refused.State',
  provider: 'SIGNIN.Refused.Provider',
  unavailable: 'SIGNIN.Refused.Unavailable',
};

/** The public page that explains a refusal (outside the signed-in app). */
export const SIGN_IN_REFUSED_PATH = '/account/sign-in-refused';

/** The browser starts a sign-in through the identity provider here (a full page navigation). */
export const SSO_LOGIN_PATH = '/api/auth/oidc/login';

/** A login whose identity is managed elsewhere never signs in with a portal password. */
export function passwordSignInAllowed(account: { isExternalLogin: boolean }): boolean {
  return !account.isExternalLogin;
}

/** Message keys of a password login refused because the account signs in through the identity provider. */
export const EXTERNAL_LOGIN_MESSAGE = {
  /** "Use the button Sign in with {provider}". */
  useProvider: 'ERRORMESSAGES.ExternalLoginUseProvider',
  /** No provider is configured: only an administrator can help. */
  noProvider: 'ERRORMESSAGES.ExternalLoginNoProvider',
} as const;

/** What the identity provider says about the person (the ID token's claims that matter here). */
export interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
}

/** A portal account as the matching sees it. */
export interface SignInCandidate {
  id: number;
  isExternalLogin: boolean;
  isActive: boolean;
  /** Already bound to a subject of this provider (for an e-mail match: to another one). */
  isBound: boolean;
}

export type SignInMatch = { userId: number; bind: boolean } | { refused: SignInRefusal };

/** The verified e-mail of the claims in lower case, or null when there is none or it is not verified. */
export function verifiedEmail(claims: IdentityClaims): string | null {
  if (typeof claims.email !== 'string' || !claims.email.trim()) return null;
  return claims.email_verified === true ? claims.email.trim().toLowerCase() : null;
}

/**
 * Which user the provider's answer signs in. The subject decides once bound; the first sign-in finds the
 * account by verified e-mail (only accounts marked as external logins) and binds the subject to it.
 * `bound` is the account bound to this subject, `byEmail` the accounts whose e-mail equals the verified one.
 */
export function matchSignIn(claims: IdentityClaims, bound: SignInCandidate | null, byEmail: SignInCandidate[]): SignInMatch {
  if (bound) {
    if (!bound.isActive) return { refused: 'inactive' };
    if (!bound.isExternalLogin) return { refused: 'notExternal' };
    return { userId: bound.id, bind: false };
  }
  const email = verifiedEmail(claims);
  if (!email) return { refused: typeof claims.email === 'string' && claims.email.trim() ? 'unverified' : 'unknown' };
  const external = byEmail.filter((candidate) => candidate.isExternalLogin);
  if (external.length === 0) return { refused: byEmail.length ? 'notExternal' : 'unknown' };
  if (external.length > 1) return { refused: 'ambiguous' };
  const [account] = external;
  if (account.isBound) return { refused: 'boundElsewhere' };
  if (!account.isActive) return { refused: 'inactive' };
  return { userId: account.id, bind: true };
}

/**
 * Where the browser goes after signing in: only a path inside the app (no other host, no protocol-relative
 * `//`, no back-slashes that browsers read as slashes); anything else becomes the app's start.
 */
export function safeReturnPath(value: unknown): string {
  const fallback = '/home/app/';
  if (typeof value !== 'string' || value.length > 500) return fallback;
  if (!value.startsWith('/home/app/') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}
