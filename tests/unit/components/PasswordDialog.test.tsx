// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordDialog } from '../../../src/custom/profile/PasswordDialog';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

afterEach(() => vi.unstubAllGlobals());

describe('PasswordDialog', () => {
  it('shows the server message of a 429 (too many wrong current passwords) and stays open', async () => {
    const text = 'The current password was wrong 5 times within 15 minutes. Please try again in 12 minutes.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 429, messages: [{ type: 'error', text, key: 'RATELIMIT.passwordChangeFailure' }] }), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '700' } })),
    );
    const onClose = vi.fn();
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <PasswordDialog onClose={onClose} />
        <Notification />
      </AdminContext>,
    );
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'Alt-Passwort-1' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Neu-Passwort-2' } });
    fireEvent.change(screen.getByLabelText(/Repeat new password/), { target: { value: 'Neu-Passwort-2' } });
    const save = screen.getByTestId('profile-dialog-save');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(save);
    });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByText('Unknown API Error')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
