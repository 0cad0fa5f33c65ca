import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './a11y-routes';
import { isolatedJourney } from './isolated-server';

// A configurer drafts, simulates and publishes a workflow change; staff then moves a demo unit through it. The
// journey changes the definition in force, so it runs on its own server.
const SHOTS = '/tmp/shots-workflow-editor';
const { signIn } = isolatedJourney(SHOTS);

/** Picks an option of a MUI select found by its hidden input's test id. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Types a key into the key field of the property panel and applies it (a rename applies on Enter). */
async function rename(page: Page, label: string, key: string) {
  const field = page.getByTestId('property-panel').getByLabel(label, { exact: true });
  await field.fill(key);
  await field.press('Enter');
}

async function labels(page: Page, kind: 'states' | 'actions' | 'tasks', texts: { de: string; en: string; nl: string }) {
  for (const language of ['de', 'en', 'nl'] as const) await page.getByTestId(`label-${kind}-${language}`).fill(texts[language]);
}

/** Ticks a role in the property panel's role pickers (the first group: the transition's roles or the task's). */
async function tickRole(panel: Locator, role: string) {
  await panel.getByRole('checkbox', { name: role, exact: true }).first().check();
}

/** Adds a transition from the selected state to a target, names it, picks its role and labels it. */
async function addTransition(page: Page, to: string, action: string, role: string, texts: { de: string; en: string; nl: string }) {
  await choose(page, 'add-transition-target', to);
  await page.getByTestId('add-transition').click();
  await page.getByTestId('transition-path').waitFor({ timeout: 5000 }).catch(async (e) => { await page.screenshot({ path: `${SHOTS}/debug.png` }); throw e; });
  await rename(page, 'Action (key)', action);
  await labels(page, 'actions', texts);
  await tickRole(page.getByTestId('property-panel'), role);
}

const summary = (page: Page) => page.getByTestId('check-summary').innerText();

