import { and, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Language } from '../../src/domain/languages.js';
import { mailsNotification } from '../../src/domain/notifications.js';
import { CLOSED_STATES } from '../../src/domain/projectUnits.js';
import { actorRoles, isOverdue, ruleText, type TenantType } from '../../src/domain/workflow.js';
import type { Db, Tx } from '../db/client.js';
import { projectUnitJournal, projectUnits, schedulerRuns, tenants, userProfiles, users, workflowEscalations } from '../db/schema.js';
import { translate } from '../lib/i18n.js';
import { logger } from '../lib/logging.js';
import { pruneChangeEvents } from '../lib/live-events.js';
import { notifiableMembers, notifyUsers } from '../lib/notifications.js';
import { purgeRateLimits } from '../lib/rate-limit.js';
import { loadSessionUser } from '../lib/sessions.js';
import { taskCount, userTasks } from '../lib/tasks.js';
import { activeWorkflow } from '../lib/workflow-definition.js';
import { queueMail } from './mail-outbox.js';

const DAY = 86_400_000;
/** One advisory lock per job: with several server processes only one runs a job at a time. */
const LOCK_ESCALATIONS = 74_210_001;
const LOCK_DAILY_STATUS = 74_210_002;
/** The daily status mail goes out from this hour (UTC) on. */
export const DAILY_STATUS_HOUR_UTC = 5;

