import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../server/db/schema.js';
import { deliverDueMails, retryDelayMs, type MailTransport } from '../../server/services/mail-delivery.js';
import { queueMail } from '../../server/services/mail-outbox.js';
import { createTestContext, type TestContext } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

class FakeTransport implements MailTransport {
  sent: { to: string; subject: string }[] = [];
  failures = 0;
  async sendMail(mail: { from: string; to: string; subject: string; text: string }) {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('421 Service not available');
    }
    this.sent.push({ to: mail.to, subject: mail.subject });
  }
}

describe('mail delivery', () => {
  it('backs off 1, 2, 4 … minutes, at most 12 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(720 * 60_000);
  });

  it('sends queued mails, keeps failures queued with the error and a later attempt, sends them on retry', async () => {
    const id = await queueMail(t.db, { kind: 'test', recipient: 'a@b.example', subject: 'Hello', body: 'Text', sender: { system: 'scheduler' } });
    const transport = new FakeTransport();
    transport.failures = 1;
    // The seed's welcome mail and this one are due; the first attempt fails for one of them.
    const first = await deliverDueMails(t.db, transport, 'noreply@portal.example');
    expect(first.failed).toBe(1);
    const [failed] = (await t.db.select().from(mails)).filter((mail) => mail.status === 'queued');
    expect(failed).toMatchObject({ attempts: 1, lastError: '421 Service not available' });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due yet: nothing happens; once due, it goes out.
    expect(await deliverDueMails(t.db, transport, 'noreply@portal.example')).toEqual({ sent: 0, failed: 0 });
    await t.db.update(mails).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mails.id, failed.id));
    expect((await deliverDueMails(t.db, transport, 'noreply@portal.example')).sent).toBe(1);
    const [row] = await t.db.select().from(mails).where(eq(mails.id, id));
    expect(row.status).toBe('sent');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(transport.sent.map((mail) => mail.subject)).toContain('Hello');
  });
});
