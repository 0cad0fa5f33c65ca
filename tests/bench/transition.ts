// A workflow transition as staff see it (issue #21): from the click on Confirm in the tasks card's dialog until the
// dialog has closed and the card shows the next step — "Ready for contract", then "Start planning process" on the
// demo project Gewerbehof Nord (PendingValidation). Target ≤ 500 ms each. Part of `npm run bench` (pages);
// alone: `npx tsx tests/bench/transition.ts`.
import type { Page } from 'playwright-core';
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

export async function transitionBenchmark(): Promise<void> {
  await inChromium('Workflow transition in Chromium', async (browser, base) => {
    const context = await newContext(browser, base);
    const page = await context.newPage();
    await login(page, 'staff');
    const me = await (await page.request.get('/api/auth/me')).json();
    await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'en' } });
    await page.goto('/home/app/task-list');
    await page.getByTestId('task-row').filter({ hasText: 'Gewerbehof Nord' }).first().getByRole('cell').first().click();
    await page.waitForURL(/\/project\/details\/\d+$/);
    const card = page.getByTestId('tasks-card');
    await card.getByText('Validate the project').waitFor();
    const validated = await transition(page, 'Ready for contract', () => card.getByRole('button', { name: 'Start planning process', exact: true }).waitFor());
    const started = await transition(page, 'Start planning process', () => card.waitFor({ state: 'detached' }));
    await context.close();
    const worst = Math.max(validated, started);
    console.log(
      `\nWorkflow transition (Confirm → dialog closed, tasks updated): "Ready for contract" ${validated.toFixed(0)} ms, ` +
        `"Start planning process" ${started.toFixed(0)} ms — target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}`,
    );
  });
}

runWhenMain(import.meta.url, transitionBenchmark);
