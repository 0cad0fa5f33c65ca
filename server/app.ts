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
import { authRoutes, signOutRoute } from './routes/auth.js';
import { oidcRoutes } from './routes/oidc.js';
import { bannerExtraRoutes, bannerNotificationsResource } from './routes/banner-notifications.js';
import { salesOrganisationsResource } from './routes/sales-organisations.js';
import { emailRoutes } from './routes/email.js';
import { userRoutes } from './routes/users.js';
import { accountPublicRoutes, accountRoutes } from './routes/account.js';
import { mailsResource } from './routes/mails.js';
import { profileRoutes } from './routes/profile.js';
import { dashboardRoutes, projectUnitStateRoutes, taskRoutes, workflowDefinitionRoutes } from './routes/workflow.js';
import { projectsResource } from './routes/projects.js';
import { projectUnitParamsResource } from './routes/project-unit-params.js';
import { projectFileRoutes } from './routes/project-files.js';
import { ifcStructureRoutes } from './routes/ifc-structure.js';
import { viewerRoutes } from './routes/viewer.js';
import { structureRoutes, structureTaskRoutes } from './routes/structure.js';
import { deliveryDataRoutes, materialRoutes } from './routes/materials.js';
import { orderProposalRoutes } from './routes/order-proposal.js';
import { orderRoutes } from './routes/orders.js';
import { cclScheduleRoutes, deliveryOverviewResource } from './routes/deliveries.js';
import { questionnaireRoutes } from './routes/questionnaire.js';
import { questionnaireSheetsResource, questionnaireSheetValidateRoutes } from './routes/questionnaire-sheets.js';
import { projectMemberRoutes } from './routes/project-members.js';
import { projectMemberChangeRoutes } from './routes/project-member-changes.js';
import { rootProjectRoutes } from './routes/root-projects.js';
import { projectSearchResource } from './routes/project-search.js';
import { assignmentsResource } from './routes/assignments.js';
import { planningRoutes } from './routes/planning.js';
import { journalResource } from './routes/journal.js';
import { workflowsRoutes } from './routes/workflows.js';
import { workflowDraftRoutes, workflowLabelRoutes } from './routes/workflow-versions.js';
import { tenantFileRoutes } from './routes/tenant-files.js';
import { projectToolRoutes, siteRoutes } from './routes/site.js';
import { catalogueRoutes } from './routes/admin-catalogues.js';
import { masterDataRoutes } from './routes/admin-master-data.js';
import { preliminaryDaysRoutes } from './routes/admin-preliminary-days.js';
import { tenantsResource } from './routes/admin-tenants.js';
import { projectFeatureRoutes } from './routes/admin-projects.js';
import { invitationPublicRoutes } from './routes/invitations.js';
import { OPERATIONS_PATHS, operationsRoutes } from './routes/operations.js';
import { webhookDeliveryRoutes, webhookRoutes } from './routes/webhooks.js';
import { exportRoutes } from './routes/exports.js';
import { bulkRoutes } from './routes/bulk.js';
import { bulkOperationsResource } from './routes/bulk-operations.js';
import { openApiRoutes } from './routes/openapi.js';
import { eventRoutes } from './routes/events.js';
import { notificationRoutes } from './routes/notifications.js';
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
  // The published contract (OpenAPI 3.1) and its reference page: public, like the route table in the app's code.
  api.route('/', openApiRoutes);
  api.route('/auth', authRoutes);
  // Single sign-on for external logins: GET api/auth/oidc, …/login, …/callback (no session needed).
  api.route('/auth/oidc', oidcRoutes);
  // The account-deletion link is followed without a session: the token authenticates.
  api.route('/account', accountPublicRoutes);
  // Setting the first password from an invitation link: the token authenticates.
  api.route('/account', invitationPublicRoutes);
  // The workflow's labels are texts of the app like the translation files, loaded before sign-in (issue 35).
  api.route('/workflow-labels', workflowLabelRoutes);
  api.use('*', requireSession);
  api.route('/account', accountRoutes);
  api.route('/data/planxchange', profileRoutes);
  api.route('/data/planxchange/mails', mailsResource);
  api.route('/data/planxchange/projects', projectsResource);
  api.route('/data/planxchange/projectunitparams', projectUnitParamsResource);
  api.route('/data/planxchange/projectunitstates', projectUnitStateRoutes);
  api.route('/tasks', structureTaskRoutes);
  api.route('/tasks', taskRoutes);
  api.route('/structure', structureRoutes);
  api.route('/materials', materialRoutes);
  api.route('/orders', orderRoutes);
  api.route('/orders', orderProposalRoutes);
  api.route('/delivery-data', deliveryDataRoutes);
  api.route('/data/planxchange/delivery-overview', deliveryOverviewResource);
  api.route('/questionnaire', cclScheduleRoutes);
  // The information sheet: GET/PUT /api/questionnaire/{root}, …/{root}/material-types (after the CCL schedule's paths).
  api.route('/questionnaire', questionnaireRoutes);
  api.route('/data/planxchange/questionnaire-sheets', questionnaireSheetsResource);
  api.route('/questionnaire-sheets', questionnaireSheetValidateRoutes);
  api.route('/data/planxchange/dashboard', dashboardRoutes);
  api.route('/workflow-definition', workflowDefinitionRoutes);
  // Mounted after the definition's routes: their configurer check (`use('*')`) runs first for the drafts too.
  api.route('/workflow-definition/drafts', workflowDraftRoutes);
  // Project files: GET/POST api/file/projectFiles/{root}, GET api/file/projectFiles/download/{id}, GET/POST api/file/{root}/{unit}
  api.route('/file', projectFileRoutes);
  // The structure an IFC file of a root suggests: GET api/file/{root}/{file}/ifcstructure
  api.route('/file', ifcStructureRoutes);
  // The 3D viewer: GET api/view/{root}/{unit}.json, …/{unit}.bin and …/{unit}/status
  api.route('/view', viewerRoutes);
  // Members: GET api/data/planxchange/projectmembers/{root} and …/{root}/{user}; changes, candidates and invitations
  api.route('/data/planxchange/projectmembers', projectMemberChangeRoutes);
  api.route('/data/planxchange/projectmembers', projectMemberRoutes);
  // What the root project form offers (tenants, sales organisations, countries); the root itself is POST …/projects
  api.route('/root-projects', rootProjectRoutes);
  api.route('/data/planxchange/projectunitssearch', projectSearchResource);
  // Product type and plant assignments (the spec's resource) and the planning screen's one-call save
  api.route('/data/planxchange/projectunitproducttypeassignments', assignmentsResource);
  api.route('/planning', planningRoutes);
  api.route('/data/planxchange/project-unit-journal', journalResource);
  // The Workflows page: workflow-notifications, workflow-rows and dashboard/workflowCount
  api.route('/data/planxchange', workflowsRoutes);
  api.route('/data/planxchange', siteRoutes);
  api.route('/project-tools', projectToolRoutes);
  // Administration: plants, product types, tenants, preliminary days (master data) and the catalogues.
  api.route('/data/planxchange', masterDataRoutes);
  api.route('/data/planxchange/tenants', tenantsResource);
  api.route('/data/planxchange', catalogueRoutes);
  api.route('/data/planxchange/productplantpreliminarydays', preliminaryDaysRoutes);
  api.route('/data/planxchange/projectfeatures', projectFeatureRoutes);
  // Tenant logos (tenantfiles/{tenantID or tenantID_salesOrgID}/thumbnail.png) and GET api/tenant-infos/{root}
  api.route('/', tenantFileRoutes);
  api.route('/data/planxchange/banner-notifications', bannerNotificationsResource);
  api.route('/banner-notifications', bannerExtraRoutes);
  api.route('/data/planxchange/salesorganisations', salesOrganisationsResource);
  // The dashboard's request to a sales organisation for a new root project: POST …/email/send
  api.route('/data/planxchange/email', emailRoutes);
  api.route('/data/planxchange/users', userRoutes);
  // Bulk administration: imports (preview, apply), bulk edits and unlimited exports; the record of them (admins).
  api.route('/bulk', bulkRoutes);
  api.route('/data/planxchange/bulkoperations', bulkOperationsResource);
  // Integration: webhook endpoints and their deliveries (admin), the placed-orders export (admins, internal staff).
  api.route('/data/planxchange/webhooks', webhookRoutes(settings));
  api.route('/data/planxchange/webhook-deliveries', webhookDeliveryRoutes);
  api.route('/exports', exportRoutes);
  // Live: the browser's event stream (Server-Sent Events) and the bell's notifications (issue #37).
  api.route('/events', eventRoutes);
  api.route('/notifications', notificationRoutes);
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
