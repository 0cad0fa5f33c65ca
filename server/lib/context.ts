import type { Hono } from 'hono';
import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import type { FileStorage } from '../services/file-storage.js';
import type { SingleSignOn } from './oidc.js';
import type { Logger } from './logging.js';
import type { Metrics } from './metrics.js';
import type { AddressPolicy } from './webhook-url.js';

export interface AppConfig {
  /** Set the Secure flag on cookies (behind https). */
  secureCookies: boolean;
  /** Extra origins allowed to send writes besides the server's own. */
  allowedOrigins: string[];
  /** Folder of the built single-page app; undefined in API-only tests. */
  staticDir?: string;
  /** Single sign-on for external logins through one OpenID Connect provider; undefined when not configured. */
  sso?: SingleSignOn;
  /** Apps served beside the portal under their own path (the demo identity provider). */
  mounts?: { path: string; app: Hono<any> }[];
  /** Where request lines and errors go (default: the process's logger). */
  logger?: Logger;
  /** The Prometheus registry (default: a new one for this app). */
  metrics?: Metrics;
  /** Bearer token of GET /metrics; without one the endpoint answers 404. */
  metricsToken?: string;
  /** Which addresses webhook endpoints may name (WEBHOOK_ALLOW_PRIVATE / WEBHOOK_ALLOW_LOOPBACK); public ones only by default. */
  webhookPolicy?: AddressPolicy;
  /** Proxies in front of the server whose X-Forwarded-For entries are believed (TRUST_PROXY; 0 = none). */
  trustProxy: number;
  /** The portal's public address (PUBLIC_URL, an origin): the start of every link for someone else; its host is the one requests may address. */
  publicUrl: string;
  /** Requests to localhost / 127.0.0.1 / [::1] on any port are accepted too (development, tests; not in production). */
  allowLoopbackHosts: boolean;
}

export interface AppEnv {
  Variables: {
    db: Db;
    config: AppConfig;
    files: FileStorage;
    user: SessionUser | null;
    sessionToken: string | null;
    requestId: string;
    /** The request's logger: every line carries the request id. */
    log: Logger;
  };
}
