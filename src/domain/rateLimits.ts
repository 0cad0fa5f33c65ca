/**
 * How the portal slows down password guessing and limits actions that send mail or cost CPU. The API
 * enforces these numbers (server/lib/login-throttle.ts, server/lib/rate-limit.ts); docs/security.md
 * explains them. Answers are 429 with Retry-After and a message that says when to try again.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Failed logins of one kind: a few are free, then each further try must wait, the wait doubling. */
export interface BackoffPolicy {
  /** Failures that cost no wait. */
  free: number;
  /** The wait after the first failure beyond `free`; it doubles with every further one … */
  firstDelaySeconds: number;
  /** … up to this. */
  maxDelaySeconds: number;
  /** A counter is forgotten this long after its last failure. */
  forgetAfterSeconds: number;
}

/**
 * Three counters per failed login. A lock that the right password cannot pass would let anyone lock anyone
 * out; instead an attacker is slowed where he is, and the account's owner passes from their own browser.
 */
export const LOGIN_BACKOFF = {
  /** One account from one client: its address — or, with the account's device cookie, that browser alone. */
  accountFromClient: { free: 5, firstDelaySeconds: 1, maxDelaySeconds: 15 * MINUTE, forgetAfterSeconds: DAY },
  /** One account from every client without its device cookie: guessing spread over many addresses. */
  account: { free: 20, firstDelaySeconds: 1, maxDelaySeconds: 15 * MINUTE, forgetAfterSeconds: DAY },
  /** One client address, every account: one password tried on many accounts. */
  address: { free: 30, firstDelaySeconds: 1, maxDelaySeconds: 15 * MINUTE, forgetAfterSeconds: DAY },
} as const satisfies Record<string, BackoffPolicy>;

/** A successful login marks the browser (an httpOnly cookie) as known to that account for this long. */
export const LOGIN_DEVICE_DAYS = 90;

/** Seconds a client must wait after `failures` failed logins (counted since the last was forgotten). */
export function backoffDelaySeconds(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelaySeconds, policy.firstDelaySeconds * 2 ** (failures - policy.free));
}

/** The waits by number of failures, up to the first that reaches the maximum (it holds from there on). */
export function backoffTable(policy: BackoffPolicy): number[] {
  const table: number[] = [];
  for (let failures = 0; ; failures++) {
    const delay = backoffDelaySeconds(policy, failures);
    table.push(delay);
    if (delay >= policy.maxDelaySeconds) return table;
  }
}

export interface WindowLimit {
  /** Times within one window … */
  max: number;
  /** … of this many seconds (counted from the first of them), per user. */
  windowSeconds: number;
}

/**
 * Per-user limits of actions that send mail or cost CPU. (The dashboard's request to a sales organisation has
 * its own, older limit — SALES_ORG_REQUESTS_PER_HOUR in salesOrgRequest.ts, counted in the mail outbox.)
 */
export const ACTION_LIMITS = {
  /** Project tools: a request to change the reviewer, mailed to the project's planners. */
  reviewerChangeRequest: { max: 5, windowSeconds: HOUR },
  /** The mail with the link that confirms deleting one's account. */
  accountDeletionRequest: { max: 3, windowSeconds: HOUR },
  /** Wrong old passwords in the password dialog (each costs a hash; the right one is not counted). */
  passwordChangeFailure: { max: 5, windowSeconds: 15 * MINUTE },
  /** Upload requests to project units (each up to 20 files, checked and hashed). */
  projectFileUpload: { max: 60, windowSeconds: HOUR },
  /** IFC files uploaded: each one is read for the 3D viewer in the background. */
  ifcUpload: { max: 20, windowSeconds: HOUR },
  /** Reading an IFC file for the structure suggestion. */
  ifcStructure: { max: 30, windowSeconds: 10 * MINUTE },
  /** Zip downloads of selected project files, counted when asked for (the dialog shows the refusal) … */
  zipDownload: { max: 30, windowSeconds: HOUR },
  /** … and each time a zip is packed and compressed (a download link fetched again and again). */
  zipBuild: { max: 60, windowSeconds: HOUR },
  /** The questionnaire editor's check as you type (compiles the sheet's schemas). */
  sheetValidation: { max: 600, windowSeconds: 10 * MINUTE },
} as const satisfies Record<string, WindowLimit>;

export type LimitedAction = keyof typeof ACTION_LIMITS;

/**
 * Every mail a user's action sends (invitations, sent again, "you were added", confirmation links, requests)
 * counts in the mail outbox, whatever the route (server/services/mail-outbox.ts): per recipient address and
 * per sending user, each within an hour. MAIL_LIMIT_PER_RECIPIENT and MAIL_LIMIT_PER_SENDER change the maxima.
 */
export const MAIL_LIMITS = {
  /** Mails to one address, whoever sends them: the fourth invitation to one person within the hour is refused. */
  perRecipient: { max: 3, windowSeconds: HOUR },
  /** Mails one user's actions send, to anyone. */
  perSender: { max: 100, windowSeconds: HOUR },
} as const satisfies Record<string, WindowLimit>;

export type MailLimits = Record<keyof typeof MAIL_LIMITS, WindowLimit>;

/** The limits with the environment's maxima (positive whole numbers), or an error naming the variable. */
export function mailLimitsFrom(env: Record<string, string | undefined>): MailLimits | { error: string } {
  const limits: MailLimits = { perRecipient: { ...MAIL_LIMITS.perRecipient }, perSender: { ...MAIL_LIMITS.perSender } };
  for (const [name, key] of [['MAIL_LIMIT_PER_RECIPIENT', 'perRecipient'], ['MAIL_LIMIT_PER_SENDER', 'perSender']] as const) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^\d{1,6}$/.test(value) || Number(value) < 1) return { error: `${name} must be a whole number of mails per hour (1 or more): ${value}` };
    limits[key] = { max: Number(value), windowSeconds: HOUR };
  }
  return limits;
}

/** "in 5 minutes", "in 5 Minuten", "over 5 minuten": when to try again, in the user's language. */
export function retryWhen(seconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  if (seconds < 90) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * MINUTE) return format.format(Math.ceil(seconds / MINUTE), 'minute');
  return format.format(Math.ceil(seconds / HOUR), 'hour');
}

/** "1 hour", "10 Minuten", "1 uur": a limit's window in the user's language. */
export function durationText(seconds: number, language: string): string {
  const [value, unit] = seconds % HOUR === 0 ? [seconds / HOUR, 'hour'] : seconds % MINUTE === 0 ? [seconds / MINUTE, 'minute'] : [seconds, 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
