// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { BannerNotification } from '../../../src/domain/banner';
import { BannerStrip } from '../../../src/layout/BannerStrip';
import { callsOf, fakeDataProvider, renderRoutes, signedIn } from './resourceTestKit';

const banner = (id: number, title: string, text: string, level: BannerNotification['level']): BannerNotification =>
  ({ id, notificationID: id, title, text, level, showFrom: '2026-11-01T00:00:00.000Z', showUntil: '2026-12-31T00:00:00.000Z', salesOrgs: [1] }) as BannerNotification;

describe('BannerStrip', () => {
  it('shows each active banner compactly; a long text opens with More; closing asks the server and hides it', async () => {
    let active = [banner(1, 'Wartung', 'Am Samstag zwischen 06:00 und 08:00 Uhr ist das Portal wegen Wartungsarbeiten nicht erreichbar. Bitte planen Sie Bestellungen vorher.', 'important'), banner(2, 'Werk', 'Kurz.', 'info')];
    const dataProvider = fakeDataProvider({
      getActiveBanners: () => Promise.resolve(active),
      dismissBanner: (id: number) => {
        active = active.filter((entry) => entry.id !== id);
        return Promise.resolve();
      },
    });
    renderRoutes('/home/app/dash', <Route path="/home/app/dash" element={<BannerStrip />} />, dataProvider, signedIn());
    const strip = await screen.findByTestId('banner-strip');
    const [first, second] = within(strip).getAllByRole('status');
    // Only the long one offers "More"; it expands in place.
    expect(within(second).queryByRole('button', { name: 'More' })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'More' }));
    expect(within(first).getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(first).getByRole('button', { name: 'Hide this message' }));
    await waitFor(() => expect(screen.queryByText('Wartung')).toBeNull());
    expect(callsOf(dataProvider, 'dismissBanner')[0][0]).toBe(1);
    expect(screen.getByText('Werk')).toBeTruthy();
  });
});
