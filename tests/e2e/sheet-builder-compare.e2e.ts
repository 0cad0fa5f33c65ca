import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y-routes';
import { isolatedJourney } from './isolated-server';

// A configurer drafts a new version of a demo sheet: other journeys read the shipped versions, so this one runs on
// its own server and database.
const SHOTS = '/tmp/shots-sheet-compare';
const { signIn } = isolatedJourney(SHOTS);

const SHEETS_API = '/api/data/planxchange/questionnaire-sheets';
// Sheet documents are edited as plain JSON here.
type Json = Record<string, any>;

/** v2 of the Dutch lintels sheet: a control added, an option added, a limit raised, a condition set, a control removed. */
function secondVersion(draft: Json): { schema: Json; uiSchema: Json } {
  const schema = structuredClone(draft.schema);
  const uiSchema = structuredClone(draft.uiSchema);
  const controls = schema.properties.lateien.properties;
  controls.soort.oneOf.push({ const: 'beide', title: 'Both', 'x-i18n': { de: { title: 'Beides' }, nl: { title: 'Beide' } } });
  expect(controls.aantal.maximum).toBe(5000);
  controls.aantal.maximum = 10000;
  controls.overspanning['x-activationPaths'] = [{ path: 'xnl-lateien.lateien.soort', equals: 'dragend' }];
  delete controls.opmerkingen;
  delete uiSchema.lateien.opmerkingen;
  controls.leverweek = { type: 'string', title: 'Desired delivery week', maxLength: 20, 'x-i18n': { de: { title: 'Gewünschte Lieferwoche' }, nl: { title: 'Gewenste leverweek' } } };
  return { schema, uiSchema };
}

const cell = (page: Page, side: 'a' | 'b', path: string) => page.getByTestId(`compare-${side}-${path}`);

