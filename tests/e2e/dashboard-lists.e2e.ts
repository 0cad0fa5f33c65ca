import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

const baseURL = sharedBaseURL();
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface Project {
  id: number;
  title: string;
  projectUnitNo: string;
  tenantID: number;
  salesOrgID: number | null;
}

async function apiCount(page: Page, name: string): Promise<number> {
  const response = await page.request.get(`/api/data/planxchange/dashboard/${name}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

async function projects(page: Page, state: 'current' | 'closed', range = [0, 999]): Promise<{ rows: Project[]; total: number }> {
  const query = `filter=${encodeURIComponent(JSON.stringify({ state }))}&sort=${encodeURIComponent('["stateSince","DESC"]')}&range=${encodeURIComponent(JSON.stringify(range))}`;
  const response = await page.request.get(`/api/data/planxchange/projects?${query}`);
  expect(response.status()).toBe(200);
  return { rows: (await response.json()) as Project[], total: Number(response.headers()['content-range']?.split('/')[1]) };
}

async function toEnglish(page: Page) {
  const me = await (await page.request.get('/api/auth/me')).json();
  expect((await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'en' } })).status()).toBe(200);
}

const rowTitles = async (page: Page) => page.getByTestId('project-row').getByRole('link').allTextContents();

describe('dashboard', () => {
  it('shows the customer’s counters as the API counts them, links the panels, and reads them again on every visit', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const tasks = await apiCount(page, 'taskCount');
    const current = await apiCount(page, 'projectCount');
    expect(current).toBe((await projects(page, 'current')).total);

    await page.getByRole('heading', { name: 'Welcome, Kees Klant' }).waitFor();
    const taskPanel = page.getByTestId('panel-tasks');
    const projectPanel = page.getByTestId('panel-projects');
    await taskPanel.getByTestId('panel-count').waitFor();
    await projectPanel.getByTestId('panel-count').waitFor();
    expect(await taskPanel.getByTestId('panel-count').textContent()).toBe(String(tasks));
    expect(await projectPanel.getByTestId('panel-count').textContent()).toBe(String(current));
    await taskPanel.getByText('Pending tasks').waitFor();
    await page.getByTestId('panel-news').getByText('Nothing new').waitFor();
    expect(await taskPanel.getByRole('link').getAttribute('href')).toBe('/home/app/task-list');
    expect(await projectPanel.getByRole('link').getAttribute('href')).toBe('/home/app/current-projects-list');
    expect(await page.getByTestId('panel-news').getByRole('link').getAttribute('href')).toBe('/home/app/news');
    // Customers have no workflows: neither the panel nor the menu entry.
    expect(await page.getByTestId('panel-workflows').count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Workflows' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/dashboard-customer.png`, fullPage: true });

    await projectPanel.getByRole('link').click();
    await page.waitForURL('**/home/app/current-projects-list');
    await page.getByRole('heading', { name: 'Current projects', level: 1 }).waitFor();
    // Back on the dashboard, the counters are asked for again (no stale numbers).
    const again = page.waitForResponse((response) => response.url().endsWith('/dashboard/projectCount') && response.status() === 200);
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await again;

    await page.getByTestId('panel-news').getByRole('link').click();
    await page.waitForURL('**/home/app/news');
    await context.close();
  });

  it('shows the workflow panel to staff with the API’s count, and the menu entries', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    await toEnglish(page);
    await page.goto('/home/app/dash');
    const panel = page.getByTestId('panel-workflows');
    await panel.getByTestId('panel-count').waitFor();
    expect(await panel.getByTestId('panel-count').textContent()).toBe(String(await apiCount(page, 'workflowCount')));
    expect(await panel.getByRole('link').getAttribute('href')).toBe('/home/app/project/workflows');
    for (const [name, href] of [
      ['My tasks', '/home/app/task-list'],
      ['Current projects', '/home/app/current-projects-list'],
      ['Closed projects', '/home/app/closed-projects-list'],
      ['News', '/home/app/news'],
      ['Workflows', '/home/app/project/workflows'],
    ]) {
      expect(await page.getByRole('menuitem', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await page.screenshot({ path: `${SHOTS}/dashboard-staff.png`, fullPage: true });
    await context.close();
  });
});

