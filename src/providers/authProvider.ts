import type { AuthProvider } from 'react-admin';
import { HttpError } from 'react-admin';
import { avatarUrl } from '../domain/avatar';
import { canAccess } from '../domain/permissions';
import { displayName, type SessionUser } from '../domain/user';
import { messagesText } from './http';
import { permissionResource } from './resourceNames';
import { LOGIN_CHALLENGE, solveChallenge, type LoginProof } from '../domain/loginChallenge';

let current: SessionUser | null = null;
let pending: Promise<SessionUser | null> | null = null;

/** The signed-in user, loaded once and shared by every check. */
export function loadUser(force = false): Promise<SessionUser | null> {
  if (!force && current) return Promise.resolve(current);
  if (!force && pending) return pending;
  // The session probe answers 200 without a session too: the login page shows no failed request.
  pending = fetch('/api/auth/session', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      current = response.ok ? ((await response.json()) as { user: SessionUser | null }).user : null;
      return current;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function currentUser(): SessionUser | null {
  return current;
}

/** Bumped when the avatar changes, so every <img> of it reloads (`?ts=`). */
let avatarVersion = Date.now();
export function avatarChanged(): void {
  avatarVersion = Date.now();
}

/** What the login page offers besides the password form: single sign-on through one identity provider. */
export interface SignInOptions {
  enabled: boolean;
  displayName?: string;
}

export async function signInOptions(): Promise<SignInOptions> {
  const response = await fetch('/api/auth/oidc', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) return { enabled: false };
  return (await response.json()) as SignInOptions;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    let proof: LoginProof | undefined;
    for (let round = 0; ; round++) {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ username, password, ...(proof ? { proof } : {}) }),
      });
      const body = await response.json().catch(() => undefined);
      // A login flood keeps the password checks busy: the browser solves the challenge and asks again
      // (src/domain/loginChallenge.ts); the form's spinner keeps turning meanwhile.
      const challenge = response.status === 429 ? response.headers.get(LOGIN_CHALLENGE.header) : null;
      if (challenge && round < LOGIN_CHALLENGE.maxRounds) {
        proof = await solveChallenge(challenge);
        continue;
      }
      if (!response.ok) throw new Error(messagesText(body) ?? 'ra.auth.sign_in_error');
      current = body as SessionUser;
      return;
    }
  },
  async logout() {
    current = null;
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  },
  async checkAuth() {
    if (!(await loadUser())) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: HttpError | { status?: number }) {
    if (error?.status === 401) {
      current = null;
      throw new Error('ra.auth.auth_check_error');
    }
  },
  async getIdentity() {
    const user = await loadUser();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return { ...user, fullName: displayName(user), avatar: user.hasProfileImage ? avatarUrl(user.id, avatarVersion) : undefined };
  },
  async getPermissions() {
    return loadUser();
  },
  /** The domain's rules, asked with the API's resource name (react-admin names resources by their path). */
  async canAccess({ action, resource, record }) {
    return canAccess(await loadUser(), { action, resource: permissionResource(resource), record });
  },
};
