import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../api/webhook-receiver';
import { isolatedJourney } from './isolated-server';

// The administrator registers a receiver, a customer places an order, the admin sees it delivered. The local
// receiver needs loopback allowed; the journey places the demo order, so it runs on its own server.
const SHOTS = '/tmp/shots-webhooks';
const { signIn } = isolatedJourney(SHOTS, { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_INTERVAL_MS: '200' });
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver(204);
});
afterAll(async () => receiver?.close());

interface Unit {
  id: number;
  title: string;
  rootProjectUnitID: number;
}

async function aacLot(page: Page): Promise<Unit> {
  const found = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ q: 'Wandelemente Bauabschnitt 1' }))}`)).json()) as Unit[];
  return found[0];
}

describe('webhooks', () => {
  it('an administrator adds a webhook, a customer places an order, the admin sees the delivery succeeded', async () => {
    const admin = await signIn('admin');
    await admin.setViewportSize({ width: 1440, height: 900 });
    // The demo endpoint and its history are listed.
    await admin.goto('/home/app/admin/webhooks');
    await admin.getByText('https://erp.nordstein.example/planxchange/webhooks').waitFor();
    await admin.getByRole('link', { name: 'Create' }).click();

    await admin.getByRole('combobox', { name: 'Tenant' }).click();
    await admin.getByRole('option', { name: 'Nordstein Porenbeton', exact: true }).click();
    await admin.getByLabel('Receiver URL').fill('ftp://erp.example/hooks');
    await admin.getByLabel('Receiver URL').blur();
    await admin.getByText('Enter an absolute http or https address').waitFor();
    await admin.getByLabel('Receiver URL').fill(receiver.url);
    await admin.getByLabel('Description').fill('Order intake (journey)');
    // "Order placed" is preselected; add every state change too.
    await admin.getByLabel('Any state change').check();
    await admin.screenshot({ path: `${SHOTS}/create-1440.png`, fullPage: true });
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(receiver.url).waitFor();
    await admin.screenshot({ path: `${SHOTS}/list-1440.png`, fullPage: true });

    // The secret for the receiver, from the endpoint's page.
    await admin.getByText(receiver.url).click();
    await admin.getByRole('button', { name: 'Show' }).click();
    const secret = (await admin.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await admin.screenshot({ path: `${SHOTS}/edit-1440.png`, fullPage: true });

    // The customer places the demo AAC order.
    const customer = await signIn('customer');
    const lot = await aacLot(customer);
    await customer.goto(`/home/app/project/aac-order/${lot.rootProjectUnitID}/${lot.id}`);
    await customer.getByTestId('place-order').click();
    await customer.getByTestId('place-order-confirm').click();
    await expect.poll(() => customer.getByTestId('place-order').count()).toBe(0);

    // The receiver got the signed order with its lines.
    await receiver.waitFor(2);
    const order = receiver.received.find((request) => request.json.type === 'order.placed')!;
    const verified = new Webhook(secret).verify(order.body, order.headers as Record<string, string>) as { data: { lines: unknown[]; projectUnitID: number } };
    expect(verified.data.projectUnitID).toBe(lot.id);
    expect(verified.data.lines.length).toBeGreaterThan(0);

    // The admin sees both deliveries succeeded, and the order's attempt and payload (the list shows what is stored
    // when it loads, so wait until the dispatcher has recorded the receiver's answers).
    await expect
      .poll(async () => {
        const response = await admin.request.get(`/api/data/planxchange/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ status: 'succeeded' }))}&range=[0,99]`);
        return ((await response.json()) as { endpointUrl: string }[]).filter((delivery) => delivery.endpointUrl === receiver.url).length;
      }, { timeout: 15_000 })
      .toBe(2);
    await admin.goto('/home/app/admin/webhook-deliveries');
    const orderRow = admin.locator('tr', { hasText: 'Order placed' }).filter({ hasText: receiver.url });
    await orderRow.waitFor();
    expect(await orderRow.getByTestId('delivery-status').textContent()).toBe('Delivered');
    await admin.screenshot({ path: `${SHOTS}/deliveries-1440.png`, fullPage: true });
    await orderRow.click();
    await admin.getByTestId('attempt-log').getByText('HTTP 204').waitFor();
    await admin.getByText(order.headers['webhook-id'] as string, { exact: true }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/delivery-1440.png`, fullPage: true });

    // Deliver again: the receiver gets the same idempotency id once more.
    const before = receiver.received.length;
    await admin.getByRole('button', { name: 'Deliver again' }).click();
    await receiver.waitFor(before + 1);
    expect(receiver.received[before].headers['webhook-id']).toBe(order.headers['webhook-id']);

    // The contract's reference page renders from the portal's own files under its CSP (no outside requests).
    const outside: string[] = [];
    admin.on('request', (request) => {
      if (/^(https?|wss?):/.test(request.url()) && !request.url().startsWith(new URL(admin.url()).origin)) outside.push(request.url());
    });
    const errors: string[] = [];
    admin.on('pageerror', (error) => errors.push(error.message));
    await admin.goto('/api/docs');
    await admin.getByText('planXchange API', { exact: false }).first().waitFor();
    await admin.screenshot({ path: `${SHOTS}/api-docs-1440.png` });
    // Operations are listed (Swagger UI renders the tags progressively, so only the first ones count here).
    await expect.poll(() => admin.locator('.opblock').count()).toBeGreaterThan(10);
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);

    // The failed demo delivery shows its attempts; the small screen still reads.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto(`/home/app/admin/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`);
    await admin.locator('tr', { hasText: 'Delivery fixed' }).first().click();
    await admin.getByTestId('attempt-log').getByText('ECONNREFUSED').first().waitFor();
    await admin.screenshot({ path: `${SHOTS}/failed-390.png`, fullPage: true });
  });
});
