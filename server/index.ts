import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { analyze, isEmpty, openDatabase } from './db/client.js';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from './db/seed.js';
import { preloadTranslations } from './lib/i18n.js';
import { purgeExpiredSessions } from './lib/sessions.js';
import { assertWorkflowValid } from './lib/workflow-definition.js';
import { DiskFileStorage } from './services/file-storage.js';
import { startMailDelivery } from './services/mail-delivery.js';
import { startScheduler } from './services/scheduler.js';
import { ensureFirstAdministrator, ensureShippedSheets, firstAdminSettings } from './services/installation.js';

const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const databaseUrl = process.env.DATABASE_URL;
const seed = (process.env.SEED ?? 'demo').toLowerCase();

async function main() {
  preloadTranslations();
  const database = await openDatabase({ databaseUrl, dataDir: resolve(dataDir, 'pglite') });
  // Refuses to start on a broken workflow definition (the default file or the newest saved version).
  await assertWorkflowValid(database.db);
  const files = new DiskFileStorage(resolve(dataDir, 'files'));
  const seeded = seed !== 'none' && (await isEmpty(database.db));
  if (seeded) await seedDemo(database.db, files);
  // A fresh install without demo data: the shipped questionnaire sheets and the first administrator.
  await ensureShippedSheets(database.db);
  const firstAdmin = await ensureFirstAdministrator(database.db, firstAdminSettings(process.env, port));
  await purgeExpiredSessions(database.db);
  await analyze(database);
  const stopMail = process.env.SMTP_URL
    ? await startMailDelivery(database.db, process.env.SMTP_URL, process.env.MAIL_FROM ?? 'planXchange <noreply@planxchange.example>')
    : () => undefined;
  // Escalations and the daily status mail; SCHEDULER_INTERVAL_MS=0 switches the scheduler off.
  const schedulerInterval = Number(process.env.SCHEDULER_INTERVAL_MS ?? 5 * 60_000);
  const stopScheduler = schedulerInterval > 0 ? startScheduler(database.db, schedulerInterval) : () => undefined;

  const app = createApp(database.db, {
    staticDir: resolve(process.env.STATIC_DIR ?? 'dist'),
    secureCookies: process.env.SECURE_COOKIES === 'true',
    allowedOrigins: (process.env.ALLOWED_ORIGINS ?? '').split(',').filter(Boolean),
    logRequests: process.env.LOG_REQUESTS === 'true',
  }, files);
  const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, () => {
    const where = databaseUrl ? 'PostgreSQL' : `embedded database in ${dataDir}`;
    console.log(`Portal ready at http://localhost:${port} (${where})`);
    if (firstAdmin?.link) {
      console.log(`First administrator "${firstAdmin.login}": set the password within 7 days at`);
      console.log(`  ${firstAdmin.link}`);
    } else if (firstAdmin) {
      console.log(`First administrator "${firstAdmin.login}" created with the password from INITIAL_ADMIN_PASSWORD.`);
    }
    if (seed !== 'none') {
      console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
      for (const login of DEMO_LOGINS) console.log(`  ${login.login.padEnd(11)} ${login.description}`);
    }
  });

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    stopMail();
    stopScheduler();
    server.close(() => void database.close().finally(() => process.exit(0)));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error('The portal could not start:', error);
  process.exit(1);
});
