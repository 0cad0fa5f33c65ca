// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PortalLoginForm } from '../../../src/layout/PortalLoginForm';

const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en');

function renderForm(login: AuthProvider['login']) {
  const authProvider: AuthProvider = { login, logout: async () => {}, checkAuth: async () => {}, checkError: async () => {}, getPermissions: async () => null };
  return render(
    <MemoryRouter initialEntries={['/home/app/login']}>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider}>
        <PortalLoginForm />
      </AdminContext>
    </MemoryRouter>,
  );
}

async function submit(password: string) {
  fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'guesser' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the login form', () => {
  it('says a refused login in the form at once, the newest answer in place of the last (no queue of toasts)', async () => {
    const answers = ['Login name or password is wrong.', 'Too many failed logins. Please try again in 1 second.'];
    const login = vi.fn(async () => {
      throw new Error(answers.shift());
    });
    renderForm(login);
    await submit('guess-1');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Login name or password is wrong.');
    await submit('guess-2');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many failed logins. Please try again in 1 second.'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(login).toHaveBeenCalledTimes(2);
  });

  it('a refusal without a message reads as react-admin’s sign-in error, translated', async () => {
    renderForm(async () => {
      throw new Error('');
    });
    await submit('x');
    expect((await screen.findByRole('alert')).textContent).toBe(englishMessages.ra.auth.sign_in_error);
  });
});
