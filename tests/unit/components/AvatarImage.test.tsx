// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvatarCard } from '../../../src/custom/profile/AvatarCard';
import { AVATAR_LOAD_RETRIES, AVATAR_RETRY_DELAY_MS } from '../../../src/domain/avatar';
import type { Profile } from '../../../src/domain/profile';

const IDENTITY_AVATAR = '/api/data/planxchange/profilefiles/7/thumbnail.png?ts=5';

/**
 * An Image whose loads of the identity's avatar fail `failures` times, then succeed; those addresses are recorded
 * (the card asks for the profile's own address until the identity has loaded, and MUI's Avatar loads the final one).
 */
function stubImages(failures: number) {
  const requested: string[] = [];
  let attempts = 0;
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(url: string) {
      if (!url.startsWith(IDENTITY_AVATAR)) {
        setTimeout(() => this.onerror?.(), 1);
        return;
      }
      attempts += 1;
      requested.push(url);
      const fails = attempts <= failures;
      setTimeout(() => (fails ? this.onerror?.() : this.onload?.()), 1);
    }
  }
  vi.stubGlobal('Image', FakeImage);
  return requested;
}

const profile = {
  user: { userID: 7, userLogin: 'kunde', language: 'en' },
  userProfile: { firstName: 'Klara', lastName: 'Kunde', hasProfileImage: 1, dailyStatusMail: false },
  isExternalLogin: false,
  address: { name: '', street1: '', street2: '', zip: '', city: '' },
  contact: { officePhone: '', companyMobile: '' },
} as unknown as Profile;

function renderCard() {
  const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en');
  const authProvider = { getIdentity: async () => ({ id: 7, fullName: 'Klara Kunde', avatar: IDENTITY_AVATAR }), checkAuth: async () => undefined, login: async () => undefined, logout: async () => undefined, checkError: async () => undefined };
  return render(
    <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
      <AvatarCard profile={profile} />
    </AdminContext>,
  );
}

const avatarImage = () => screen.getByTestId('profile-avatar').querySelector('img');

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the avatar image (spec: up to 40 retries, 50 ms apart)', () => {
  it('shows the image once a retry loads it (the thumbnail was still being written)', async () => {
    const requested = stubImages(3);
    renderCard();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4 * AVATAR_RETRY_DELAY_MS + 50);
    });
    // Three failures, the fourth load succeeds (MUI's Avatar then loads that address once more).
    expect(requested.slice(0, 4)).toEqual([IDENTITY_AVATAR, `${IDENTITY_AVATAR}&retry=1`, `${IDENTITY_AVATAR}&retry=2`, `${IDENTITY_AVATAR}&retry=3`]);
    expect(new Set(requested.slice(4))).toEqual(new Set(requested.length > 4 ? [requested[3]] : []));
    expect(avatarImage()?.getAttribute('src')).toBe(requested[3]);
  });

  it('gives up after 40 retries and shows the initials instead of a broken image', async () => {
    const requested = stubImages(Infinity);
    renderCard();
    await act(async () => {
      await vi.advanceTimersByTimeAsync((AVATAR_LOAD_RETRIES + 5) * (AVATAR_RETRY_DELAY_MS + 2));
    });
    expect(requested).toHaveLength(AVATAR_LOAD_RETRIES + 1);
    expect(avatarImage()).toBeNull();
    expect(screen.getByTestId('profile-avatar').textContent).toBe('KK');
  });
});
