import { describe, expect, it } from 'vitest';
import { isolatedJourney } from './isolated-server';

// A configurer drafts a workflow change in the diagram editor; it writes drafts, so it runs on its own server.
const SHOTS = '/tmp/shots-workflow-editor';
const { signIn } = isolatedJourney(SHOTS);

describe('workflow diagram editor', () => {
  it('lets a configurer open a draft of the approval lot, add a state, see it marked unreachable, undo it and discard the draft', async () => {
    const page = await signIn('configurer');
    await page.getByTestId('menu-workflow-editor').click();
    await page.waitForURL('**/home/app/workflow-editor');
    await page.getByTestId('new-draft').click();
    await page.getByTestId('state-Preparing').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('check-summary').innerText()).toContain('No problems in this view');
    await page.screenshot({ path: `${SHOTS}/1440-editor.png` });

    await page.getByTestId('add-state').click();
    await page.getByTestId('state-NewState').waitFor();
    expect(await page.getByTestId('state-NewState').getAttribute('data-problem')).toBe('unreachable deadEnd');
    expect(await page.getByTestId('check-summary').innerText()).toContain('Unreachable');
    await page.getByTestId('label-states-de').fill('Technische Prüfung');
    await page.getByTestId('label-states-en').fill('Technical review');
    // The diagram speaks the configurer's language (English here).
    await page.getByTestId('state-NewState').getByText('Technical review').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/390-editor.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('state-NewState').waitFor({ state: 'detached' });
    expect(await page.getByTestId('check-summary').innerText()).toContain('No problems in this view');
    await page.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByTestId('new-draft').waitFor();
  });
});
