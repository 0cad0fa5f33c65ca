import type { Db, Tx } from '../db/client.js';
import { mails } from '../db/schema.js';

export interface OutgoingMail {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  userId?: number;
}

/** Queues a mail in the outbox (in the caller's transaction); delivery happens elsewhere, nothing is lost. */
export async function queueMail(db: Db | Tx, mail: OutgoingMail): Promise<number> {
  const [row] = await (db as Db)
    .insert(mails)
    .values({ kind: mail.kind, recipient: mail.recipient, subject: mail.subject, body: mail.body, userId: mail.userId ?? null })
    .returning({ id: mails.id });
  return row.id;
}