describe('project lists as customer', () => {
  it('lists current projects without the closed one, closed ones apart, opens a project, and remembers the grid', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const current = await projects(page, 'current');
    expect(current.rows.map((row) => row.title)).toContain('Wohnpark Weserblick');

    await page.goto('/home/app/current-projects-list');
    await page.getByTestId('project-row').first().waitFor();
    // The table shows the API's projects in its order (state since, newest first).
    expect(await rowTitles(page)).toEqual(current.rows.map((row) => row.title));
    expect(await rowTitles(page)).not.toContain('Altbau Sanierung Mitte');
    const weserblick = page.getByTestId('project-row').filter({ hasText: 'Wohnpark Weserblick' });
    const project = current.rows.find((row) => row.title === 'Wohnpark Weserblick')!;
    await weserblick.getByText(project.projectUnitNo).waitFor();
    await weserblick.getByText('Structuring').waitFor();
    await weserblick.getByTestId('project-logo').waitFor();
    await page.getByText(`1-${current.total} of ${current.total}`).waitFor();
    await page.screenshot({ path: `${SHOTS}/current-table.png`, fullPage: true });

    // The grid view, remembered after a reload.
    await page.getByRole('button', { name: 'Grid' }).click();
    await page.getByTestId('project-card').first().waitFor();
    expect(await page.getByTestId('project-row').count()).toBe(0);
    await page.reload();
    await page.getByTestId('project-card').filter({ hasText: 'Wohnpark Weserblick' }).waitFor();
    expect(await page.getByTestId('project-card').count()).toBe(current.total);
    expect(await page.evaluate(() => localStorage.getItem('px.list.style'))).toBe('grid');
    await page.screenshot({ path: `${SHOTS}/current-grid.png`, fullPage: true });

    // A card opens the project.
    await page.getByTestId('project-card').filter({ hasText: 'Wohnpark Weserblick' }).click();
    await page.waitForURL(`**/home/app/project/details/${project.id}`);

    // The closed list: the same view style, only the closed project.
    await page.goto('/home/app/closed-projects-list');
    const closedCard = page.getByTestId('project-card').filter({ hasText: 'Altbau Sanierung Mitte' });
    await closedCard.getByText('Closed').waitFor();
    expect(await page.getByTestId('project-card').count()).toBe((await projects(page, 'closed')).total);
    await page.getByRole('button', { name: 'Table' }).click();
    const closedRow = page.getByTestId('project-row').filter({ hasText: 'Altbau Sanierung Mitte' });
    await closedRow.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('px.list.style'))).toBe('table');
    await page.screenshot({ path: `${SHOTS}/closed-table.png`, fullPage: true });
    const closed = (await projects(page, 'closed')).rows.find((row) => row.title === 'Altbau Sanierung Mitte')!;
    await closedRow.getByRole('cell').last().click();
    await page.waitForURL(`**/home/app/project/details/${closed.id}`);
    await context.close();
  });

  it('shows cards on a phone even when the table was chosen, without the toggle, and no sideways scrolling', async () => {
    const context = await newContext(browser, baseURL, 'en-US', { width: 390, height: 844 });
    const page = await context.newPage();
    await login(page, 'customer');
    await page.evaluate(() => localStorage.setItem('px.list.style', 'table'));
    await page.goto('/home/app/current-projects-list');
    await page.getByTestId('project-card').filter({ hasText: 'Wohnpark Weserblick' }).waitFor();
    expect(await page.getByTestId('project-row').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Grid' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/current-mobile.png`, fullPage: true });
    await context.close();
  });

  it('says so when there are no closed projects', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'partner');
    await toEnglish(page);
    expect((await projects(page, 'closed')).total).toBe(0);
    await page.goto('/home/app/closed-projects-list');
    await page.getByTestId('projects-empty').getByText('No closed projects').waitFor();
    await page.getByText('You have no closed or archived projects.').waitFor();
    await page.screenshot({ path: `${SHOTS}/closed-empty.png`, fullPage: true });
    await context.close();
  });
});

