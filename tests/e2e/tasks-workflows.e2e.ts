import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../src/domain/tasks';
import type { WorkflowNotification, WorkflowRow } from '../../src/domain/workflowPage';
import { launchBrowser, login, newContext } from './browser';
import { startIsolatedServer } from './isolated-server';

// Reads demo state other journeys change (seeded tasks, escalations, the outbox, the configurer's account):
// its own server with a fresh demo database.
let baseURL = '';
let server: Awaited<ReturnType<typeof startIsolatedServer>> | undefined;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-tasks';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  server = await startIsolatedServer();
  baseURL = server.baseURL;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const detailsPath = (unit: { rootProjectUnitID: number; projectUnitID: number }) =>
  unit.projectUnitID === unit.rootProjectUnitID ? `/home/app/project/details/${unit.rootProjectUnitID}` : `/home/app/project/details/${unit.rootProjectUnitID}/${unit.projectUnitID}`;

async function apiTasks(page: Page): Promise<Task[]> {
  const response = await page.request.get('/api/tasks');
  expect(response.status()).toBe(200);
  return (await response.json()) as Task[];
}

describe('My Tasks as customer', () => {
  it('lists the tasks of the API, remembers grid view and page size, explains a task and opens its project', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const tasks = await apiTasks(page);
    expect(tasks.length).toBeGreaterThan(1);

    // The screen asks the server for one page (range and sort), never for every task.
    const listRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/tasks');
    await page.goto('/home/app/task-list');
    const asked = new URL((await listRequest).url()).searchParams;
    expect(JSON.parse(asked.get('range')!)).toEqual([0, 19]);
    expect(JSON.parse(asked.get('sort')!)).toEqual(['changedOn', 'DESC']);
    const rows = page.getByTestId('task-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(tasks.length);
    const first = rows.first();
    for (const text of [tasks[0].projectUnitNo, tasks[0].rootUnitTitle]) expect(await first.innerText()).toContain(text);
    await page.getByText(`${tasks.length} open tasks`).waitFor();
    await page.getByText(`1-${tasks.length} of ${tasks.length}`).waitFor();
    await page.getByRole('link', { name: 'Download the manual (PDF)' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download the manual (PDF)' }).getAttribute('href')).toBe('/manuals/manual_for_reviewer_de.pdf');
    await page.screenshot({ path: `${SHOTS}/tasks-table.png`, fullPage: true });

    // Grid view, still there after a reload.
    await page.getByRole('button', { name: 'Grid' }).click();
    await page.getByTestId('task-card').first().waitFor();
    await page.reload();
    await page.getByTestId('task-card').first().waitFor();
    expect(await page.getByTestId('task-card').count()).toBe(tasks.length);
    expect(await page.getByTestId('task-row').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/tasks-grid.png`, fullPage: true });
    await page.getByRole('button', { name: 'Table' }).click();
    await rows.first().waitFor();

    // Page size 10, shared through local storage, kept after a reload.
    await page.getByRole('combobox').click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    expect(await page.evaluate(() => window.localStorage.getItem('px.list.pageSize'))).toBe('10');
    await page.reload();
    await rows.first().waitFor();
    expect(await page.getByRole('combobox').innerText()).toBe('10');

    // The info icon explains the order task without leaving the page; "Go to project" opens the lot.
    const order = tasks.find((task) => task.taskKey === 'PlaceOrder')!;
    const orderRow = rows.filter({ hasText: order.unitTitle });
    await orderRow.getByTestId('task-info').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Place the order').waitFor();
    await dialog.getByText('Fill in the order table', { exact: false }).waitFor();
    await dialog.getByText('the order table becomes read-only', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/app/task-list');
    await page.screenshot({ path: `${SHOTS}/task-dialog-placeorder.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The state link opens the generic explanation of another task.
    const review = tasks.find((task) => task.taskKey === 'ReviewDrawings')!;
    await rows.filter({ has: page.getByText(review.unitTitle, { exact: true }) }).getByTestId('task-state').click();
    await dialog.getByText('The drawings of this approval lot are ready for your review', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/task-dialog-generic.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await orderRow.getByTestId('task-info').click();
    await Promise.all([page.waitForURL((url) => url.pathname === detailsPath(order)), dialog.getByRole('button', { name: 'Go to project' }).click()]);

    // The search is the server's: a project's title leaves that project's tasks, kept in the address; then none.
    await page.goto('/home/app/task-list');
    const project = tasks[0].rootUnitTitle;
    const ofProject = tasks.filter((task) => [task.projectUnitNo, task.unitTitle, task.rootUnitTitle].some((text) => text.toLowerCase().includes(project.toLowerCase())));
    const searched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tasks' && (response.url().includes('%22q%22') || response.url().includes('"q"')));
    await page.getByTestId('task-search').fill(project);
    await searched;
    await page.getByText(`${ofProject.length} open task`).waitFor();
    expect(await rows.count()).toBe(ofProject.length);
    expect(new URL(page.url()).searchParams.get('q')).toBe(project);
    await page.screenshot({ path: `${SHOTS}/tasks-search.png`, fullPage: true });
    await page.getByTestId('task-search').fill('no such project');
    await page.getByTestId('tasks-no-match').waitFor();
    await page.getByTestId('task-search').fill('');
    await page.getByText(`${tasks.length} open tasks`).waitFor();

    // A row opens its unit (a root task its project).
    await page.goto('/home/app/task-list');
    const root = tasks.find((task) => task.projectUnitID === task.rootProjectUnitID)!;
    await Promise.all([page.waitForURL((url) => url.pathname === detailsPath(root)), rows.filter({ hasText: root.projectUnitNo }).first().getByText('Whole project').click()]);

    // The Workflows page is not for customers.
    await page.goto('/home/app/project/workflows');
    await page.getByText('Workflows are not available').waitFor();
    expect((await page.request.get('/api/data/planxchange/workflow-rows')).status()).toBe(403);
    await context.close();
  });

  it('on a phone: cards only (whatever the stored style), no sideways scrolling, and the list still opens', async () => {
    const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await login(page, 'customer');
    await page.evaluate(() => window.localStorage.setItem('px.list.style', 'table'));
    await page.goto('/home/app/task-list');
    await page.getByTestId('task-card').first().waitFor();
    expect(await page.getByTestId('task-row').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Grid' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/tasks-phone.png`, fullPage: true });
    await context.close();
  });
});

describe('My Tasks without tasks', () => {
  it('the configurer (no project roles) sees the empty state', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'configurer');
    expect(await apiTasks(page)).toEqual([]);
    await page.goto('/home/app/task-list');
    const empty = page.getByTestId('tasks-empty');
    await empty.waitFor();
    // The configurer works in German.
    expect(await empty.innerText()).toContain('Keine offenen Aufgaben');
    expect(await page.getByTestId('task-row').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/tasks-empty.png`, fullPage: true });
    await context.close();
  });
});

describe('Workflows as staff', () => {
  it('shows the seeded escalation with its rule text and the delivery notifications; a row opens the unit', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    const escalations = (await (await page.request.get('/api/data/planxchange/workflow-rows')).json()) as WorkflowRow[];
    const notifications = (await (await page.request.get('/api/data/planxchange/workflow-notifications')).json()) as WorkflowNotification[];
    expect(escalations.length).toBeGreaterThan(0);
    expect(notifications.length).toBeGreaterThan(0);

    await page.goto('/home/app/project/workflows');
    const rowsCard = page.getByTestId('workflow-rows');
    const notificationsCard = page.getByTestId('workflow-notifications');
    await rowsCard.getByText(escalations[0].title).first().waitFor();
    // Staff work in German: the rule text comes in German.
    const escalation = escalations.find((row) => row.ruleKey === 'ReviewOverdue')!;
    await rowsCard.getByText('Vorabzeichnungen nicht innerhalb von 5 Arbeitstagen geprüft').waitFor();
    expect(await rowsCard.locator('tbody tr').count()).toBe(Math.min(5, escalations.length));
    await rowsCard.getByText(`1-${Math.min(5, escalations.length)} von ${escalations.length}`).waitFor();

    const newest = notifications[0];
    await notificationsCard.getByText(newest.root).first().waitFor();
    const newestRow = notificationsCard.locator('tbody tr').first();
    const text = await newestRow.innerText();
    for (const part of [newest.rootNo, newest.approvalLot, newest.username, newest.materialData[0].type]) expect(text).toContain(part);
    expect(await newestRow.getByTestId('material-line').count()).toBe(newest.materialData.length);
    expect(text).toMatch(/\d+(,\d+)? m³/);
    await page.screenshot({ path: `${SHOTS}/workflows.png`, fullPage: true });

    await Promise.all([
      page.waitForURL((url) => url.pathname === detailsPath(escalation)),
      rowsCard.locator('tbody tr').filter({ hasText: 'Vorabzeichnungen nicht innerhalb' }).locator('td').nth(1).click(),
    ]);
    await context.close();
  });
});
