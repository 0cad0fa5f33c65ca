import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newContext, sharedBaseURL } from './browser';

// Reads only: the help centre changes no demo data. The customer's language is set back to English at the end.
const baseURL = sharedBaseURL();
const SHOTS = '/tmp/shots-help';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => browser?.close());

async function setLanguage(page: Page, languageKey: 'en' | 'de' | 'nl') {
  const me = await (await page.request.get('/api/auth/me')).json();
  expect((await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey } })).status()).toBe(200);
}

async function rootId(page: Page, title: string): Promise<number> {
  const roots = (await (await page.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent('{"parentProjectUnitID":null}')}`)).json()) as { id: number; title: string }[];
  const root = roots.find((candidate) => candidate.title === title);
  expect(root, title).toBeDefined();
  return root!.id;
}

const article = (page: Page) => page.getByTestId('help-article');
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('help pages as customer', () => {
  it('leads from a task help dialog, the help menu and the task list to guides in en, de and nl', async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    await login(page, 'customer');
    await setLanguage(page, 'en');
    try {
      // The structuring task on Wohnpark Weserblick: its help dialog leads to the structuring guide.
      const weserblick = await rootId(page, 'Wohnpark Weserblick');
      await page.goto(`/home/app/project/details/${weserblick}`);
      const card = page.getByTestId('tasks-card');
      await card.getByText('Structure the project').waitFor();
      const dialog = page.getByRole('dialog', { name: 'Structuring the project' });
      // Once, on a busy machine (a clean-clone run, 2026-11-29), the dialog did not open for 30 s after the click; the
      // cause was not found (see the session note). A second click after 10 s keeps the journey's subject — the help
      // that the dialog leads to — and a click lost twice still fails.
      await card.getByRole('button', { name: 'Help' }).click();
      if (!(await dialog.waitFor({ timeout: 10_000 }).then(() => true, () => false))) {
        console.warn('help journey: the task help dialog did not open on the first click');
        await card.getByRole('button', { name: 'Help' }).click();
        await dialog.waitFor();
      }
      await page.screenshot({ path: `${SHOTS}/01-task-help-dialog.png` });
      await dialog.getByRole('link', { name: 'Open help page' }).click();
      await page.waitForURL('**/home/app/help/structuring');
      await article(page).getByRole('heading', { level: 1, name: 'Structuring a project' }).waitFor();
      await article(page).getByText('A subproject holds at most 350 m³ in total').waitFor();
      expect(await article(page).getByTestId('help-steps').getByRole('listitem').count()).toBe(6);
      const links = page.getByTestId('help-app-links');
      expect(await links.getByRole('link', { name: 'Back to the project' }).getAttribute('href')).toBe(`/home/app/project/details/${weserblick}`);
      expect(await links.getByRole('link', { name: 'Project structure' }).getAttribute('href')).toBe(`/home/app/project/structure/${weserblick}`);
      await shot(page, '02-structuring-en');

      // The side list moves between topics; review-drawings offers the manual (German for English).
      await page.getByTestId('help-topic-nav').getByRole('link', { name: 'Reviewing drawings' }).click();
      await page.waitForURL('**/home/app/help/review-drawings');
      await article(page).getByRole('heading', { level: 1, name: 'Reviewing drawings' }).waitFor();
      expect(await page.getByTestId('help-manual-link').getAttribute('href')).toBe('/manuals/manual_for_reviewer_de.pdf');
      expect((await page.request.get('/manuals/manual_for_reviewer_de.pdf')).status()).toBe(200);
      await shot(page, '03-review-drawings-en');
      await links.getByRole('link', { name: 'Back to the project' }).click();
      await page.waitForURL(`**/home/app/project/details/${weserblick}`);

      // The top bar's help menu opens the topic list (the bar hides while the page is scrolled down).
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('header').getByRole('button', { name: 'Help', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Help topics' }).click();
      await page.waitForURL('**/home/app/help');
      await page.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
      expect(await page.getByTestId('help-topic-card').count()).toBe(6);
      expect(await page.getByTestId('help-manual-link').getAttribute('href')).toBe('/manuals/manual_for_reviewer_de.pdf');
      await shot(page, '04-topic-list-en');
      await page.getByTestId('help-topic-card').filter({ hasText: 'Ordering AAC elements and lintels' }).click();
      await article(page).getByText('A truck carries 28 to 32 pallets').waitFor();
      await shot(page, '05-ordering-en');

      // An unknown topic shows the list with a notice.
      await page.goto('/home/app/help/no-such-topic');
      await page.getByTestId('help-unknown-topic').getByText('There is no help page "no-such-topic"').waitFor();
      expect(await page.getByTestId('help-topic-card').count()).toBe(6);
      await shot(page, '06-unknown-topic');

      // German, chosen on the profile page: the guide and the manual follow.
      await page.goto('/home/app/profile');
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'German' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Ihre Einstellungen wurden gespeichert').waitFor();
      await page.goto('/home/app/help/structuring');
      await article(page).getByRole('heading', { level: 1, name: 'Ein Projekt strukturieren' }).waitFor();
      await article(page).getByRole('heading', { level: 2, name: 'So gehen Sie vor' }).waitFor();
      await article(page).getByText('Ein Teilprojekt umfasst höchstens 350 m³').waitFor();
      await shot(page, '07-structuring-de');
      await page.goto('/home/app/help/upload');
      await article(page).getByText('Jede Datei darf bis zu 50 MB groß sein').waitFor();
      await page.goto('/home/app/help/review-drawings');
      await article(page).getByRole('heading', { level: 1, name: 'Zeichnungen prüfen' }).waitFor();
      expect(await page.getByTestId('help-manual-link').getAttribute('href')).toBe('/manuals/manual_for_reviewer_de.pdf');
      await shot(page, '08-review-drawings-de');

      // Dutch: the guide in Dutch and the Dutch manual.
      await setLanguage(page, 'nl');
      await page.goto('/home/app/help/review-drawings');
      await article(page).getByRole('heading', { level: 1, name: 'Tekeningen beoordelen' }).waitFor();
      await article(page).getByRole('heading', { level: 2, name: 'Wat er daarna gebeurt' }).waitFor();
      expect(await page.getByTestId('help-manual-link').getAttribute('href')).toBe('/manuals/manual_for_reviewer_nl.pdf');
      expect((await page.request.get('/manuals/manual_for_reviewer_nl.pdf')).status()).toBe(200);
      await shot(page, '09-review-drawings-nl');

      // My tasks: the help card leads to the topic list, the task-info dialog to the task's guide.
      await page.goto('/home/app/task-list');
      await page.getByTestId('task-help').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/10a-task-help-card-nl.png` });
      await page.getByTestId('task-help').getByRole('link', { name: 'Helponderwerpen' }).click();
      await page.getByRole('heading', { level: 1, name: 'Helpcentrum' }).waitFor();
      await shot(page, '10-topic-list-nl');
      await page.goBack();
      await page.getByTestId('task-row').filter({ hasText: 'Tekeningen beoordelen' }).first().getByTestId('task-info').click();
      await page.getByRole('dialog').getByRole('link', { name: 'Helppagina openen' }).waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in
      await page.screenshot({ path: `${SHOTS}/10b-task-info-dialog-nl.png` });
      await page.getByRole('dialog').getByRole('link', { name: 'Helppagina openen' }).click();
      await page.waitForURL('**/home/app/help/review-drawings');
      await article(page).getByRole('heading', { level: 1, name: 'Tekeningen beoordelen' }).waitFor();
      expect(await article(page).textContent()).not.toMatch(/%\{|HELP\./);
      await shot(page, '11-from-task-info-nl');

      // On a narrow screen the side column moves below the guide.
      await page.setViewportSize({ width: 760, height: 1000 });
      await page.goto('/home/app/help/ordering');
      await article(page).getByRole('heading', { level: 1, name: 'Cellenbeton-elementen en lateien bestellen' }).waitFor();
      await shot(page, '12-ordering-nl-narrow');
    } finally {
      await setLanguage(page, 'en');
      await context.close();
    }
  });
});
