import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppConfig, AppEnv } from './context.js';
import { ApiError } from './errors.js';

/**
 * The portal's public address (PUBLIC_URL) is the start of every link it gives to someone else: mails,
 * printed links, OIDC callbacks. Never the request's Host header, which the sender of the request chooses.
 */

/** Why the start stops: said in plain words, naming the variable. */
export class PublicUrlError extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export const isLoopbackHost = (hostname: string) => LOOPBACK.has(hostname.toLowerCase());

/**
 * PUBLIC_URL from the environment: required when the installation is real (SEED=none) or in production mode;
 * otherwise (development, tests, the demo) http://localhost:PORT. Returns the origin, without a trailing slash.
 */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv, port: number, seed: string): string {
  const value = env.PUBLIC_URL?.trim();
  if (!value) {
    if (seed === 'none' || env.NODE_ENV === 'production') {
      throw new PublicUrlError('PUBLIC_URL is required (SEED=none or NODE_ENV=production): the address people reach the portal at, e.g. PUBLIC_URL=https://portal.example.com');
    }
    return `http://localhost:${port}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PublicUrlError(`PUBLIC_URL is not an address: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PublicUrlError(`PUBLIC_URL must be an http(s) address: ${value}`);
  if (url.pathname !== '/' || url.search || url.hash || url.username) throw new PublicUrlError(`PUBLIC_URL must be an origin without path, query or user (e.g. https://portal.example.com): ${value}`);
  return url.origin;
}

/** A link into the portal for someone else (a mail, a printed link): PUBLIC_URL + path. */
export function publicLink(config: { publicUrl: string }, path: string): string {
  return `${config.publicUrl}${path}`;
}

/** The same, from a request's context. */
export const linkFor = (c: Context<AppEnv>, path: string) => publicLink(c.get('config'), path);

/** The hosts (host[:port], lower case) a request may address: PUBLIC_URL's and those of ALLOWED_ORIGINS. */
export function allowedHosts(config: Pick<AppConfig, 'publicUrl' | 'allowedOrigins'>): Set<string> {
  const hosts = new Set<string>();
  for (const origin of [config.publicUrl, ...config.allowedOrigins]) {
    try {
      hosts.add(new URL(origin).host.toLowerCase());
    } catch {
      // not an address: allows nothing
    }
  }
  return hosts;
}

/** The hostname of a Host header value (`name`, `name:port`, `[v6]:port`), lower case; undefined when malformed. */
function hostname(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * True when a request addressed to `host` is for this portal: PUBLIC_URL's host, an allowed origin's, or — in
 * development, or when PUBLIC_URL itself is a loopback address — a loopback name on any port.
 */
export function hostAllowed(config: Pick<AppConfig, 'publicUrl' | 'allowedOrigins' | 'allowLoopbackHosts'>, host: string, allowed = allowedHosts(config)): boolean {
  const name = host.toLowerCase();
  if (allowed.has(name)) return true;
  const bare = hostname(name);
  return !!bare && isLoopbackHost(bare) && (config.allowLoopbackHosts || isLoopbackHost(new URL(config.publicUrl).hostname));
}

/**
 * Refuses, before any route runs, a request addressed to another host (a forged Host header): 421 in the
 * API's error shape. Without a Host header (HTTP/1.0, in-process requests) the request URL's host counts.
 */
export function hostCheck(config: AppConfig, anyHostPaths: string[] = []) {
  const allowed = allowedHosts(config);
  const exempt = new Set(anyHostPaths);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (exempt.has(c.req.path)) return next();
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!hostAllowed(config, host, allowed)) throw new ApiError(421, [{ key: 'ERRORMESSAGES.HostNotAllowed' }]);
    return next();
  });
}
