import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_BACKOFF, LOGIN_DEVICE_DAYS, type BackoffPolicy } from '../../src/domain/rateLimits.js';
import type { Db } from '../db/client.js';
import { countBackoff, counterExists, deleteCounter, resetCounter, tooManyRequests, uncount } from './rate-limit.js';

/** The httpOnly cookie that tells a login the browser has signed in to the account before. */
export const DEVICE_COOKIE = 'pxdevice';
export const DEVICE_COOKIE_MAX_AGE = LOGIN_DEVICE_DAYS * 24 * 60 * 60;

export interface LoginClient {
  /** The client address (client-address.ts). */
  address: string;
  /** The device cookie's value, if the browser sent one. */
  deviceToken?: string;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
const accountKey = (login: string) => login.toLowerCase().slice(0, 120);

/**
 * One login try, counted as a failure before the password is checked (a parallel burst counts in full):
 * - with the account's device cookie: against that browser only (LOGIN_BACKOFF.accountFromClient);
 * - otherwise against the account from this address, the account from all unknown clients, and the
 *   address (all accounts).
 * A counter that must still wait refuses the try with 429 — before any hashing.
 */
export class LoginAttempt {
  private constructor(
    private readonly db: Db,
    private readonly login: string,
    private readonly counted: { key: string; policy: BackoffPolicy }[],
    readonly knownDevice: boolean,
    private readonly deviceToken: string | undefined,
  ) {}

  static async begin(db: Db, login: string, client: LoginClient): Promise<LoginAttempt> {
    const account = accountKey(login);
    const deviceKey = client.deviceToken ? `login:device:${account}|${digest(client.deviceToken)}` : undefined;
    const knownDevice = !!deviceKey && (await counterExists(db, deviceKey));
    const keys = knownDevice
      ? [{ key: deviceKey!, policy: LOGIN_BACKOFF.accountFromClient }]
      : [
          { key: `login:account-address:${account}|${client.address}`, policy: LOGIN_BACKOFF.accountFromClient },
          { key: `login:account:${account}`, policy: LOGIN_BACKOFF.account },
          { key: `login:address:${client.address}`, policy: LOGIN_BACKOFF.address },
        ];
    const counted: typeof keys = [];
    let wait = 0;
    for (const entry of keys) {
      const verdict = await countBackoff(db, entry.key, entry.policy);
      if (verdict.allowed) counted.push(entry);
      else wait = Math.max(wait, verdict.retryAfterSeconds);
    }
    // A well-formed cookie is kept (one browser, one token, known to each account it signed in to).
    const token = client.deviceToken && /^[\w-]{43}$/.test(client.deviceToken) ? client.deviceToken : undefined;
    const attempt = new LoginAttempt(db, account, counted, knownDevice, token);
    if (wait > 0) {
      await attempt.takeBack();
      throw tooManyRequests('ERRORMESSAGES.TooManyLoginAttempts', wait);
    }
    return attempt;
  }

  /** The try was not made after all (the server was too busy to check the password). */
  async takeBack(): Promise<void> {
    for (const { key } of this.counted) await uncount(this.db, key);
  }

  /**
   * The right password: the client's own counter starts afresh, the shared ones take the try back, and the
   * browser becomes (or stays) known to the account. Returns the device cookie's value to set.
   */
  async succeeded(): Promise<string> {
    const [own, ...shared] = this.counted;
    if (own && !this.knownDevice) await deleteCounter(this.db, own.key);
    for (const { key } of shared) await uncount(this.db, key);
    const token = this.deviceToken ?? randomBytes(32).toString('base64url');
    await resetCounter(this.db, `login:device:${this.login}|${digest(token)}`, DEVICE_COOKIE_MAX_AGE);
    return token;
  }
}
