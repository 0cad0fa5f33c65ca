// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, useNotify } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PortalNotification } from '../../../src/layout/PortalNotification';

const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en');
let notify: ReturnType<typeof useNotify>;

function Notifier() {
  notify = useNotify();
  return null;
}

function renderToasts() {
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <Notifier />
        <PortalNotification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const visible = (text: string) => screen.queryByText(text) !== null;

describe('toasts', () => {
  it('a newer toast takes the place of the one on screen within a second and a half, not after its five seconds', async () => {
    renderToasts();
    act(() => notify('Row 1 saved', { type: 'info' }));
    await screen.findByText('Row 1 saved');
    const asked = performance.now();
    act(() => notify('The order was placed.', { type: 'info' }));
    await screen.findByText('The order was placed.', undefined, { timeout: 3_000 });
    expect(performance.now() - asked).toBeLessThan(1_500);
    // The newest one then stays its time.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(visible('The order was placed.')).toBe(true);
  });

  it('a toast with Undo keeps its window when another one comes', async () => {
    renderToasts();
    act(() => notify('3 records changed', { type: 'info', undoable: true }));
    await screen.findByText('3 records changed');
    act(() => notify('Saved', { type: 'info' }));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(visible('3 records changed')).toBe(true);
    expect(visible('Saved')).toBe(false);
  });
});
