import { createHash } from 'node:crypto';
import { durationText, mailLimitsFrom, type MailLimits, type WindowLimit } from '../../src/domain/rateLimits.js';
import type { Db, Tx } from '../db/client.js';
import { writeAtCommit } from '../db/transaction-round-trips.js';
import { mails } from '../db/schema.js';
import { countInWindow, tooManyRequests } from '../lib/rate-limit.js';
import { rawEnv, type EnvSource } from '../env.js';

/**
 * Who makes the portal send a mail. A user's action is counted against the mail limits (MAIL_LIMITS); only the
 * portal's own jobs (the scheduler, the first administrator's link, the demo seed) send as the system, and an
 * architecture test keeps that to their files (tests/unit/architecture.test.ts). An administrator's user import
 * (`bulkImport`, one deliberate file of up to IMPORT_MAX_ROWS accounts) counts per recipient, not per sender.
 */
export type MailSender = { userId: number; bulkImport?: true } | { system: 'scheduler' | 'installation' | 'demo-seed' | 'notifications' };

export interface OutgoingMail {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  userId?: number;
  /** Required: there is no mail without someone who sends it. */
  sender: MailSender;
  /**
   * The recipient is an inbox of the manufacturer's staff chosen by configuration (a sales organisation's contact
   * address, the project's planners): counted per sender only, so that many customers may write to one inbox.
   */
  toStaffInbox?: boolean;
}

/** What a mail with a link needs: where links start (PUBLIC_URL) and who sends it. */
export interface Mailing {
  publicUrl: string;
  sender: MailSender;
}

/** A user's action: links from the portal's public address, counted for the user. */
export const mailingBy = (publicUrl: string, userId: number): Mailing => ({ publicUrl, sender: { userId } });

let limits: MailLimits | undefined;

/** The limits from MAIL_LIMIT_PER_RECIPIENT / MAIL_LIMIT_PER_SENDER; throws with the variable's name on a bad value. */
export function mailLimits(env: EnvSource = rawEnv()): MailLimits {
  if (limits && env === rawEnv()) return limits;
  const parsed = mailLimitsFrom(env);
  if ('error' in parsed) throw new Error(parsed.error);
  if (env === rawEnv()) limits = parsed;
  return parsed;
}

/** Forgets the limits read from the environment (tests change it). */
export function resetMailLimits(): void {
  limits = undefined;
}

const addressKey = (recipient: string) => createHash('sha256').update(recipient.trim().toLowerCase()).digest('hex').slice(0, 32);

async function count(db: Db, key: string, limit: WindowLimit, message: string): Promise<void> {
  const verdict = await countInWindow(db, key, limit);
  if (!verdict.allowed) {
    throw tooManyRequests(message, verdict.retryAfterSeconds, { max: limit.max, window: (language: string) => durationText(limit.windowSeconds, language) });
  }
}

/**
 * Queues a mail in the outbox (in the caller's transaction); delivery happens elsewhere, nothing is lost. A mail a
 * user's action sends counts first — per recipient address and per sender, each per hour — and over a limit the
 * whole action is refused: 429 `RATELIMIT.mailPerRecipient` / `RATELIMIT.mailPerSender` with Retry-After (the
 * caller's transaction rolls back, so nothing is half-done and the refused try is not counted).
 */
export async function queueMail(db: Db | Tx, mail: OutgoingMail): Promise<number> {
  await countMail(db, mail);
  const [row] = await (db as Db).insert(mails).values(mailRow(mail)).returning({ id: mails.id });
  return row.id;
}

/**
 * `queueMail` for a caller that does not need the mail's id: counted the same, the row written with the transaction's
 * commit (db/transaction-round-trips.ts; a round trip less per mail of a transition's notices, #36).
 */
export async function queueMailAtCommit(tx: Tx, mail: OutgoingMail): Promise<void> {
  await countMail(tx, mail);
  await writeAtCommit(tx, tx.insert(mails).values(mailRow(mail)));
}

/** The limits a user's mail counts against (none for the portal's own mails). */
async function countMail(db: Db | Tx, mail: OutgoingMail): Promise<void> {
  if (!('userId' in mail.sender)) return;
  const current = mailLimits();
  if (!mail.toStaffInbox) await count(db as Db, `mail:to:${addressKey(mail.recipient)}`, current.perRecipient, 'RATELIMIT.mailPerRecipient');
  if (!mail.sender.bulkImport) await count(db as Db, `mail:from:${mail.sender.userId}`, current.perSender, 'RATELIMIT.mailPerSender');
}

const mailRow = (mail: OutgoingMail) => ({ kind: mail.kind, recipient: mail.recipient, subject: mail.subject, body: mail.body, userId: mail.userId ?? null });
