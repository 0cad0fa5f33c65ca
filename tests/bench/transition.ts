// Workflow transitions as users see them (issue #21): from the click on Confirm until the dialog has closed and the
// tasks have followed — on the demo project Wohnpark Weserblick the customer's "Structuring finished" (from the
// structure page back to the project without its task), then the sales planner's "Ready for contract" (the card shows
// the next step) and "Start planning process" (the card goes). Target ≤ 500 ms each. Part of `npm run bench` (pages);
// alone: `npx tsx tests/bench/transition.ts`.
import type { Browser, Page } from 'playwright-core';
import { login, newContext } from '../e2e/browser.js';
import { inChromium, runWhenMain } from './chromium-app.js';

const TARGET_MS = 500;

/** Clicks the card's action, confirms it and returns the milliseconds until `done` holds with the dialog closed. */
async function transition(page: Page, action: string, done: () => Promise<unknown>): Promise<number> {
  const card = page.getByTestId('tasks-card');
  await card.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await confirm.waitFor();
  const started = performance.now();
  await confirm.click();
  await Promise.all([dialog.waitFor({ state: 'detached' }), done()]);
  return performance.now() - started;
}

async function signIn(browser: Browser, base: string, user: string): Promise<Page> {
  const context = await newContext(browser, base);
  const page = await context.newPage();
  await login(page, user);
  const me = await (await page.request.get('/api/auth/me')).json();
  await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'en' } });
  return page;
}

/** Opens the project of the caller's task on `title` from the task list. */
async function openFromTaskList(page: Page, title: string): Promise<void> {
  await page.goto('/home/app/task-list');
  await page.getByTestId('task-row').filter({ hasText: title }).first().getByRole('cell').first().click();
  await page.waitForURL(/\/project\/details\/\d+$/);
  await page.getByTestId('tasks-card').waitFor();
}

export async function transitionBenchmark(): Promise<void> {
  await inChromium('Workflow transitions in Chromium', async (browser, base) => {
    const customer = await signIn(browser, base, 'customer');
    await openFromTaskList(customer, 'Wohnpark Weserblick');
    const details = customer.url();
    await customer.getByTestId('tasks-card').getByRole('button', { name: 'Structuring finished', exact: true }).click();
    await customer.waitForURL('**/project/structure/**');
    await customer.getByTestId('finish-structure').click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).waitFor();
    const clicked = performance.now();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await customer.waitForURL(details);
    await Promise.all([dialog.waitFor({ state: 'detached' }), customer.getByTestId('tasks-card').waitFor({ state: 'detached' })]);
    const structured = performance.now() - clicked;
    await customer.context().close();

    const staff = await signIn(browser, base, 'staff');
    await openFromTaskList(staff, 'Wohnpark Weserblick');
    const card = staff.getByTestId('tasks-card');
    const validated = await transition(staff, 'Ready for contract', () => card.getByRole('button', { name: 'Start planning process', exact: true }).waitFor());
    const started = await transition(staff, 'Start planning process', () => card.waitFor({ state: 'detached' }));
    await staff.context().close();
    const worst = Math.max(structured, validated, started);
    console.log(
      `\nWorkflow transitions (Confirm → dialog closed, tasks updated): "Structuring finished" ${structured.toFixed(0)} ms, ` +
        `"Ready for contract" ${validated.toFixed(0)} ms, "Start planning process" ${started.toFixed(0)} ms — ` +
        `target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}`,
    );
  });
}

runWhenMain(import.meta.url, transitionBenchmark);
