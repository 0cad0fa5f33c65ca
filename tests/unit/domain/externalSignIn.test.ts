import { describe, expect, it } from 'vitest';
import {
  isSignInRefusal,
  matchSignIn,
  passwordSignInAllowed,
  REFUSAL_TEXT_KEYS,
  safeReturnPath,
  SIGN_IN_REFUSALS,
  verifiedEmail,
  type SignInCandidate,
} from '../../../src/domain/externalSignIn';

const external = (id: number, extra: Partial<SignInCandidate> = {}): SignInCandidate => ({ id, isExternalLogin: true, isActive: true, isBound: false, ...extra });
const claims = (email?: unknown, verified?: unknown) => ({ sub: 'abc', email, email_verified: verified });

describe('password sign-in', () => {
  it('is for portal passwords only: external logins are refused', () => {
    expect(passwordSignInAllowed({ isExternalLogin: false })).toBe(true);
    expect(passwordSignInAllowed({ isExternalLogin: true })).toBe(false);
  });
});

describe('verifiedEmail', () => {
  it('takes the e-mail only when the provider verified it (true, not "true"), in lower case', () => {
    expect(verifiedEmail(claims(' Paul@Example.ORG ', true))).toBe('paul@example.org');
    expect(verifiedEmail(claims('paul@example.org', false))).toBeNull();
    expect(verifiedEmail(claims('paul@example.org', 'true'))).toBeNull();
    expect(verifiedEmail(claims('paul@example.org', undefined))).toBeNull();
    expect(verifiedEmail(claims(undefined, true))).toBeNull();
    expect(verifiedEmail(claims(42, true))).toBeNull();
  });
});

describe('matchSignIn', () => {
  it('signs in the account bound to the subject, whatever the e-mail says', () => {
    expect(matchSignIn(claims(undefined), external(7), [])).toEqual({ userId: 7, bind: false });
  });

  it('refuses a bound account that is inactive or no longer an external login', () => {
    expect(matchSignIn(claims(), external(7, { isActive: false }), [])).toEqual({ refused: 'inactive' });
    expect(matchSignIn(claims(), external(7, { isExternalLogin: false }), [])).toEqual({ refused: 'notExternal' });
  });

  it('binds the one external account with the verified e-mail on the first sign-in', () => {
    expect(matchSignIn(claims('a@b.c', true), null, [external(3)])).toEqual({ userId: 3, bind: true });
    // A password account with the same e-mail does not get in the way of the external one.
    expect(matchSignIn(claims('a@b.c', true), null, [external(3), external(4, { isExternalLogin: false })])).toEqual({ userId: 3, bind: true });
  });

  it('refuses without a verified e-mail', () => {
    expect(matchSignIn(claims('a@b.c', false), null, [external(3)])).toEqual({ refused: 'unverified' });
    expect(matchSignIn(claims(undefined), null, [])).toEqual({ refused: 'unknown' });
    expect(matchSignIn(claims('  ', true), null, [])).toEqual({ refused: 'unknown' });
  });

  it('refuses unknown, password-only, ambiguous, already bound and inactive accounts', () => {
    expect(matchSignIn(claims('a@b.c', true), null, [])).toEqual({ refused: 'unknown' });
    expect(matchSignIn(claims('a@b.c', true), null, [external(4, { isExternalLogin: false })])).toEqual({ refused: 'notExternal' });
    expect(matchSignIn(claims('a@b.c', true), null, [external(3), external(4)])).toEqual({ refused: 'ambiguous' });
    expect(matchSignIn(claims('a@b.c', true), null, [external(3, { isBound: true })])).toEqual({ refused: 'boundElsewhere' });
    expect(matchSignIn(claims('a@b.c', true), null, [external(3, { isActive: false })])).toEqual({ refused: 'inactive' });
  });
});

describe('refusals', () => {
  it('each has its own text key and only known ones are accepted from the address', () => {
    expect(new Set(Object.values(REFUSAL_TEXT_KEYS)).size).toBe(SIGN_IN_REFUSALS.length);
    expect(isSignInRefusal('unknown')).toBe(true);
    expect(isSignInRefusal('constructor')).toBe(false);
    expect(isSignInRefusal(undefined)).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it('keeps paths inside the app and replaces everything else by the app start', () => {
    expect(safeReturnPath('/home/app/project/details/5?tab=files')).toBe('/home/app/project/details/5?tab=files');
    for (const bad of [undefined, '', 'https://evil.example/home/app/', '//evil.example/', '/home/appx', '/home/app/\\\\evil', '/home/app/\n', 42, `/home/app/${'x'.repeat(600)}`]) {
      expect(safeReturnPath(bad)).toBe('/home/app/');
    }
  });
});
