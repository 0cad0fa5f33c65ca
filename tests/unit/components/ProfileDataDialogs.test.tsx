// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanyDataCard, ContactDataCard } from '../../../src/custom/profile/DataCards';
import type { Profile } from '../../../src/domain/profile';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const profile = {
  user: { userID: 7, userLogin: 'kunde', language: 'en' },
  userProfile: { firstName: 'Klara', lastName: 'Kunde', hasProfileImage: 0, dailyStatusMail: false },
  isExternalLogin: false,
  address: { name: 'Bau GmbH', street1: '', street2: '', zip: '', city: '' },
  contact: { officePhone: '', companyMobile: '' },
} as unknown as Profile;

afterEach(() => vi.unstubAllGlobals());

/** The server refuses with a message naming the field, as the profile API does. */
function refuse(reference: string, text: string) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 422, messages: [{ type: 'error', key: 'VALIDATION.TooLong', reference, text }] }), { status: 422, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('company and contact dialogs: the server decides (spec: no client-side rules)', () => {
  it('sends an over-long company name and shows the server’s refusal in the list and under the field', async () => {
    const text = 'This value is too long (at most 200).';
    const fetchMock = refuse('name', text);
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <CompanyDataCard profile={profile} />
      </AdminContext>,
    );
    fireEvent.click(within(screen.getByTestId('company-data-card')).getByRole('button', { name: 'Edit' }));
    const name = await screen.findByLabelText(appMessages.PROFILE.CompanyName);
    fireEvent.change(name, { target: { value: 'x'.repeat(300) } });
    const save = screen.getByTestId('profile-dialog-save');
    // No client rule holds the form back.
    expect(save).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.click(save);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(await screen.findByTestId('dialog-messages')).getByText(text)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(text)).toHaveLength(2);
    expect(screen.queryByText(/%\{max\}/)).toBeNull();
    // Retyping the field drops its stale refusal there.
    fireEvent.change(name, { target: { value: 'Bau GmbH' } });
    expect(name.getAttribute('aria-invalid')).toBe('false');
  });

  it('sends a phone number the browser would not judge; the server’s message shows', async () => {
    const text = 'Please enter a valid phone number.';
    const fetchMock = refuse('officePhone', text);
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ContactDataCard profile={profile} />
      </AdminContext>,
    );
    fireEvent.click(within(screen.getByTestId('contact-data-card')).getByRole('button', { name: 'Edit' }));
    const phone = await screen.findByLabelText(appMessages.PROFILE.OfficePhone);
    fireEvent.change(phone, { target: { value: 'call me maybe' } });
    expect(screen.getByTestId('profile-dialog-save')).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('profile-dialog-save'));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await screen.findAllByText(text)).toHaveLength(2);
  });
});
