// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SalesOrgRequestDialog } from '../../../src/custom/dashboard/SalesOrgRequestDialog';
import type { Profile } from '../../../src/domain/profile';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const profile: Profile = {
  user: { userID: 4, userLogin: 'customer', language: 'en', email: 'customer@bouwbedrijf.example' },
  userProfile: { firstName: 'Kees', lastName: 'Klant', hasProfileImage: 0, dailyStatusMail: false },
  isExternalLogin: false,
  address: { name: 'Bouwbedrijf Van Dijk B.V.', street1: 'Havenweg 12', street2: '', zip: '3011 AB', city: 'Rotterdam' },
  contact: { officePhone: '', companyMobile: '' },
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** GET profile answers `data`; the POST waits until the test releases it. */
function stubApi(data: Profile) {
  let release: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (String(url).endsWith('/profile')) return Promise.resolve(json({ data }));
    if (String(url).endsWith('/email/send') && init?.method === 'POST') return new Promise<Response>((resolve) => (release = resolve));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release: (response: Response) => release(response) };
}

function renderDialog(onClose = vi.fn()) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <SalesOrgRequestDialog salesOrg={{ title: 'Nordstein Vertrieb Deutschland', contactMail: 'vertrieb@nordstein.example' }} onClose={onClose} />
    </AdminContext>,
  );
  return onClose;
}

afterEach(() => vi.unstubAllGlobals());

describe('SalesOrgRequestDialog', () => {
  it('shows the profile data, sends it with N/A for missing values, and is disabled while sending', async () => {
    const api = stubApi(profile);
    const onClose = renderDialog();
    await screen.findByText('vertrieb@nordstein.example');
    expect(screen.getAllByText('N/A')).toHaveLength(2); // address 2 and phone
    const send = screen.getByTestId('salesorg-request-send');
    await act(async () => {
      fireEvent.click(send);
    });
    await waitFor(() => expect(send).toHaveProperty('disabled', true));
    // A second click while in flight sends nothing more.
    fireEvent.click(send);
    const posts = api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0][1]!.body))).toEqual({
      SenderMail: 'customer@bouwbedrijf.example',
      RecipientMail: 'vertrieb@nordstein.example',
      SenderUserID: 4,
      FirstName: 'Kees',
      LastName: 'Klant',
      Company: 'Bouwbedrijf Van Dijk B.V.',
      Street1: 'Havenweg 12',
      Street2: 'N/A',
      ZIP: '3011 AB',
      City: 'Rotterdam',
      Phone: 'N/A',
    });
    await act(async () => api.release(json({ queued: true, mailID: 1 }, 201)));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers no sending without an e-mail address on the account', async () => {
    stubApi({ ...profile, user: { ...profile.user, email: '' } });
    renderDialog();
    await screen.findByText(/Your account has no e-mail address/);
    expect(screen.getByTestId('salesorg-request-send')).toHaveProperty('disabled', true);
  });

  it('stays open when the server refuses', async () => {
    const api = stubApi(profile);
    const onClose = renderDialog();
    await screen.findByText('vertrieb@nordstein.example');
    await act(async () => {
      fireEvent.click(screen.getByTestId('salesorg-request-send'));
    });
    await act(async () => api.release(json({ status: 429, messages: [{ type: 'error', text: 'Too many' }] }, 429)));
    await waitFor(() => expect(screen.getByTestId('salesorg-request-send')).toHaveProperty('disabled', false));
    expect(onClose).not.toHaveBeenCalled();
  });
});
