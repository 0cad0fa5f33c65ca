import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y-routes';
import { isolatedJourney } from './isolated-server';

// Issue #34: a configurer builds questions visually, never touching the JSON view, and publishes them; a new project
// then shows them to the customer. Publishing changes the sheets every journey reads, so this runs on its own server.
const SHOTS = '/tmp/shots-sheet-builder';
const { signIn } = isolatedJourney(SHOTS);
const SHEETS_API = '/api/data/planxchange/questionnaire-sheets';

/** The configurer's actions (clicks, keys, a field filled, a drag): the issue asks for at most 60 for all of it. */
let actions = 0;
const act = async <T>(action: Promise<T>): Promise<T> => {
  actions += 1;
  return action;
};

const panel = (page: Page) => page.getByTestId('property-panel');
const fill = (field: Locator, text: string) => act(field.fill(text));
/** The keys of a section's children on the canvas, in their order. */
const order = (section: Locator) => section.locator('[data-testid^="builder-item-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice('builder-item-'.length)));

describe('visual sheet builder', () => {
  it('a configurer adds a section, a dropdown, a number with a condition, reorders, undoes, previews and publishes; a new project asks the new questions', async () => {
    const page = await signIn('configurer', 'en', { bypassCSP: true });
    await act(page.getByTestId('menu-questionnaire-sheets').click());
    const list = page.getByTestId('sheet-list');
    const generalRow = list.locator('tbody tr').filter({ has: page.getByText('xde-general', { exact: true }) });
    await act(generalRow.getByTestId('new-version').click());
    await page.waitForURL(/\/home\/app\/questionnaire-sheets\/\d+$/);
    const draftId = Number(new URL(page.url()).pathname.split('/').pop());
    const canvas = page.getByTestId('builder-canvas');
    await canvas.getByTestId('builder-item-logistics').waitFor();
    await page.getByTestId('builder-no-problems').waitFor();

    // A new section, labelled in English and German.
    await act(page.getByTestId('tool-section').click());
    await canvas.getByTestId('builder-item-section').waitFor();
    await fill(panel(page).getByTestId('prop-title-en'), 'Facade');
    await fill(panel(page).getByTestId('prop-title-de'), 'Fassade');
    const key = panel(page).getByTestId('prop-key');
    await fill(key, 'facade');
    await act(key.press('Enter'));
    const section = canvas.getByTestId('builder-item-facade');
    await section.getByRole('heading', { name: 'Facade' }).waitFor();

    // A dropdown with three options, labelled in English and German.
    await act(page.getByTestId('tool-dropdown').click());
    await section.getByTestId('builder-item-dropdown').waitFor();
    await fill(panel(page).getByTestId('prop-title-en'), 'Facade finish');
    await fill(panel(page).getByTestId('prop-title-de'), 'Fassadenoberfläche');
    await act(page.getByTestId('option-add').click());
    const options = [
      ['Render', 'Putz'],
      ['Brick slips', 'Klinkerriemchen'],
      ['Timber cladding', 'Holzverkleidung'],
    ];
    for (const [index, [en, de]] of options.entries()) {
      await fill(panel(page).getByTestId(`option-${index}-en`), en);
      await fill(panel(page).getByTestId(`option-${index}-de`), de);
    }
    await section.getByTestId('builder-item-dropdown').getByText('Facade finish').waitFor();

    // A number with unit and limits, shown only when the crane box (an existing checkbox) is ticked.
    await act(page.getByTestId('tool-number').click());
    await section.getByTestId('builder-item-number').waitFor();
    await fill(panel(page).getByTestId('prop-title-en'), 'Facade area');
    await fill(panel(page).getByTestId('prop-title-de'), 'Fassadenfläche');
    await fill(panel(page).getByTestId('prop-unit'), 'm²');
    await fill(panel(page).getByTestId('prop-minimum'), '10');
    await fill(panel(page).getByTestId('prop-maximum'), '20000');
    const condition = panel(page).getByTestId('condition-editor');
    await act(condition.getByRole('combobox').click());
    await act(page.getByRole('listbox').getByRole('option', { name: 'Crane on site', exact: true }).click());
    await condition.getByTestId('condition-value').waitFor({ state: 'attached' });
    expect(await condition.getByRole('combobox').nth(1).innerText()).toBe('checked');
    await section.getByTestId('builder-item-number').getByText('with condition', { exact: false }).waitFor();
    expect(await order(section)).toEqual(['dropdown', 'number']);
    await page.screenshot({ path: `${SHOTS}/1440-built.png` });

    // Reorder: the number before the dropdown by dragging its handle…
    const numberHandle = page.getByTestId('drag-number');
    await section.getByTestId('builder-item-dropdown').evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const dropdownBox = (await section.getByTestId('builder-item-dropdown').boundingBox())!;
    const handleBox = (await numberHandle.boundingBox())!;
    await act(
      (async () => {
        await page.mouse.move(handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2);
        await page.mouse.down();
        await page.mouse.move(handleBox.x - 20, handleBox.y + 10, { steps: 5 });
        await page.mouse.move(dropdownBox.x + 20, dropdownBox.y + dropdownBox.height / 2, { steps: 10 });
        await page.mouse.up();
      })(),
    );
    await expect.poll(() => order(section)).toEqual(['number', 'dropdown']);
    // …and back by keyboard: pick up the handle, move, drop.
    await act(page.getByTestId('drag-number').focus());
    const announced = page.locator('[id^="DndLiveRegion"]');
    await act(page.keyboard.press('Space'));
    await announced.getByText(/Picked up Facade area\.|Facade area is over Facade area\./).waitFor({ state: 'attached' });
    await act(page.keyboard.press('ArrowRight'));
    await announced.getByText('Facade area is over Facade finish.').waitFor({ state: 'attached' });
    await act(page.keyboard.press('Space'));
    await announced.getByText('Facade area was dropped at Facade finish.').waitFor({ state: 'attached' });
    await expect.poll(() => order(section)).toEqual(['dropdown', 'number']);

    // Undo takes the keyboard move back, redo does it again.
    await act(page.getByTestId('builder-undo').click());
    await expect.poll(() => order(section)).toEqual(['number', 'dropdown']);
    await act(page.getByTestId('builder-redo').click());
    await expect.poll(() => order(section)).toEqual(['dropdown', 'number']);
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);

    // The preview in German: the area shows only once the crane box is ticked; then in English.
    await act(page.getByTestId('builder-tab-preview').click());
    const preview = page.getByTestId('builder-preview');
    await act(page.getByTestId('preview-language-de').click());
    await preview.getByLabel('Fassadenoberfläche').waitFor();
    // A condition enables a control (the portal's rule): until the crane box is ticked the area cannot be answered.
    expect(await preview.getByLabel('Fassadenfläche').isDisabled()).toBe(true);
    await act(preview.getByRole('checkbox', { name: 'Kran auf der Baustelle' }).check());
    await expect.poll(() => preview.getByLabel('Fassadenfläche').isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/1440-preview-de.png` });
    await act(page.getByTestId('preview-language-en').click());
    await preview.getByLabel('Facade area').waitFor();
    await preview.getByText('m²').first().waitFor();

    // Save and publish, after the impact.
    await act(page.getByTestId('save-sheet').click());
    await page.getByText('Draft v2 of xde-general saved.').waitFor();
    await act(page.getByTestId('publish-sheet').click());
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('publish-impact').waitFor();
    await page.screenshot({ path: `${SHOTS}/1440-publish-impact.png` });
    await act(dialog.getByRole('button', { name: 'Publish' }).click());
    await page.getByText('xde-general v2 is published.', { exact: false }).waitFor();
    // The stored draft is what the builder showed: the new section with its controls, in the dialect.
    const stored = (await (await page.request.get(`${SHEETS_API}/${draftId}`)).json()) as { schema: { properties: Record<string, { properties: Record<string, Record<string, unknown>> }> } };
    expect(Object.keys(stored.schema.properties.facade.properties)).toEqual(['dropdown', 'number']);
    expect(stored.schema.properties.facade.properties.number).toMatchObject({ type: 'number', minimum: 10, maximum: 20000, 'x-unit': 'm²', 'x-activeIf': 'xde-general.logistics.crane' });
    console.log(`sheet builder journey: ${actions} configurer actions`);
    expect(actions).toBeLessThanOrEqual(60);

    // Staff opens a new project for the customer: its information sheet asks the new questions.
    const staff = await signIn('staff');
    const filter = encodeURIComponent(JSON.stringify({ projectUnitType: 'project' }));
    const roots = (await (await staff.request.get(`/api/data/planxchange/projects?filter=${filter}&range=[0,99]`)).json()) as { title: string; tenantID: number; salesOrgID: number }[];
    const template = roots.find((root) => root.title === 'Wohnpark Weserblick')!;
    const created = await staff.request.post('/api/data/planxchange/projects', {
      data: { parentProjectUnitID: null, projectUnitType: 'project', tenantID: template.tenantID, salesOrgID: template.salesOrgID, country: 'de', title: 'Stadtvillen Fassadenhof' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const rootId = ((await created.json()) as { id: number }).id;
    const member = await staff.request.post(`/api/data/planxchange/projectmembers/${rootId}`, { data: { email: 'customer@bouwbedrijf.example', memberRoleKey: 'reviewer' } });
    expect(member.status(), await member.text()).toBe(201);
    const customer = await signIn('customer');
    await customer.goto(`/home/app/project/questionnaire/${rootId}`);
    await customer.getByTestId('questionnaire-title').waitFor();
    const facade = customer.locator('[data-testid="questionnaire-section"][data-section="facade"]');
    await facade.getByLabel('Facade finish').waitFor({ timeout: 15_000 });
    expect(await facade.getByLabel('Facade area').isDisabled()).toBe(true);
    await customer.getByRole('checkbox', { name: 'Crane on site' }).check();
    await expect.poll(() => facade.getByLabel('Facade area').isEnabled()).toBe(true);
    await customer.screenshot({ path: `${SHOTS}/1440-customer.png`, fullPage: true });
  });

  it('renames a control another sheet depends on (its condition follows), refuses its delete, and re-checks the test answer sets on every edit', async () => {
    const page = await signIn('configurer', 'en', { bypassCSP: true });
    await page.goto('/home/app/questionnaire-sheets');
    const generalRow = page.getByTestId('sheet-list').locator('tbody tr').filter({ has: page.getByText('xde-general', { exact: true }) });
    await generalRow.getByTestId('new-version').click();
    await page.waitForURL(/\/home\/app\/questionnaire-sheets\/\d+$/);
    const canvas = page.getByTestId('builder-canvas');

    // The shipped test answer sets came with the new version; both fit the sheet.
    const checks = page.getByTestId('test-answer-checks');
    const apartment = checks.getByTestId('test-set-Apartment block, crane on site');
    await apartment.waitFor();
    expect(await checks.locator('[data-problems="0"]').count()).toBe(2);
    // Fewer storeys allowed: the apartment block (4 storeys) no longer fits — shown at once; undo, and it fits again.
    await canvas.getByTestId('builder-item-storeys').click();
    await panel(page).getByTestId('prop-maximum').fill('3');
    await expect.poll(() => apartment.getAttribute('data-problems')).toBe('1');
    expect(await apartment.innerText()).toContain('xde-general.project.storeys');
    await page.getByTestId('builder-undo').click();
    await expect.poll(() => apartment.getAttribute('data-problems')).toBe('0');

    // The lintel box activates the lintel sheet: "where used" says so, and deleting it is refused with that list.
    await canvas.getByTestId('builder-item-stuerze').click();
    const whereUsed = panel(page).getByTestId('where-used');
    await whereUsed.getByText('activates sheet xde-stuerze').waitFor();
    await panel(page).getByTestId('item-delete').click();
    const refused = page.getByTestId('delete-refused');
    await refused.getByText('1 condition depends on this.').waitFor();
    await refused.getByText('xde-stuerze').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/1440-delete-refused.png` });
    await refused.getByTestId('delete-refused-keep').click();
    await refused.waitFor({ state: 'detached' });
    await canvas.getByTestId('builder-item-stuerze').waitFor();

    // Renamed: the lintel sheet's condition follows, as a companion draft saved with this one.
    const key = panel(page).getByTestId('prop-key');
    await key.fill('lintels');
    await key.press('Enter');
    await canvas.getByTestId('builder-item-lintels').waitFor();
    await page.getByTestId('builder-companions').getByText('xde-stuerze').waitFor();
    await page.getByTestId('save-sheet').click();
    await page.getByText(/Draft v\d+ of xde-general saved\./).waitFor();
    const drafts = (await (await page.request.get(`${SHEETS_API}?filter=${encodeURIComponent(JSON.stringify({ name: 'xde-stuerze', status: 'draft' }))}`)).json()) as { id: number }[];
    expect(drafts).toHaveLength(1);
    const lintelSheet = (await (await page.request.get(`${SHEETS_API}/${drafts[0].id}`)).json()) as { schema: Record<string, unknown> };
    expect(JSON.stringify(lintelSheet.schema['x-activationPaths'])).toContain('xde-general.materials.lintels');

    // A saved set fills the preview.
    await page.getByTestId('builder-tab-preview').click();
    const preview = page.getByTestId('builder-preview');
    await page.getByTestId('test-set-load').locator('xpath=..').getByRole('combobox').click();
    await page.getByRole('listbox').getByRole('option', { name: 'School, restricted access, no crane' }).click();
    await expect.poll(() => preview.getByLabel('Describe the restrictions').inputValue()).toContain('7.5 t weight limit');
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);

    // Readable on a phone: one column, nothing wider than the screen.
    await page.getByTestId('builder-tab-build').click();
    await page.setViewportSize({ width: 390, height: 844 });
    await canvas.getByTestId('builder-item-lintels').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/390-builder.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/1280-builder.png` });
  });
});
