import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mails } from '../db/schema.js';
import { logger } from '../lib/logging.js';

export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

const BATCH = 10;
/** How long a claimed mail is reserved for the process sending it; after that another may try. */
const LEASE_MS = 5 * 60_000;

/** Minutes to wait after the n-th failed attempt: 1, 2, 4 … capped at 12 hours. A mail is never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 720) * 60_000;
}

type MailRow = typeof mails.$inferSelect;

/** Claims due mails with a lease (several processes never send one twice), in one short statement. */
async function claimDue(db: Db): Promise<MailRow[]> {
  const lease = new Date(Date.now() + LEASE_MS);
  const result = await db.execute(sql`
    update mails set next_attempt_at = ${lease.toISOString()}::timestamptz
    where id in (
      select id from mails where status = 'queued' and next_attempt_at <= now()
      order by id limit ${BATCH} for update skip locked
    )
    returning id, recipient, subject, body, attempts`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { id: number; recipient: string; subject: string; body: string; attempts: number }[];
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }) as unknown as MailRow);
}

/** Sends what is due; returns how many were sent and how many failed (and were rescheduled). */
export async function deliverDueMails(db: Db, transport: MailTransport, from: string): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const mail of await claimDue(db)) {
    try {
      await transport.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body });
      await db.update(mails).set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, lastError: null }).where(eq(mails.id, mail.id));
      sent++;
    } catch (error) {
      const attempts = mail.attempts + 1;
      await db
        .update(mails)
        .set({ attempts, lastError: String((error as Error)?.message ?? error).slice(0, 1000), nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)) })
        .where(eq(mails.id, mail.id));
      failed++;
    }
  }
  return { sent, failed };
}

export interface MailDeliveryOptions {
  intervalMs?: number;
  /** Told after every round (metrics). */
  onDelivered?: (result: { sent: number; failed: number }) => void;
}

/**
 * With SMTP_URL set, a worker delivers the outbox every `intervalMs`; without it, mails stay readable in the
 * outbox. The stop function resolves once a round under way has finished (shutdown closes the database after it).
 */
export async function startMailDelivery(db: Db, smtpUrl: string, from: string, options: MailDeliveryOptions = {}): Promise<() => Promise<void>> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.default.createTransport(smtpUrl);
  let round: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (round || stopped) return;
    round = (async () => {
      try {
        const result = await deliverDueMails(db, transport, from);
        options.onDelivered?.(result);
        if (result.failed) logger.warn(result, 'mail delivery: some mails failed and will be retried');
      } catch (error) {
        logger.error({ err: error }, 'mail delivery failed');
      } finally {
        round = null;
      }
    })();
  };
  const timer = setInterval(tick, options.intervalMs ?? 15_000);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
    transport.close();
  };
}
