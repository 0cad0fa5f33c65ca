import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y-routes';
import { isolatedJourney } from './isolated-server';

// Issue #34: the builder's translations grid. The journey opens a new draft of the general sheet (a draft other
// journeys would find), so it runs on its own server; it saves nothing.
const SHOTS = '/tmp/shots-sheet-translations';
const { signIn } = isolatedJourney(SHOTS);

/** The new checkbox lands in the sheet's last section (nothing is selected when the tool is clicked). */
const ADDRESS = 'xde-general.logistics.checkbox:title';
const missing = (page: Page, language: string) => page.getByTestId(`translations-missing-${language}`);
const row = (page: Page) => page.getByTestId(`translation-row-${ADDRESS}`);
const cell = (page: Page, language: string) => row(page).getByTestId(`translation-cell-${language}`);

describe('sheet builder translations', () => {
  it('the translations grid with a missing text', async () => {
    const started = Date.now();
    const page = await signIn('configurer', 'en', { bypassCSP: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('menu-questionnaire-sheets').click();
    const generalRow = page.getByTestId('sheet-list').locator('tbody tr').filter({ has: page.getByText('xde-general', { exact: true }) });
    await generalRow.getByTestId('new-version').click();
    await page.waitForURL(/\/home\/app\/questionnaire-sheets\/\d+$/);
    await page.getByTestId('builder-canvas').getByTestId('builder-item-logistics').waitFor();

    // The shipped sheet lacks nothing.
    await page.getByTestId('builder-tab-translations').click();
    await expect.poll(() => missing(page, 'de').innerText()).toBe('German: 0 missing');
    expect(await missing(page, 'nl').innerText()).toBe('Dutch: 0 missing');
    expect(await page.locator('[data-missing]').count()).toBe(0);

    // A control added in the build pane has only its English label: German and Dutch count it, its row is marked.
    await page.getByTestId('builder-tab-build').click();
    await page.getByTestId('tool-checkbox').click();
    await page.getByTestId('property-panel').waitFor();
    await page.getByTestId('builder-tab-translations').click();
    await expect.poll(() => missing(page, 'de').innerText()).toBe('German: 1 missing');
    expect(await missing(page, 'nl').innerText()).toBe('Dutch: 1 missing');
    expect(await missing(page, 'en').innerText()).toBe('English: 0 missing');

    // Only the missing texts (the new control is on the last page of all of them): its row, marked.
    await page.getByTestId('translations-only-missing').check();
    await expect.poll(() => page.locator('[data-testid^="translation-row-"]').count()).toBe(1);
    expect(await row(page).getAttribute('data-missing')).toBe('true');
    expect(await cell(page, 'en').inputValue()).toBe('Checkbox');
    // Marked in words, not by colour only.
    expect(await row(page).getByText('Missing', { exact: true }).count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/1440-only-missing.png` });

    // The German text typed in the grid: the count goes down, while the row stays in the filtered list.
    await cell(page, 'de').fill('Kontrollkästchen');
    await expect.poll(() => missing(page, 'de').innerText()).toBe('German: 0 missing');
    expect(await row(page).getByText('Missing', { exact: true }).count()).toBe(1);
    // Undo takes it back (one step for the typing), redo again, undo again.
    await page.getByTestId('builder-undo').click();
    await expect.poll(() => missing(page, 'de').innerText()).toBe('German: 1 missing');
    expect(await cell(page, 'de').inputValue()).toBe('');
    await page.getByTestId('builder-redo').click();
    await expect.poll(() => cell(page, 'de').inputValue()).toBe('Kontrollkästchen');
    await page.getByTestId('builder-undo').click();
    await expect.poll(() => missing(page, 'de').innerText()).toBe('German: 1 missing');
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    // All texts again, a page of them.
    await page.getByTestId('translations-only-missing').uncheck();
    await expect.poll(() => page.locator('[data-testid^="translation-row-"]').count()).toBe(50);
    await page.screenshot({ path: `${SHOTS}/1440-grid.png` });
    await page.getByTestId('translations-only-missing').check();

    // Export: one row per text, the new one with its empty German and Dutch cells.
    const downloaded = page.waitForEvent('download');
    await page.getByTestId('translations-export').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('xde-general-v2-translations.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const worksheet = workbook.worksheets[0];
    expect(worksheet.getRow(1).values).toEqual([undefined, 'address', 'path', 'en', 'de', 'nl']);
    const exported = worksheet.getRows(2, worksheet.rowCount - 1)!.find((candidate) => candidate.getCell(1).value === ADDRESS)!;
    expect(exported.getCell(2).value).toBe('Site logistics › Checkbox');
    expect([exported.getCell(3).value, exported.getCell(4).value ?? '', exported.getCell(5).value ?? '']).toEqual(['Checkbox', '', '']);

    // The translator's file back: German and Dutch filled in, and a row the sheet does not have.
    exported.getCell(4).value = 'Häkchen';
    exported.getCell(5).value = 'Vinkje';
    worksheet.addRow(['xde-general.nowhere:title', '', 'Nowhere', 'Nirgends', 'Nergens']);
    const edited = `${SHOTS}/edited.xlsx`;
    writeFileSync(edited, Buffer.from(await workbook.xlsx.writeBuffer()));
    await page.getByTestId('translations-import-input').setInputFiles(edited);
    const report = page.getByTestId('translations-import-report');
    await report.getByText('2 texts changed.').waitFor();
    expect(await report.getByTestId('translations-refused-row').innerText()).toBe(`Row ${worksheet.rowCount} (xde-general.nowhere:title): the sheet has no such text`);
    expect(await missing(page, 'de').innerText()).toBe('German: 0 missing');
    expect(await missing(page, 'nl').innerText()).toBe('Dutch: 0 missing');
    expect(await cell(page, 'de').inputValue()).toBe('Häkchen');
    expect(await cell(page, 'nl').inputValue()).toBe('Vinkje');
    // The import is one step.
    await page.getByTestId('builder-undo').click();
    await expect.poll(() => missing(page, 'nl').innerText()).toBe('Dutch: 1 missing');
    expect(await missing(page, 'de').innerText()).toBe('German: 1 missing');
    await page.getByTestId('builder-redo').click();
    await expect.poll(() => cell(page, 'nl').inputValue()).toBe('Vinkje');

    // The row's path leads to the control in the build pane.
    await row(page).getByTestId('translation-path').click();
    await expect.poll(() => page.getByTestId('property-panel').getByTestId('prop-title-de').inputValue()).toBe('Häkchen');

    // Readable on a phone: the draft opened there, the grid's table scrolls sideways, not the page.
    const draftUrl = page.url();
    const phone = await signIn('configurer');
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(draftUrl);
    await phone.getByTestId('builder-tab-translations').click();
    await phone.getByTestId('translation-row-xde-general:title').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.getByTestId('translations-grid').evaluate((element) => element.scrollIntoView());
    await phone.screenshot({ path: `${SHOTS}/390-grid.png` });
    await phone.getByTestId('translation-row-xde-general:title').evaluate((element) => element.closest('.MuiTableContainer-root')!.scrollBy({ left: 400 }));
    await phone.screenshot({ path: `${SHOTS}/390-grid-scrolled.png` });
    const seconds = (Date.now() - started) / 1000;
    console.log(`sheet builder translations journey: ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(60);
  });
});
