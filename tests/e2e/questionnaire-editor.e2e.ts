import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isolatedJourney } from './isolated-server';

// A configurer publishes a new version of a demo sheet: other journeys read the shipped versions, so this one runs
// on its own server and database.
const SHOTS = '/tmp/shots-q-editor';
const { signIn } = isolatedJourney(SHOTS);

const SHEETS_API = '/api/data/planxchange/questionnaire-sheets';
// Sheet documents are edited as plain JSON here.
type Json = Record<string, any>;

/** Replaces the whole text of a CodeMirror editor, as a configurer pasting an edited document would. */
async function replaceText(page: Page, testId: string, text: string) {
  const content = page.getByTestId(testId).locator('.cm-content');
  await content.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The draft's schema with a new required text field in the "Contact on site" section. */
function withDeputyField(schema: Json, type: string): Json {
  const copy = structuredClone(schema);
  copy.properties.contact.properties.deputySiteManager = {
    type,
    title: 'Deputy site manager',
    maxLength: 120,
    'x-required': true,
    'x-placeholder': 'Name of the deputy',
    'x-i18n': { de: { title: 'Stellvertretende Bauleitung', 'x-placeholder': 'Name der Vertretung' }, nl: { title: 'Plaatsvervangend uitvoerder', 'x-placeholder': 'Naam van de vervanger' } },
  };
  return copy;
}

async function questionnaireVersions(page: Page, rootId: number): Promise<Record<string, number>> {
  const response = await page.request.get(`/api/questionnaire/${rootId}`);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { sheets: { name: string; version: number }[] };
  return Object.fromEntries(body.sheets.map((sheet) => [sheet.name, sheet.version]));
}

describe('questionnaire schema editor', () => {
  it('lets a configurer version, check, preview, publish and compare a sheet; new projects get the new version', async () => {
    const page = await signIn('configurer');

    // The configuration menu leads to the sheet list.
    await page.getByTestId('menu-questionnaire-sheets').click();
    await page.waitForURL('**/home/app/questionnaire-sheets');
    const list = page.getByTestId('sheet-list');
    await list.getByText('xde-general', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/01-sheet-list.png`, fullPage: true });
    // A row opens its version from the list (whose rows hold no documents): the published sheet and its preview.
    await list.locator('tbody tr').filter({ has: page.getByText('xde-general', { exact: true }) }).getByText('xde-general', { exact: true }).click();
    await page.waitForURL(/\/home\/app\/questionnaire-sheets\/\d+$/);
    await page.getByTestId('sheet-preview').getByRole('textbox').first().waitFor();
    expect(await page.getByTestId('sheet-status').innerText()).toBe('Published');
    await page.goBack();
    await list.getByText('xde-general', { exact: true }).first().waitFor();

    // New version of the general sheet: a draft copied from v1 opens.
    const generalRow = list.locator('tbody tr').filter({ has: page.getByText('xde-general', { exact: true }) });
    expect(await generalRow.count()).toBe(1);
    await generalRow.getByTestId('new-version').click();
    await page.waitForURL(/\/home\/app\/questionnaire-sheets\/\d+$/);
    const draftId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('sheet-heading').waitFor();
    // A draft opens in the visual builder (#34); this journey edits the JSON documents ("advanced").
    await page.getByTestId('view-json').click();
    expect(await page.getByTestId('sheet-status').innerText()).toBe('Draft');
    await page.getByTestId('no-problems').getByText('No problems').waitFor();
    const draft = (await (await page.request.get(`${SHEETS_API}/${draftId}`)).json()) as Json;
    expect(draft).toMatchObject({ name: 'xde-general', version: 2, status: 'draft' });
    await page.screenshot({ path: `${SHOTS}/02-draft-opened.png` });

    // A typo in the new field's type: the meta-schema marks it in the editor and in the list.
    await replaceText(page, 'json-editor-schema', pretty(withDeputyField(draft.schema, 'strnig')));
    const problems = page.getByTestId('problem');
    await problems.first().waitFor();
    expect(await page.getByTestId('problem-list').innerText()).toContain('/properties/contact/properties/deputySiteManager');
    await page.getByTestId('preview-stale').waitFor();
    expect(await page.getByTestId('save-sheet').isDisabled()).toBe(true);
    // A click on the problem scrolls the editor to it; the lint mark underlines the node (CodeMirror draws only visible lines).
    await problems.first().click();
    await page.getByTestId('json-editor-schema').locator('.cm-lintRange-error').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/03-meta-schema-problem.png` });

    // Fixed: the preview shows the new field, marked as required.
    await replaceText(page, 'json-editor-schema', pretty(withDeputyField(draft.schema, 'string')));
    await page.getByTestId('no-problems').getByText('No problems').waitFor();
    const preview = page.getByTestId('sheet-preview');
    const deputyLabel = preview.locator('label').filter({ hasText: 'Deputy site manager' });
    await deputyLabel.waitFor();
    expect(await deputyLabel.innerText()).toMatch(/\*/);
    expect(await page.getByTestId('preview-stale').count()).toBe(0);
    await preview.getByText('Deputy site manager').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/04-preview-new-field.png` });

    // Save, then publish after the confirmation.
    await page.getByTestId('save-sheet').click();
    await page.getByText('Draft v2 of xde-general saved.').waitFor();
    await page.getByTestId('publish-sheet').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Projects that saved answers keep their versions', { exact: false }).waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
    await page.screenshot({ path: `${SHOTS}/05-publish-confirm.png` });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('xde-general v2 is published.', { exact: false }).waitFor();
    await page.getByTestId('published-note').waitFor();
    expect(await page.getByTestId('sheet-status').innerText()).toBe('Published');
    expect(await page.getByTestId('save-sheet').count()).toBe(0);
    await page.waitForTimeout(500); // the status chip's colour transition, for the screenshot
    await page.screenshot({ path: `${SHOTS}/06-published.png` });

    // The comparison of v1 and v2 names the added field.
    await page.getByTestId('compare-versions').click();
    await page.waitForURL('**/questionnaire-sheets/diff?name=xde-general&a=1&b=2');
    await page.getByTestId('sheet-diff').waitFor();
    expect(await page.getByTestId('diff-controls-added').innerText()).toBe('contact.deputySiteManager');
    expect(await page.getByTestId('diff-count-removed').innerText()).toBe('0');
    const added = page.getByTestId('diff-schema').getByTestId('diff-added');
    expect((await added.allInnerTexts()).join('\n')).toContain('"deputySiteManager": {');
    await page.screenshot({ path: `${SHOTS}/07-diff.png`, fullPage: true });

    // On a narrow screen editor and preview are tabs.
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`/home/app/questionnaire-sheets/${draftId}`);
    await page.getByTestId('preview-pane-tab').click();
    await page.getByTestId('sheet-preview').locator('label').filter({ hasText: 'Deputy site manager' }).waitFor();
    expect(await page.getByTestId('sheet-editor').isVisible()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/08-narrow-preview.png` });

    // The version rule: a new project gets v2; Wohnpark Weserblick (saved answers) keeps v1.
    const staff = await signIn('staff');
    const filter = encodeURIComponent(JSON.stringify({ projectUnitType: 'project' }));
    const roots = (await (await staff.request.get(`/api/data/planxchange/projects?filter=${filter}&range=[0,99]`)).json()) as { id: number; title: string; tenantID: number; salesOrgID: number }[];
    const weserblick = roots.find((root) => root.title === 'Wohnpark Weserblick')!;
    const created = await staff.request.post('/api/data/planxchange/projects', {
      data: { parentProjectUnitID: null, projectUnitType: 'project', tenantID: weserblick.tenantID, salesOrgID: weserblick.salesOrgID, country: 'de', title: 'Wohnquartier Hafenkante' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const newRoot = ((await created.json()) as { id: number }).id;
    expect((await questionnaireVersions(staff, newRoot))['xde-general']).toBe(2);
    expect((await questionnaireVersions(staff, weserblick.id))['xde-general']).toBe(1);
    const rows = (await (await page.request.get(`${SHEETS_API}?filter=${encodeURIComponent(JSON.stringify({ name: 'xde-general' }))}`)).json()) as { version: number; usedBy: number }[];
    expect(rows.find((row) => row.version === 1)!.usedBy).toBeGreaterThan(0);
  });

  it('keeps everyone else out: no menu entry, access denied, 403 from the API', async () => {
    const page = await signIn('customer');
    await page.getByRole('menuitem', { name: /Dashboard/ }).waitFor();
    expect(await page.getByTestId('menu-questionnaire-sheets').count()).toBe(0);
    await page.goto('/home/app/questionnaire-sheets');
    await page.getByText('Access denied').waitFor();
    // The page asks the API nothing it would refuse: no error toast.
    expect(await page.getByText('You are not allowed to do this.').count()).toBe(0);
    expect((await page.request.get(SHEETS_API)).status()).toBe(403);
    await page.screenshot({ path: `${SHOTS}/09-customer-denied.png` });

    const staff = await signIn('staff');
    await staff.getByRole('menuitem', { name: /Dashboard/ }).waitFor();
    expect(await staff.getByTestId('menu-questionnaire-sheets').count()).toBe(0);
    expect((await staff.request.post('/api/questionnaire-sheets/validate', { data: { schema: {}, uiSchema: {} } })).status()).toBe(403);
  });
});
