import type { SessionUser } from '../../src/domain/user.js';
import type { Db } from '../db/client.js';
import type { FileStorage } from '../services/file-storage.js';

export interface AppConfig {
  /** Set the Secure flag on cookies (behind https). */
  secureCookies: boolean;
  /** Extra origins allowed to send writes besides the server's own. */
  allowedOrigins: string[];
  /** Folder of the built single-page app; undefined in API-only tests. */
  staticDir?: string;
  /** Log one line per request. */
  logRequests: boolean;
  /** Proxies in front of the server whose X-Forwarded-For entries are believed (TRUST_PROXY; 0 = none). */
  trustProxy: number;
}

export interface AppEnv {
  Variables: {
    db: Db;
    config: AppConfig;
    files: FileStorage;
    user: SessionUser | null;
    sessionToken: string | null;
    requestId: string;
  };
}