describe('the visual compare', () => {
  it('shows two versions side by side with added, removed and changed controls marked and told in words', async () => {
    const page = await signIn('configurer', 'en', { bypassCSP: true });

    // Version 2 of xnl-lateien, drafted and saved through the API with the configurer's session.
    const created = await page.request.post(SHEETS_API, { data: { name: 'xnl-lateien' } });
    expect(created.status(), await created.text()).toBe(201);
    const draft = (await created.json()) as Json;
    expect(draft.version).toBe(2);
    const saved = await page.request.put(`${SHEETS_API}/${draft.id}`, { data: secondVersion(draft) });
    expect(saved.status(), await saved.text()).toBe(200);

    // The comparison opens on the visual view: v1 | v2.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/home/app/questionnaire-sheets/diff?name=xnl-lateien&a=1&b=2');
    await page.getByTestId('visual-compare').waitFor();
    expect(await page.getByTestId('compare-heading-a').innerText()).toBe('Version A (before) · v1');
    expect(await page.getByTestId('compare-heading-b').innerText()).toBe('Version B (after) · v2');
    expect(await page.getByTestId('compare-summary').innerText()).toMatch(/6 fields:\s*1 added\s*1 removed\s*3 changed\s*1 unchanged/);

    // The added control: marked in B, a gap in A.
    const added = cell(page, 'b', 'lateien.leverweek');
    expect(await added.getAttribute('data-status')).toBe('added');
    expect(await added.getByTestId('compare-status').innerText()).toBe('Added');
    await added.getByLabel('Desired delivery week').waitFor();
    expect(await cell(page, 'a', 'lateien.leverweek').innerText()).toBe('Not in v1');
    // The removed control: marked in A, a gap in B.
    const removed = cell(page, 'a', 'lateien.opmerkingen');
    expect(await removed.getByTestId('compare-status').innerText()).toBe('Removed');
    expect(await cell(page, 'b', 'lateien.opmerkingen').innerText()).toBe('Removed in v2');
    // The changed controls, with what changed in words (numbers in the user's language).
    const count = cell(page, 'b', 'lateien.aantal');
    expect(await count.getByTestId('compare-status').innerText()).toBe('Changed');
    expect(await count.getByTestId('compare-changes').innerText()).toBe('Limits: Maximum 5,000 → 10,000');
    expect(await cell(page, 'a', 'lateien.aantal').getByTestId('compare-status').innerText()).toBe('Changed');
    expect(await cell(page, 'b', 'lateien.soort').getByTestId('compare-changes').innerText()).toBe('Options: + “Both”');
    expect(await cell(page, 'b', 'lateien.overspanning').getByTestId('compare-changes').innerText()).toBe('Condition: now shown only when “Lintel type” is “Load-bearing lintels”');
    // The new option is drawn in B only.
    expect(await cell(page, 'b', 'lateien.soort').getByText('Both', { exact: true }).count()).toBe(1);
    expect(await cell(page, 'a', 'lateien.soort').getByText('Both', { exact: true }).count()).toBe(0);
    // Unchanged controls carry no mark.
    expect(await cell(page, 'b', 'lateien.breedtes').getByTestId('compare-status').count()).toBe(0);

    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/1440-visual.png`, fullPage: true });

    // "Show only changes" leaves the unchanged controls out.
    await page.getByTestId('compare-only-changes').check();
    await cell(page, 'b', 'lateien.breedtes').waitFor({ state: 'detached' });
    expect(await cell(page, 'b', 'lateien.aantal').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/1440-only-changes.png`, fullPage: true });

    // The line diff is one tab away (and the address keeps the choice).
    await page.getByTestId('diff-view-lines').click();
    await page.waitForURL(/view=lines/);
    await page.getByTestId('diff-schema').waitFor();
    expect(await page.getByTestId('diff-controls-added').innerText()).toBe('lateien.leverweek');
    expect(await page.getByTestId('visual-compare').isVisible()).toBe(false);
    await page.getByTestId('diff-view-visual').click();
    await page.getByTestId('visual-compare').waitFor();

    // In German (the user's language changed, the page reloaded): texts, status and numbers in German.
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: number };
    expect((await page.request.put(`/api/data/planxchange/users/${me.id}`, { data: { languageKey: 'de' } })).status()).toBe(200);
    await page.reload();
    await page.getByTestId('visual-compare').getByText('Hinzugefügt').first().waitFor();
    expect(await cell(page, 'b', 'lateien.aantal').getByTestId('compare-changes').innerText()).toBe('Grenzen: Maximum 5.000 → 10.000');
    expect(await cell(page, 'b', 'lateien.soort').getByTestId('compare-changes').innerText()).toBe('Optionen: + „Beides“');
    await page.screenshot({ path: `${SHOTS}/1440-german.png` });

    // At 390 px one version at a time, B first; the tab shows A with the removed control.
    await page.setViewportSize({ width: 390, height: 844 });
    // Opened on the phone (a resized page keeps the wide screen's menu open over the content).
    await page.reload();
    await page.getByTestId('visual-compare').waitFor();
    expect(await page.getByTestId('compare-tab-b').innerText()).toBe('B · v2 (nachher)');
    expect(await cell(page, 'b', 'lateien.leverweek').isVisible()).toBe(true);
    expect(await cell(page, 'a', 'lateien.opmerkingen').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/390-version-b.png`, fullPage: true });
    await page.getByTestId('compare-tab-a').click();
    await cell(page, 'a', 'lateien.opmerkingen').getByText('Entfernt', { exact: true }).waitFor();
    // Seen alone, A tells what changed too.
    expect(await cell(page, 'a', 'lateien.aantal').getByTestId('compare-changes').innerText()).toBe('Grenzen: Maximum 5.000 → 10.000');
    await page.waitForTimeout(300); // the tab indicator's slide, for the screenshot
    await page.screenshot({ path: `${SHOTS}/390-version-a.png`, fullPage: true });
  });
});
