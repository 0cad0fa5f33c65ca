import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { isLanguage, LANGUAGES } from '../src/domain/languages.js';
import type { Db } from './db/client.js';
import type { AppConfig, AppEnv } from './lib/context.js';
import { fromDatabaseError } from './lib/db-errors.js';
import { ApiError, sendError } from './lib/errors.js';
import { i18nDir } from './lib/i18n.js';
import { compressStaticAssets, loadStaticAssets, staticAssets, type Asset } from './lib/static-assets.js';
import { logger as processLogger, requestLogging } from './lib/logging.js';
import { createMetrics, metricsMiddleware } from './lib/metrics.js';
import { bodyLimitPolicy } from './lib/body-limit.js';
import { jsonBodyParser } from './lib/json-body.js';
import { csrfGuard, requireSession, sessionReader } from './lib/security.js';
import { hostCheck } from './lib/public-url.js';
import { signOutRoute } from './routes/auth.js';
import { publicApiRoutes, sessionApiRoutes } from './routes/index.js';
import { OPERATIONS_PATHS, operationsRoutes } from './routes/operations.js';
import { DiskFileStorage, type FileStorage } from './services/file-storage.js';

const defaultConfig: AppConfig = { secureCookies: false, allowedOrigins: [], trustProxy: 0, publicUrl: 'http://localhost', allowLoopbackHosts: true };

function requestLanguage(c: { get: (k: 'user') => { language: string } | null; req: { header: (n: string) => string | undefined } }): string {
  const user = c.get('user');
  if (user) return user.language;
  const accept = c.req.header('accept-language')?.slice(0, 2);
  return accept && isLanguage(accept) ? accept : 'en';
}

/** Builds the whole application; the server and the tests (through `app.request()`) use the same one. */
export function createApp(db: Db, config: Partial<AppConfig> = {}, files: FileStorage = new DiskFileStorage(mkdtempSync(join(tmpdir(), 'px-files-')))) {
  const settings: AppConfig = { ...defaultConfig, ...config };
  const app = new Hono<AppEnv>();

  const metrics = settings.metrics ?? createMetrics(db);
  // Request id, X-Request-Id and one log line per request (lib/logging.ts); counts and latency per route (lib/metrics.ts).
  app.use('*', requestLogging(settings.logger ?? processLogger));
  app.use('*', metricsMiddleware(metrics));
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', settings);
    c.set('files', files);
    c.set('user', null);
    c.set('sessionToken', null);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'same-origin',
    }),
  );

  app.onError((error, c) => {
    const language = requestLanguage(c);
    if (error instanceof ApiError) return sendError(c, error, language);
    if (error instanceof HTTPException && error.status < 500) {
      return sendError(c, new ApiError(error.status as 400, [{ key: 'ERRORMESSAGES.BadRequest', text: error.message || undefined }]), language);
    }
    const mapped = fromDatabaseError(error);
    if (mapped) return sendError(c, mapped, language);
    const requestId = c.get('requestId');
    c.get('log').error({ err: error, method: c.req.method, path: c.req.path }, 'unexpected error');
    return sendError(c, new ApiError(500, [{ key: 'ERRORMESSAGES.Unexpected', params: { requestId } }]), language);
  });

  // Every request must address this portal (PUBLIC_URL's host, ALLOWED_ORIGINS, loopback in development): a
  // forged Host header is refused before any route runs (server/lib/public-url.ts). Health checks (a probe
  // uses the pod's address) produce no links and pass.
  app.use('*', hostCheck(settings, OPERATIONS_PATHS));

  // One body-limit policy for every route (server/lib/body-limit.ts): 1 MB, uploads their own. JSON bodies
  // are parsed once, bounded in depth, before any route (server/lib/json-body.ts).
  app.use('*', bodyLimitPolicy);
  // Apps mounted beside the portal (the demo identity provider) take their own bodies (HTML forms, OAuth's
  // urlencoded token requests); the portal's routes take JSON or multipart only.
  const mountPaths = (settings.mounts ?? []).map((mount) => mount.path);
  app.use('*', (c, next) => (mountPaths.some((path) => c.req.path === path || c.req.path.startsWith(`${path}/`)) ? next() : jsonBodyParser(c, next)));

  // GET /api/health, /api/ready and /metrics (token): outside the session guard.
  app.route('/', operationsRoutes(metrics, settings.metricsToken));

  const api = new Hono<AppEnv>();
  // Same-origin by default; a front end on another origin must be listed in ALLOWED_ORIGINS.
  if (settings.allowedOrigins.length) {
    api.use(
      '*',
      cors({
        origin: (origin) => (settings.allowedOrigins.includes(origin) ? origin : null),
        credentials: true,
        exposeHeaders: ['Content-Range'],
        allowHeaders: ['Content-Type'],
        allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      }),
    );
  }
  api.use('*', csrfGuard);
  api.use('*', sessionReader);
  publicApiRoutes(api);
  api.use('*', requireSession);
  sessionApiRoutes(api, settings);
  api.all('*', () => {
    throw ApiError.notFound();
  });
  app.route('/api', api);

  // The demo identity provider (demo seed only) lives beside the portal, outside /api.
  for (const mount of settings.mounts ?? []) app.route(mount.path, mount.app);

  app.use('/Account/*', sessionReader);
  app.route('/Account', signOutRoute);

  // The translations (names without a hash: revalidated) and the built app's assets, from memory and compressed
  // (server/lib/static-assets.ts).
  const assets = new Map<string, Asset>(
    LANGUAGES.map((language) => [`/assets/i18n/${language}.json`, { body: readFileSync(resolve(i18nDir, `${language}.json`)), type: 'application/json; charset=utf-8', cacheControl: 'no-cache' }]),
  );
  if (settings.staticDir && existsSync(settings.staticDir)) loadStaticAssets(settings.staticDir, assets);
  void compressStaticAssets(assets).catch((error) => processLogger.warn({ err: error }, 'static assets could not be compressed; sent uncompressed'));
  app.use('/assets/*', staticAssets(assets));
  // Any other name: 404 (the route the OpenAPI document names).
  app.get('/assets/i18n/:file', () => {
    throw ApiError.notFound();
  });

  if (settings.staticDir && existsSync(settings.staticDir)) {
    const root = settings.staticDir;
    const indexHtml = readFileSync(resolve(root, 'index.html'), 'utf8');
    app.use('/assets/*', serveStatic({ root, onFound: (_path, c) => { c.header('Cache-Control', 'public, max-age=31536000, immutable'); } }));
    app.use('*', serveStatic({ root }));
    // Deep links of the single-page app (home/app/…, print/…) all get index.html.
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml);
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
