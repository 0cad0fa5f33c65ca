import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mails, users } from '../../server/db/schema.js';
import { SALES_ORG_REQUEST_KIND, salesOrgRequestFromProfile } from '../../src/domain/salesOrgRequest.js';
import type { Profile } from '../../src/domain/profile.js';
import { createTestContext, expectErrorShape, type TestContext } from './helpers.js';

const P = '/api/data/planxchange';
const SEND = `${P}/email/send`;
let t: TestContext;
let customer: string;
let staff: string;
let admin: string;
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  customer = await t.login('customer');
  staff = await t.login('staff');
  admin = await t.login('admin');
  for (const row of await t.db.select().from(users)) userId[row.login] = row.id;
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(mails).where(eq(mails.kind, SALES_ORG_REQUEST_KIND));
});

async function profileOf(cookie: string): Promise<Profile> {
  return ((await (await t.request('GET', `${P}/profile`, { cookie })).json()) as { data: Profile }).data;
}

async function requestBody(cookie: string, recipient: string) {
  return salesOrgRequestFromProfile(await profileOf(cookie), recipient);
}

const outbox = (login: string) =>
  t.db.select().from(mails).where(and(eq(mails.kind, SALES_ORG_REQUEST_KIND), eq(mails.userId, userId[login])));

describe('POST email/send', () => {
  it('queues one mail to the sales organisation with every field, missing ones as N/A, in the sender’s language', async () => {
    const body = await requestBody(customer, 'vertrieb@nordstein.example');
    expect(body).toEqual({
      SenderMail: 'customer@bouwbedrijf.example',
      RecipientMail: 'vertrieb@nordstein.example',
      SenderUserID: userId.customer,
      FirstName: 'Kees',
      LastName: 'Klant',
      Company: 'Bouwbedrijf Van Dijk B.V.',
      Street1: 'Havenweg 12',
      Street2: 'N/A',
      ZIP: '3011 AB',
      City: 'Rotterdam',
      Phone: '+31 10 555 1200',
    });
    const response = await t.request('POST', SEND, { cookie: customer, body });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { queued: boolean; mailID: number };
    expect(answer).toEqual({ queued: true, mailID: expect.any(Number) });

    const rows = await outbox('customer');
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail).toMatchObject({ id: answer.mailID, recipient: 'vertrieb@nordstein.example', status: 'queued', userId: userId.customer });
    expect(mail.subject).toBe('New project requested by Kees Klant (Bouwbedrijf Van Dijk B.V.)');
    for (const line of [
      'Hello Nordstein Vertrieb Deutschland,',
      'First name: Kees',
      'Last name: Klant',
      'Company: Bouwbedrijf Van Dijk B.V.',
      'Address 1: Havenweg 12',
      'Address 2: N/A',
      'ZIP code: 3011 AB',
      'City: Rotterdam',
      'Phone: +31 10 555 1200',
      'E-mail: customer@bouwbedrijf.example',
      `planXchange user ID: ${userId.customer}`,
      'Please reply to customer@bouwbedrijf.example.',
    ]) {
      expect(mail.body).toContain(line);
    }

    // Administrators read it in the outbox.
    const listed = (await (await t.request('GET', `${P}/mails?filter=${encodeURIComponent(JSON.stringify({ kind: SALES_ORG_REQUEST_KIND }))}`, { cookie: admin })).json()) as { id: number; recipient: string }[];
    expect(listed.map((row) => [row.id, row.recipient])).toEqual([[answer.mailID, 'vertrieb@nordstein.example']]);
  });

  it('writes the mail in the sender’s language and accepts empty values as N/A and any case of the addresses', async () => {
    const body = { ...(await requestBody(staff, 'Verkoop@Calcon.example')), SenderMail: 'STAFF@nordstein.example', Street2: '', Phone: '  ' };
    const response = await t.request('POST', SEND, { cookie: staff, body });
    expect(response.status).toBe(201);
    const [mail] = await outbox('staff');
    expect(mail.recipient).toBe('Verkoop@Calcon.example');
    expect(mail.subject).toBe('Neues Projekt angefragt von Stefan Planer (Nordstein Porenbeton GmbH)');
    expect(mail.body).toContain('Hallo Calcon Verkoop Nederland,');
    expect(mail.body).toContain('Adresse 2: N/A');
    expect(mail.body).toContain('Telefon: N/A');
  });

  it('refuses a sender user id other than the session’s (403) and another sender address (422)', async () => {
    const body = await requestBody(customer, 'vertrieb@nordstein.example');
    await expectErrorShape(await t.request('POST', SEND, { cookie: customer, body: { ...body, SenderUserID: userId.staff } }), 403);
    const messages = await expectErrorShape(await t.request('POST', SEND, { cookie: customer, body: { ...body, SenderMail: 'someone@else.example' } }), 422);
    expect(messages[0]).toMatchObject({ reference: 'SenderMail', key: 'MAIL.SalesOrgRequest.SenderMismatch', text: 'The sender must be the e-mail address of your account.' });
    expect(await outbox('customer')).toHaveLength(0);
  });

  it('refuses recipients that are not the contact mail of a sales organisation the user sees (no open relay)', async () => {
    const body = await requestBody(customer, 'vertrieb@nordstein.example');
    // CCL-UK's contact exists, but the customer is not linked to its tenant.
    for (const recipient of ['sales@ccl.example', 'anyone@example.com']) {
      const messages = await expectErrorShape(await t.request('POST', SEND, { cookie: customer, body: { ...body, RecipientMail: recipient } }), 422);
      expect(messages[0]).toMatchObject({ reference: 'RecipientMail', key: 'MAIL.SalesOrgRequest.UnknownRecipient' });
    }
    expect(await outbox('customer')).toHaveLength(0);
    // Staff of every tenant may write to CCL.
    expect((await t.request('POST', SEND, { cookie: staff, body: await requestBody(staff, 'sales@ccl.example') })).status).toBe(201);
  });

  it('validates the body: mails, lengths, types, required and unknown fields (400)', async () => {
    const body = await requestBody(customer, 'vertrieb@nordstein.example');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, RecipientMail: 'not-a-mail' }, 'RecipientMail'],
      [{ ...body, SenderMail: 'customer@' }, 'SenderMail'],
      [{ ...body, City: 'x'.repeat(201) }, 'City'],
      [{ ...body, SenderUserID: String(userId.customer) }, 'SenderUserID'],
      [{ ...body, SenderUserID: -1 }, 'SenderUserID'],
      [{ ...body, Company: 42 }, 'Company'],
      [{ ...body, Bcc: 'spy@example.com' }, 'Bcc'],
      [Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'Phone')), 'Phone'],
    ];
    for (const [payload, field] of cases) {
      const messages = await expectErrorShape(await t.request('POST', SEND, { cookie: customer, body: payload }), 400);
      expect(messages.some((message) => message.reference?.includes(field)), `${field}: ${JSON.stringify(messages)}`).toBe(true);
    }
    await expectErrorShape(await t.request('POST', SEND, { cookie: customer, raw: '{"SenderMail":' }), 400);
    await expectErrorShape(await t.request('POST', SEND, { cookie: customer, body: [body] }), 400);
    expect(await outbox('customer')).toHaveLength(0);
  });

  it('needs a session (401)', async () => {
    const body = await requestBody(customer, 'vertrieb@nordstein.example');
    await expectErrorShape(await t.request('POST', SEND, { body }), 401);
    expect(await outbox('customer')).toHaveLength(0);
  });

  it('allows five requests per user and hour; the sixth is 429 with Retry-After, older requests do not count', async () => {
    const body = await requestBody(customer, 'vertrieb@nordstein.example');
    for (let i = 0; i < 5; i++) expect((await t.request('POST', SEND, { cookie: customer, body })).status).toBe(201);
    const sixth = await t.request('POST', SEND, { cookie: customer, body });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const messages = await expectErrorShape(sixth, 429);
    expect(messages[0]).toMatchObject({ key: 'MAIL.SalesOrgRequest.TooMany' });
    expect(messages[0].text).toMatch(/^You have sent 5 requests within the last hour\. Please try again in \d+ minutes\.$/);
    expect(await outbox('customer')).toHaveLength(5);
    // Another user is not affected.
    expect((await t.request('POST', SEND, { cookie: staff, body: await requestBody(staff, 'vertrieb@nordstein.example') })).status).toBe(201);
    // An hour later the old requests no longer count.
    await t.db.update(mails).set({ createdAt: new Date(Date.now() - 61 * 60_000) }).where(eq(mails.userId, userId.customer));
    expect((await t.request('POST', SEND, { cookie: customer, body })).status).toBe(201);
  });
});
