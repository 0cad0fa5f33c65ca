import { eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import { mails } from '../db/schema.js';
import { containsPattern } from '../lib/rest-query.js';
import { restResource } from '../lib/rest.js';

type MailRow = typeof mails.$inferSelect;

/** The outbox, read-only for administrators: every mail queued or sent, with its status. */
export const mailsResource = restResource({
  name: 'mails',
  table: mails,
  id: mails.id,
  sortable: { id: mails.id, createdAt: mails.createdAt, status: mails.status, kind: mails.kind, recipient: mails.recipient },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    status: { schema: z.enum(['queued', 'sent', 'failed']), where: (value: string) => eq(mails.status, value) },
    kind: { schema: z.string().max(60), where: (value: string) => eq(mails.kind, value) },
    recipient: { schema: z.string().max(254), where: (value: string) => eq(mails.recipient, value) },
  },
  search: (q) => or(ilike(mails.subject, containsPattern(q)), ilike(mails.recipient, containsPattern(q))),
  toRecords: async (_db, rows) =>
    (rows as MailRow[]).map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
});