describe('workflow diagram editor', () => {
  it('a configurer adds "Technical review" to the approval lot, simulates it, publishes with a mapping; staff then moves a unit through it', async () => {
    const page = await signIn('configurer', 'en', { bypassCSP: true });
    await page.getByTestId('menu-workflow-editor').click();
    await page.waitForURL('**/home/app/workflow-editor');
    await page.getByTestId('new-draft').click();
    await page.getByTestId('state-Preparing').waitFor({ timeout: 30_000 });
    expect(await summary(page)).toContain('No problems in this view');
    const violations = await seriousViolations(page);
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);

    // A new state, named and labelled: unreachable and a dead end while it has no transitions.
    await page.getByTestId('add-state').click();
    await page.getByTestId('state-NewState').waitFor();
    await rename(page, 'Key', 'TechnicalReview');
    const state = page.getByTestId('state-TechnicalReview');
    await state.waitFor();
    await labels(page, 'states', { de: 'Technische Prüfung', en: 'Technical review', nl: 'Technische controle' });
    await state.getByText('Technical review').waitFor();
    expect(await state.getAttribute('data-problem')).toBe('unreachable deadEnd');
    // Its task, for the sales planner, labelled in three languages.
    const panel = page.getByTestId('property-panel');
    await panel.getByLabel('Task (key)').fill('TechnicalReview');
    await tickRole(panel, 'Sales planner');
    await labels(page, 'tasks', { de: 'Technische Prüfung durchführen', en: 'Carry out the technical review', nl: 'Technische controle uitvoeren' });

    // The way in, from "Preparing": reachable now, still a dead end — half done.
    await page.getByTestId('state-Preparing').click();
    await addTransition(page, 'Technical review', 'RequestTechnicalReview', 'Staff (internal)', { de: 'Technische Prüfung anfordern', en: 'Request technical review', nl: 'Technische controle aanvragen' });
    await expect.poll(() => state.getAttribute('data-problem')).toBe('deadEnd');
    expect(await summary(page)).toContain('Dead end: TechnicalReview');
    await page.screenshot({ path: `${SHOTS}/1440-half-done.png` });

    // The way out, to "Review preliminary drawings": no problem left.
    await state.click();
    await addTransition(page, 'Review preliminary drawings', 'TechnicalReviewPassed', 'Staff (internal)', { de: 'Technische Prüfung bestanden', en: 'Technical review passed', nl: 'Technische controle geslaagd' });
    await expect.poll(() => state.getAttribute('data-problem')).toBe(null);
    await expect.poll(() => summary(page)).toContain('No problems in this view');
    await page.getByTestId('save-draft').click();
    await page.getByText('Draft saved').waitFor();

    // Simulate from "Preparing": the customer may not ask for the review; staff may, and the task goes to the sales planner.
    await page.getByRole('button', { name: 'Simulate' }).click();
    await choose(page, 'simulate-start', 'Preparing');
    await choose(page, 'simulate-role', 'Reviewer');
    await page.getByTestId('fire-RequestTechnicalReview').click();
    await page.getByTestId('simulate-panel').getByRole('alert').waitFor();
    expect(await page.getByTestId('simulate-step').count()).toBe(0);
    await choose(page, 'simulate-role', 'Staff (internal)');
    await page.getByTestId('fire-RequestTechnicalReview').click();
    await expect.poll(() => page.getByTestId('simulate-step').first().innerText()).toContain('Task Carry out the technical review for Sales planner');
    expect(await page.getByTestId('state-TechnicalReview').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe('rgb(227, 242, 253)');
    await page.getByTestId('fire-TechnicalReviewPassed').click();
    await choose(page, 'simulate-role', 'Reviewer');
    await page.getByTestId('fire-ApproveDrawings').click();
    await expect.poll(() => page.getByTestId('simulate-step').count()).toBe(3);
    expect(await page.getByTestId('simulate-state').innerText()).toContain('Finalized');
    await page.screenshot({ path: `${SHOTS}/1440-simulate.png` });

    // Effects are edited in the panel too: "Approve" (chosen by keyboard) moves the order lots on.
    await page.getByRole('button', { name: 'Design' }).click();
    await page.getByTestId('rf__edge-Approve|Finalized').focus();
    await page.keyboard.press('Enter');
    const effects = page.getByTestId('property-panel');
    await effects.getByText('Move units').first().waitFor();
    expect(await effects.getByLabel('To state (key)').inputValue()).toBe('PlaceOrder');
    expect(await effects.getByRole('checkbox', { name: 'AAC order lot', exact: true }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/1440-effects.png` });

    // The overview: a lane per unit type under its heading, the effects dashed between them.
    await choose(page, 'view-select', 'Overview (all unit types)');
    await page.getByTestId('lane-approvallot').getByText('Approval lot').waitFor();
    expect(await page.getByTestId('state-TechnicalReview').count()).toBe(1);
    const overviewViolations = await seriousViolations(page);
    expect(overviewViolations, JSON.stringify(overviewViolations, null, 1)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/1440-overview.png` });

    // The project no longer waits for a BIM review: the state goes, and the demo project in it must move.
    await choose(page, 'view-select', 'Project · standard');
    await page.getByTestId('state-ReviewBIMFiles').click();
    await page.getByTestId('property-panel').getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('state-ReviewBIMFiles').waitFor({ state: 'detached' });
    expect(await summary(page)).toContain('No problems in this view');

    await page.getByTestId('publish').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 units (project, standard) are in the removed state “ReviewBIMFiles”.').waitFor();
    expect(await dialog.getByTestId('publish-confirm').isDisabled()).toBe(true);
    await choose(page, 'mapping-ReviewBIMFiles', 'ProvideFiles');
    await dialog.getByTestId('publish-confirm').click();
    await page.getByText('Version 2 is now in force.').waitFor();
    await page.getByTestId('new-draft').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/390-versions.png`, fullPage: true });

    // Staff (German): the moved project is in "Provide files" …
    const staff = await signIn('staff', 'de');
    type Unit = { id: number; title: string; rootProjectUnitID: number; stateKey: string };
    const find = async (q: string) => (await (await staff.request.get(`/api/data/planxchange/projects?filter=${encodeURIComponent(JSON.stringify({ q }))}`)).json()) as Unit[];
    expect((await find('Ärztehaus')).find((unit) => unit.title === 'Ärztehaus am Markt')?.stateKey).toBe('ProvideFiles');
    // … and Bauabschnitt 2 of the school moves from "Preparing" through the new state.
    const lot = (await find('Bauabschnitt 2')).find((unit) => unit.stateKey === 'Preparing')!;
    expect(lot).toBeTruthy();
    const lotPath = `/home/app/project/details/${lot.rootProjectUnitID}/${lot.id}`;
    await staff.goto(lotPath);
    const card = staff.getByTestId('tasks-card');
    await card.getByRole('button', { name: 'Technische Prüfung anfordern', exact: true }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await card.getByText('Technische Prüfung durchführen').waitFor();
    await staff.screenshot({ path: `${SHOTS}/1440-staff-task.png` });
    await staff.getByText(/^Technische Prüfung · seit /).waitFor();
    // … it is the sales planner's task in My Tasks, under its German label …
    await staff.goto('/home/app/task-list');
    await staff.getByText('Technische Prüfung durchführen').first().waitFor();
    // … and the review passed, the lot waits for the drawings' review.
    await staff.goto(lotPath);
    await card.getByRole('button', { name: 'Technische Prüfung bestanden', exact: true }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await expect.poll(async () => ((await (await staff.request.get(`/api/data/planxchange/projects/${lot.id}`)).json()) as { stateKey: string }).stateKey).toBe('ReviewPreliminaryDrawings');
  });
});