describe('paging', () => {
  it('keeps the zero-based page parameter in sync and deep links to a page; the page size is shared', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'staff');
    await toEnglish(page);
    // Enough current projects for two pages of ten (root projects are never deleted; staff are their only members).
    const { rows: existing } = await projects(page, 'current');
    const template = existing.find((row) => row.title === 'Wohnpark Weserblick')!;
    for (let i = existing.length; i < 13; i++) {
      const response = await page.request.post('/api/data/planxchange/projects', {
        data: { parentProjectUnitID: null, projectUnitType: 'project', tenantID: template.tenantID, salesOrgID: template.salesOrgID, country: 'de', title: `Listentest ${i}` },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    const all = await projects(page, 'current');
    expect(all.total).toBeGreaterThan(10);

    await page.goto('/home/app/current-projects-list');
    await page.getByTestId('project-row').first().waitFor();
    expect(await page.getByTestId('project-row').count()).toBe(Math.min(20, all.total));
    await page.getByRole('combobox').click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await page.getByText(`1-10 of ${all.total}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('px.list.pageSize'))).toBe('10');
    expect(new URL(page.url()).searchParams.get('page')).toBe('0');

    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '1');
    await page.getByText(`11-${all.total} of ${all.total}`).waitFor();
    await page.getByTestId('project-row').getByRole('link', { name: all.rows[10].title, exact: true }).waitFor();
    expect(await rowTitles(page)).toEqual(all.rows.slice(10).map((row) => row.title));
    // Browser history goes back to the first page.
    await page.goBack();
    await page.getByText(`1-10 of ${all.total}`).waitFor();
    await page.getByTestId('project-row').getByRole('link', { name: all.rows[0].title, exact: true }).waitFor();
    expect(await rowTitles(page)).toEqual(all.rows.slice(0, 10).map((row) => row.title));

    // A deep link in a fresh tab opens the second page with the stored page size.
    const second = await context.newPage();
    await second.goto('/home/app/current-projects-list?page=1');
    await second.getByText(`11-${all.total} of ${all.total}`).waitFor();
    expect(await rowTitles(second)).toEqual(all.rows.slice(10).map((row) => row.title));
    // A page beyond the end shows the last page.
    await second.goto('/home/app/current-projects-list?page=7');
    await second.waitForURL((url) => url.searchParams.get('page') === '1');
    await second.getByText(`11-${all.total} of ${all.total}`).waitFor();
    await second.getByTestId('project-row').getByRole('link', { name: all.rows[10].title, exact: true }).waitFor();
    expect(await rowTitles(second)).toEqual(all.rows.slice(10).map((row) => row.title));
    await second.screenshot({ path: `${SHOTS}/current-page-2.png`, fullPage: true });

    // The refresh button reads the list again.
    const reread = second.waitForResponse((response) => response.url().includes('/api/data/planxchange/projects?') && response.status() === 200);
    await second.getByRole('button', { name: 'Refresh' }).click();
    await reread;

    await context.close();
  });
});

describe('news', () => {
  it('shows a title and the no-news message', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    await page.getByRole('menuitem', { name: 'News' }).click();
    await page.waitForURL('**/home/app/news');
    await page.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    await page.getByTestId('news-empty').getByText('No news at the moment').waitFor();
    await page.screenshot({ path: `${SHOTS}/news.png`, fullPage: true });
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.waitForURL('**/home/app/dash');
    await context.close();
  });
});

describe('request a new project from a sales organisation', () => {
  it('shows what will be sent, queues the mail and says so', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    const card = page.getByTestId('salesorg-card').filter({ hasText: 'Nordstein Vertrieb Deutschland' });
    await card.getByRole('button', { name: 'Request a new project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a new project' });
    const fields = dialog.getByTestId('salesorg-request-fields');
    await fields.getByText('vertrieb@nordstein.example').waitFor();
    for (const value of ['Kees', 'Klant', 'Bouwbedrijf Van Dijk B.V.', 'Havenweg 12', 'N/A', '3011 AB', 'Rotterdam', '+31 10 555 1200', 'customer@bouwbedrijf.example']) {
      await fields.getByText(value, { exact: true }).waitFor();
    }
    await page.screenshot({ path: `${SHOTS}/salesorg-request.png` });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByText('Your request was sent to Nordstein Vertrieb Deutschland.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const adminContext = await newContext(browser, baseURL);
    const admin = await adminContext.newPage();
    await login(admin, 'admin');
    const filter = encodeURIComponent(JSON.stringify({ kind: 'salesorg-request' }));
    const mails = (await (await admin.request.get(`/api/data/planxchange/mails?filter=${filter}`)).json()) as { recipient: string; subject: string; body: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe('vertrieb@nordstein.example');
    expect(mails[0].subject).toBe('New project requested by Kees Klant (Bouwbedrijf Van Dijk B.V.)');
    expect(mails[0].body).toContain('Address 2: N/A');
    expect(mails[0].body).toContain('E-mail: customer@bouwbedrijf.example');
    await adminContext.close();

    // A refusal (here the hourly limit) is shown with the server's message.
    for (let i = 0; i < 4; i++) {
      const me = await (await page.request.get('/api/data/planxchange/profile')).json();
      const body = {
        SenderMail: me.data.user.email, RecipientMail: 'vertrieb@nordstein.example', SenderUserID: me.data.user.userID,
        FirstName: 'Kees', LastName: 'Klant', Company: 'N/A', Street1: 'N/A', Street2: 'N/A', ZIP: 'N/A', City: 'N/A', Phone: 'N/A',
      };
      expect((await page.request.post('/api/data/planxchange/email/send', { data: body })).status()).toBe(201);
    }
    await card.getByRole('button', { name: 'Request a new project' }).click();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await page.getByText(/You have sent 5 requests within the last hour/).waitFor();
    await dialog.waitFor();
    await context.close();
  });
});
