import { z } from 'zod';

/**
 * The one place the server reads process.env. Every variable it reads directly is parsed here with zod, with its
 * default (README "Configuration" says what each means); a wrong value stops the start with a message naming the
 * variable, instead of a NaN port or a silently ignored setting.
 *
 * Nothing is cached: `env()` and `envVar()` read process.env when called, so tests that set a variable before
 * creating the app (or an in-process server) get it. The settings that check their own group of variables with
 * their own messages (PUBLIC_URL, FILE_STORAGE/S3_*, OIDC_*, WEBHOOK_*, MAIL_LIMIT_*, LIVE_STREAMS_PER_USER,
 * WEB_CONCURRENCY, INITIAL_ADMIN_*, LOG_LEVEL/LOG_FORMAT) get the variables through `rawEnv()`.
 */

export type EnvSource = Record<string, string | undefined>;

/** A blank value (`PORT=` in a compose file) counts as unset: the default applies. */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Unset (or blank) gives the fallback; without one, undefined. */
function orDefault<T extends z.ZodType>(schema: T, fallback: z.output<T>): z.ZodType<z.output<T>>;
function orDefault<T extends z.ZodType>(schema: T): z.ZodType<z.output<T> | undefined>;
function orDefault<T extends z.ZodType>(schema: T, fallback?: z.output<T>) {
  return z.preprocess(unsetIfBlank, schema.optional()).transform((value) => value ?? fallback);
}

/** A whole number from min to max (a decimal, a word or one out of range is refused). */
const whole = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** Milliseconds: 0 or more (at most a day, which no timer here needs more than). */
const millis = (fallback: number) => orDefault(whole(0, 86_400_000), fallback);
/** A positive duration or size, where 0 would mean "never" or "nothing". */
const positive = (fallback: number) => orDefault(whole(1, 2_147_483_647), fallback);

/** One of the values, as written (SEED alone is read case-blind, as it always was). */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, caseBlind = false) =>
  z.preprocess((value) => (caseBlind && typeof value === 'string' ? value.toLowerCase() : value), z.enum(values, { error: `must be one of ${values.join(', ')}` }));

const text = () => orDefault(z.string());

export const envSchema = z.object({
  /** The HTTP port (0: any free port, as the test servers use). */
  PORT: orDefault(whole(0, 65_535), 3000),
  /** The address to listen on; also the demo identity provider's. */
  HOST: text(),
  /** Files, the embedded database and its lock. */
  DATA_DIR: orDefault(z.string(), 'data'),
  /** PostgreSQL; unset: the embedded database under DATA_DIR. */
  DATABASE_URL: text(),
  /** `demo`: demo data in an empty database and the demo logins; `none`: a real installation. */
  SEED: orDefault(oneOf(['demo', 'none'], true), 'demo'),
  NODE_ENV: text(),
  /** How long a stopping server still answers before it closes (behind a load balancer), and its upper bound. */
  SHUTDOWN_DRAIN_MS: millis(0),
  SHUTDOWN_TIMEOUT_MS: millis(30_000),
  /** Mails leave through this SMTP server; unset: they stay in the outbox. */
  SMTP_URL: text(),
  MAIL_FROM: orDefault(z.string(), 'planXchange <noreply@planxchange.example>'),
  /** Escalations and the daily status mail, and webhook deliveries: how often they run; 0 switches them off. */
  SCHEDULER_INTERVAL_MS: millis(5 * 60_000),
  WEBHOOK_INTERVAL_MS: millis(2000),
  /** The built browser app. */
  STATIC_DIR: orDefault(z.string(), 'dist'),
  /** `true` behind https: cookies get the Secure flag. */
  SECURE_COOKIES: orDefault(oneOf(['true', 'false']), 'false'),
  /** Other origins allowed to call the API with credentials (comma-separated). */
  ALLOWED_ORIGINS: orDefault(z.string(), '').transform((value) => value.split(',').filter(Boolean)),
  /** A bearer token for /api/metrics; unset: metrics from loopback only. */
  METRICS_TOKEN: text(),
  /** Which proxies' X-Forwarded-For is believed (server/lib/client-address.ts parses it). */
  TRUST_PROXY: text(),
  /** `off` switches the list cache off (measurements). */
  LIST_CACHE: orDefault(oneOf(['on', 'off']), 'on'),
  DB_POOL_SIZE: orDefault(whole(1, 1000), 10),
  /** `off` sends every query unnamed (server/db/named-statements.ts, pglite-named-statements.ts; measurements, poolers in transaction mode). */
  DB_NAMED_STATEMENTS: orDefault(oneOf(['on', 'off']), 'on').transform((value) => value === 'on'),
  /** Test runs only: a cheaper scrypt (server/lib/passwords.ts); unset in production. */
  PASSWORD_HASH_LOG2N: orDefault(whole(10, 20)),
  /** libuv's thread pool, which password hashes share with file reads (node reads it itself). */
  UV_THREADPOOL_SIZE: orDefault(whole(1, 1024), 4),
  EVENTS_HEARTBEAT_MS: positive(25_000),
  /** The 3D viewer's extraction worker: time per model, idle time before it ends, its heap. */
  IFC_VIEWER_TIMEOUT_MS: positive(120_000),
  IFC_VIEWER_IDLE_MS: positive(60_000),
  IFC_VIEWER_HEAP_MB: positive(1024),
});

export type ServerEnv = z.output<typeof envSchema>;
export type EnvName = keyof ServerEnv;

/** A wrong variable: the message names it and the value it had. */
export class EnvError extends Error {}

function refusal(error: z.ZodError, source: EnvSource): EnvError {
  const lines = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    return `${name} ${issue.message}, not "${source[name]}"`;
  });
  return new EnvError(lines.join('; '));
}

/** The whole environment, parsed now (index.ts at start: every wrong variable named at once). */
export function env(source: EnvSource = process.env): ServerEnv {
  const result = envSchema.safeParse(source);
  if (!result.success) throw refusal(result.error, source);
  return result.data;
}

/** One variable, parsed now: modules read theirs where they need it (a wrong other variable is index.ts's to report). */
export function envVar<K extends EnvName>(name: K, source: EnvSource = process.env): ServerEnv[K] {
  const result = envSchema.shape[name].safeParse(source[name]);
  if (!result.success) throw refusal(new z.ZodError(result.error.issues.map((issue) => ({ ...issue, path: [name, ...issue.path] }))), source);
  return result.data as ServerEnv[K];
}

/** The variables as given, for the settings readers that check their own (see above). */
export function rawEnv(): EnvSource {
  return process.env;
}