async function tryLock(tx: Tx, key: number): Promise<boolean> {
  const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`)) as unknown as { rows?: { locked: boolean }[] };
  const rows = result.rows ?? (result as unknown as { locked: boolean }[]);
  return !!rows[0]?.locked;
}

/**
 * Marks overdue stays as delayed: for every escalation rule, the units in its state longer than its working
 * days get an escalation row (once per stay), a delayed journal entry carrying the rule, and a mail to the
 * members the rule names. Returns how many stays were escalated.
 */
export async function runEscalations(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await tryLock(tx, LOCK_ESCALATIONS))) return 0;
    const { definition } = await activeWorkflow(tx);
    const root = alias(projectUnits, 'root_unit');
    let escalated = 0;
    for (const rule of definition.escalations) {
      // Calendar days are never more than working days: a cheap pre-filter, the exact rule follows.
      const candidates = await tx
        .select({ id: projectUnits.id, rootId: projectUnits.rootId, type: projectUnits.type, number: projectUnits.number, title: projectUnits.title, stateKey: projectUnits.stateKey, stateSince: projectUnits.stateSince, tenantType: tenants.type })
        .from(projectUnits)
        .innerJoin(root, eq(root.id, projectUnits.rootId))
        .innerJoin(tenants, eq(tenants.id, projectUnits.tenantId))
        .where(
          and(
            eq(projectUnits.stateKey, rule.state),
            inArray(projectUnits.type, rule.unitTypes),
            notInArray(root.stateKey, [...CLOSED_STATES]),
            lte(projectUnits.stateSince, new Date(now.getTime() - rule.maxWorkingDays * DAY)),
            sql`not exists (select 1 from ${workflowEscalations} e where e.unit_id = ${projectUnits.id} and e.rule_key = ${rule.key} and e.state_since = ${projectUnits.stateSince})`,
          ),
        );
      for (const unit of candidates) {
        const tenantType: TenantType = unit.tenantType === 'ccl' ? 'ccl' : 'standard';
        if (rule.tenantTypes && !rule.tenantTypes.includes(tenantType)) continue;
        if (!isOverdue(unit.stateSince, rule.maxWorkingDays, now)) continue;
        const rootId = unit.rootId ?? unit.id;
        const inserted = await tx
          .insert(workflowEscalations)
          .values({ rootId, unitId: unit.id, ruleKey: rule.key, stateKey: unit.stateKey, stateSince: unit.stateSince, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: workflowEscalations.id });
        if (!inserted.length) continue;
        escalated += 1;
        await tx.insert(projectUnitJournal).values({
          rootId,
          unitId: unit.id,
          userId: null,
          oldState: unit.stateKey,
          newState: unit.stateKey,
          action: '',
          message: '',
          delayed: true,
          ruleKey: rule.key,
          createdAt: now,
        });
        const members = await notifiableMembers(tx, rootId);
        const told = members.filter((member) => rule.notifyRoles.some((role) => actorRoles(member).includes(role)));
        // The bell of everyone the rule names; the mail below for those whose profile asks for it.
        await notifyUsers(tx, told, { kind: 'escalation', unit }, { mail: false });
        for (const member of told) {
          if (!member.email || !mailsNotification(member.notificationMails, 'escalation')) continue;
          const language = member.language as Language;
          const params = { number: unit.number, title: unit.title, state: translate(language, `STATES.${unit.stateKey}`), rule: ruleText(rule, language) };
          await queueMail(tx, {
            kind: 'escalation',
            recipient: member.email,
            subject: translate(language, 'MAIL.Escalation.Subject', params),
            body: translate(language, 'MAIL.Escalation.Body', params),
            userId: member.id,
            sender: { system: 'scheduler' },
          });
        }
      }
    }
    return escalated;
  });
}

/**
 * The daily status mail: once a day (from DAILY_STATUS_HOUR_UTC), every active user who opted in and whose
 * tasks changed in the last 24 hours gets a summary of them. The day's run is recorded, so no process sends
 * it twice. Returns how many mails were queued.
 */
export async function runDailyStatusMail(db: Db, now = new Date()): Promise<number> {
  if (now.getUTCHours() < DAILY_STATUS_HOUR_UTC) return 0;
  return db.transaction(async (tx) => {
    if (!(await tryLock(tx, LOCK_DAILY_STATUS))) return 0;
    const key = `daily-status:${now.toISOString().slice(0, 10)}`;
    const claimed = await tx.insert(schedulerRuns).values({ key, ranAt: now }).onConflictDoNothing().returning({ key: schedulerRuns.key });
    if (!claimed.length) return 0;
    const recipients = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(and(eq(userProfiles.dailyStatusMail, true), eq(users.isActive, true), isNull(users.deletedAt)));
    let sent = 0;
    const since = now.getTime() - DAY;
    for (const recipient of recipients) {
      if (!recipient.email) continue;
      const user = await loadSessionUser(tx as unknown as Db, recipient.id);
      if (!user) continue;
      const changed = await userTasks(tx, user, { changedAfter: new Date(since) });
      if (!changed.length) continue;
      const language = user.language;
      const lines = changed.map((task) =>
        translate(language, 'MAIL.DailyStatus.Line', {
          number: task.projectUnitNo,
          title: task.unitTitle,
          project: task.rootUnitTitle,
          state: translate(language, `STATES.${task.stateKey}`),
        }),
      );
      await queueMail(tx, {
        kind: 'daily-status',
        recipient: recipient.email,
        subject: translate(language, 'MAIL.DailyStatus.Subject', { count: changed.length }),
        body: translate(language, 'MAIL.DailyStatus.Body', { lines: lines.join('\n'), open: await taskCount(tx, user) }),
        userId: user.id,
        sender: { system: 'scheduler' },
      });
      sent += 1;
    }
    await tx.update(schedulerRuns).set({ detail: `${sent} mails` }).where(eq(schedulerRuns.key, key));
    return sent;
  });
}

/**
 * Runs both jobs now and then every interval; returns a stop function that resolves once a run under way has
 * finished. Errors are logged, never fatal.
 */
export function startScheduler(db: Db, intervalMs = 5 * 60_000): () => Promise<void> {
  let run: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (run || stopped) return;
    run = (async () => {
      try {
        const escalated = await runEscalations(db);
        const dailyMails = await runDailyStatusMail(db);
        if (escalated || dailyMails) logger.info({ escalated, dailyMails }, 'scheduler: escalations and daily status mails queued');
        // Login back-off and rate-limit counters nobody needs any more.
        await purgeRateLimits(db);
        // The event stream's journal beyond what a reconnecting browser is replayed.
        await pruneChangeEvents(db);
      } catch (error) {
        logger.error({ err: error }, 'scheduler run failed');
      } finally {
        run = null;
      }
    })();
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await run;
  };
}
