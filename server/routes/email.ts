import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  SALES_ORG_REQUEST_KIND,
  SALES_ORG_REQUEST_MESSAGE,
  SALES_ORG_REQUEST_WINDOW_MS,
  SALES_ORG_REQUESTS_PER_HOUR,
  salesOrgRequestSchema,
  type SalesOrgRequest,
} from '../../src/domain/salesOrgRequest.js';
import type { SessionUser } from '../../src/domain/user.js';
import type { Tx } from '../db/client.js';
import { mails, salesOrganisations, users } from '../db/schema.js';
import type { AppEnv } from '../lib/context.js';
import { ApiError } from '../lib/errors.js';
import { translate } from '../lib/i18n.js';
import { queueMail } from '../services/mail-outbox.js';
import { visibleSalesOrgs } from '../services/sales-organisations.js';
import { readBody } from '../lib/validation.js';

/** The sales organisation (of those the user sees on the dashboard) whose contact mail this is, else 422. */
async function recipientOrg(tx: Tx, user: SessionUser, recipientMail: string) {
  const [org] = await tx
    .select({ title: salesOrganisations.title })
    .from(salesOrganisations)
    .where(and(visibleSalesOrgs(user), sql`lower(${salesOrganisations.additionalInfo}->>'contactmail') = lower(${recipientMail})`))
    .limit(1);
  if (!org) throw new ApiError(422, [{ key: SALES_ORG_REQUEST_MESSAGE.unknownRecipient, reference: 'RecipientMail' }]);
  return org;
}

/** At most SALES_ORG_REQUESTS_PER_HOUR requests per user within the last hour, counted in the outbox (429). */
async function assertBelowLimit(tx: Tx, userId: number) {
  const since = new Date(Date.now() - SALES_ORG_REQUEST_WINDOW_MS);
  const [row] = await tx
    .select({ n: count(), oldest: min(mails.createdAt) })
    .from(mails)
    .where(and(eq(mails.kind, SALES_ORG_REQUEST_KIND), eq(mails.userId, userId), gt(mails.createdAt, since)));
  if (Number(row.n) < SALES_ORG_REQUESTS_PER_HOUR) return;
  const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
  const retryAfter = Math.max(1, Math.ceil((oldest + SALES_ORG_REQUEST_WINDOW_MS - Date.now()) / 1000));
  throw new ApiError(429, [{ key: SALES_ORG_REQUEST_MESSAGE.tooMany, params: { max: SALES_ORG_REQUESTS_PER_HOUR, minutes: Math.ceil(retryAfter / 60) } }], {
    'Retry-After': String(retryAfter),
  });
}

function mailParams(request: SalesOrgRequest, salesOrg: string) {
  return {
    salesOrg,
    name: `${request.FirstName} ${request.LastName}`,
    firstName: request.FirstName,
    lastName: request.LastName,
    company: request.Company,
    street1: request.Street1,
    street2: request.Street2,
    zip: request.ZIP,
    city: request.City,
    phone: request.Phone,
    email: request.SenderMail,
    userId: request.SenderUserID,
  };
}

/** `POST api/data/planxchange/email/send`: asks a sales organisation to set up a new root project (outbox mail). */
export const emailRoutes = new Hono<AppEnv>();

emailRoutes.post('/send', async (c) => {
  const user = c.get('user');
  if (!user) throw ApiError.unauthorized();
  const parsed = await readBody(c, salesOrgRequestSchema);
  const request = parsed;
  if (request.SenderUserID !== user.id) throw ApiError.forbidden();
  const db = c.get('db');
  const mailID = await db.transaction(async (tx) => {
    // The user's row is locked, so that parallel requests count each other against the hourly limit.
    const [sender] = await tx.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, user.id)).for('update');
    if (!sender?.email || sender.email.toLowerCase() !== request.SenderMail.toLowerCase()) {
      throw new ApiError(422, [{ key: SALES_ORG_REQUEST_MESSAGE.senderMismatch, reference: 'SenderMail' }]);
    }
    const org = await recipientOrg(tx, user, request.RecipientMail);
    await assertBelowLimit(tx, user.id);
    const params = mailParams(request, org.title);
    return queueMail(tx, {
      kind: SALES_ORG_REQUEST_KIND,
      recipient: request.RecipientMail,
      // The outbox holds subjects of up to 300 characters; names and company may be longer together.
      subject: translate(sender.language, 'MAIL.SalesOrgRequest.Subject', params).slice(0, 300),
      body: translate(sender.language, 'MAIL.SalesOrgRequest.Body', params),
      userId: user.id,
      sender: { userId: user.id },
      toStaffInbox: true,
    });
  });
  return c.json({ queued: true, mailID }, 201);
});
