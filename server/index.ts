import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { createApp } from './app.js';
import { analyze, isEmpty, openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './db/seed.js';
import { runPrimary, serverProcesses } from './lib/cluster.js';
import { controlSocketPath, startControlSocket } from './lib/control-socket.js';
import { preloadTranslations } from './lib/i18n.js';
import { startLifecycle } from './lib/lifecycle.js';
import { logger } from './lib/logging.js';
import { createMetrics } from './lib/metrics.js';
import { startEventLoopMonitor } from './lib/event-loop-monitor.js';
import { parseTrustProxy } from './lib/client-address.js';
import { purgeRateLimits } from './lib/rate-limit.js';
import { PublicUrlError, publicUrlFromEnv } from './lib/public-url.js';
import { purgeExpiredSessions } from './lib/sessions.js';
import { singleSignOnFromEnv } from './lib/sso-setup.js';
import { assertWorkflowValid } from './lib/workflow-definition.js';
import { backupWhileRunning, DeferredDeleteStorage } from './services/backup.js';
import { checkFileStorage, fileStorageFromEnv } from './services/file-storage-config.js';
import { liveHubOf, streamsPerUser } from './lib/live-events.js';
import { stopViewerExtractions } from './services/ifc-viewer.js';
import { startMailDelivery } from './services/mail-delivery.js';
import { mailLimits } from './services/mail-outbox.js';
import { startScheduler } from './services/scheduler.js';
import { startWebhookDispatcher, webhookSettingsFromEnv } from './services/webhook-dispatcher.js';
import { ensureFirstAdministrator, ensureShippedSheets, firstAdminSettings } from './services/installation.js';
import { env, EnvError, rawEnv, type ServerEnv } from './env.js';

// Every variable checked before anything starts: a wrong one stops the start, naming it (server/env.ts).
let config: ServerEnv;
try {
  config = env();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  process.stderr.write(`The portal could not start: ${error.message}\n`);
  process.exit(1);
}
const port = config.PORT;
const dataDir = resolve(config.DATA_DIR);
const databaseUrl = config.DATABASE_URL;
const seed = config.SEED;

async function main() {
  // Checked first: without PUBLIC_URL a real installation would mail links nobody can follow (server/lib/public-url.ts).
  const publicUrl = publicUrlFromEnv(rawEnv(), port, seed);
  // MAIL_LIMIT_PER_RECIPIENT / MAIL_LIMIT_PER_SENDER: a bad value stops the start, naming the variable.
  mailLimits();
  // LIVE_STREAMS_PER_USER likewise (server/lib/live-events.ts).
  streamsPerUser();
  preloadTranslations();
  // Listening before the database opens: /api/health answers, /api/ready says 503 until the portal is ready.
  const lifecycle = await startLifecycle({
    port,
    hostname: config.HOST ?? '0.0.0.0',
    logger,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  const { storage, description: storageDescription } = fileStorageFromEnv(rawEnv(), dataDir);
  await checkFileStorage(storage);
  const database = await openDatabase({ databaseUrl, dataDir: resolve(dataDir, 'pglite') });
  lifecycle.onShutdown('database', () => database.close());
  // Open event streams end first, so that the server can close; the browsers reconnect (to its successor).
  lifecycle.onStopping(() => liveHubOf(database.db)?.closeAll());
  // Refuses to start on a broken workflow definition (the default file or the newest saved version).
  await assertWorkflowValid(database.db);
  const files = new DeferredDeleteStorage(storage);
  // Several processes may start at once on one PostgreSQL database: seedDemo seeds under a lock, once.
  const seeded = seed !== 'none' && (await isEmpty(database.db));
  if (seeded) await seedDemo(database.db, files, publicUrl);
  // A fresh install without demo data: the shipped questionnaire sheets and the first administrator.
  await ensureShippedSheets(database.db);
  const firstAdmin = await ensureFirstAdministrator(database.db, firstAdminSettings(rawEnv(), publicUrl));
  await purgeExpiredSessions(database.db);
  await purgeRateLimits(database.db);
  await analyze(database);
  const metrics = createMetrics(database.db, { processMetrics: true });
  lifecycle.onShutdown('event-loop monitor', startEventLoopMonitor({ log: logger }));
  if (config.SMTP_URL) {
    const stopMail = await startMailDelivery(database.db, config.SMTP_URL, config.MAIL_FROM, {
      onDelivered: ({ sent, failed }) => {
        if (sent) metrics.mailDeliveries.inc({ result: 'sent' }, sent);
        if (failed) metrics.mailDeliveries.inc({ result: 'failed' }, failed);
      },
    });
    lifecycle.onShutdown('mail delivery', stopMail);
  }
  // Escalations and the daily status mail; SCHEDULER_INTERVAL_MS=0 switches the scheduler off.
  const schedulerInterval = config.SCHEDULER_INTERVAL_MS;
  if (schedulerInterval > 0) lifecycle.onShutdown('scheduler', startScheduler(database.db, schedulerInterval));
  lifecycle.onShutdown('IFC extraction', () => stopViewerExtractions());
  // `npm run backup` asks the server that holds the embedded database (server/backup.ts).
  const { dumpDataDir } = database;
  if (dumpDataDir) {
    const stopControl = await startControlSocket(controlSocketPath(dataDir), { backup: (out) => backupWhileRunning(out, dumpDataDir, files) }, logger);
    if (stopControl) lifecycle.onShutdown('control socket', stopControl);
  }

  // Webhook deliveries (docs/decisions-integration.md); WEBHOOK_INTERVAL_MS=0 switches the dispatcher off.
  const webhookSettings = webhookSettingsFromEnv(rawEnv());
  const webhookInterval = config.WEBHOOK_INTERVAL_MS;
  if (webhookInterval > 0) lifecycle.onShutdown('webhook delivery', startWebhookDispatcher(database.db, webhookSettings, webhookInterval));

  // Single sign-on for external logins: OIDC_* or, with demo data, the demo identity provider under /demo-idp.
  const singleSignOn = await singleSignOnFromEnv(rawEnv(), { port, host: config.HOST, seed, publicUrl });
  const app = createApp(database.db, {
    sso: singleSignOn.sso,
    mounts: singleSignOn.mounts,
    staticDir: resolve(config.STATIC_DIR),
    secureCookies: config.SECURE_COOKIES === 'true',
    allowedOrigins: config.ALLOWED_ORIGINS,
    metrics,
    metricsToken: config.METRICS_TOKEN,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    publicUrl,
    allowLoopbackHosts: config.NODE_ENV !== 'production',
    webhookPolicy: { allowPrivate: webhookSettings.allowPrivate, allowLoopback: webhookSettings.allowLoopback },
  }, files);
  lifecycle.ready(app);
  const where = databaseUrl ? 'PostgreSQL' : `embedded database in ${dataDir}`;
  logger.info({ database: database.kind, files: storageDescription }, `Portal ready at http://localhost:${lifecycle.port} (${where}, ${storageDescription})`);
  if (firstAdmin?.link) {
    logger.warn(`First administrator "${firstAdmin.login}": set the password within 7 days at\n  ${firstAdmin.link}`);
  } else if (firstAdmin) {
    logger.warn(`First administrator "${firstAdmin.login}" created with the password from INITIAL_ADMIN_PASSWORD.`);
  }
  if (seed !== 'none') {
    const logins = DEMO_LOGINS.map((login) => `  ${login.login.padEnd(11)} ${login.description}`).join('\n');
    logger.info(`Demo logins (password ${DEMO_PASSWORD}):\n${logins}`);
    if (singleSignOn.demo) logger.info(`Demo identity provider ("Sign in with Demo-ID"; ${singleSignOn.demo.logins.join(', ')}, same password): ${singleSignOn.demo.issuer}`);
  }
}

// WEB_CONCURRENCY=N (PostgreSQL only): this process forks N server processes sharing the port.
const concurrency = serverProcesses(rawEnv());
if ('error' in concurrency) {
  // Said in plain words (no stack trace), like a refused embedded database.
  process.stderr.write(`The portal could not start: ${concurrency.error}\n`);
  process.exit(1);
} else if (concurrency.processes > 1 && cluster.isPrimary) {
  runPrimary(concurrency.processes, logger);
} else {
  main().catch((error) => {
    // A refused embedded database says why in plain words (no stack trace).
    if (error instanceof DataDirInUseError || error instanceof PublicUrlError) process.stderr.write(`The portal could not start: ${error.message}\n`);
    else logger.fatal({ err: error }, 'The portal could not start');
    process.exit(1);
  });
}
