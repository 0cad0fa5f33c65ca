// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SingleSignOnButton } from '../../../src/layout/SingleSignOnButton';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

function stubOptions(body: unknown) {
  const fetchMock = vi.fn((url: string) =>
    String(url) === '/api/auth/oidc' ? Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })) : Promise.reject(new Error(`unexpected ${url}`)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/home/app/login', state }]}>
      <AdminContext i18nProvider={i18nProvider}>
        <SingleSignOnButton />
        <span>login form</span>
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SingleSignOnButton', () => {
  it('offers the configured provider, in the page language, back to the page react-admin was sent away from', async () => {
    stubOptions({ enabled: true, displayName: 'Demo-ID', loginUrl: '/api/auth/oidc/login' });
    renderAt({ nextPathname: '/home/app/project/details/5', nextSearch: '?tab=files' });
    const link = await screen.findByRole('link', { name: 'Sign in with Demo-ID' });
    const href = new URL(link.getAttribute('href')!, 'http://portal');
    expect(href.pathname).toBe('/api/auth/oidc/login');
    expect(Object.fromEntries(href.searchParams)).toEqual({ locale: 'en', returnTo: '/home/app/project/details/5?tab=files' });
  });

  it('shows nothing when no provider is configured', async () => {
    const fetchMock = stubOptions({ enabled: false });
    renderAt();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await screen.findByText('login form');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/Sign in with/)).toBeNull();
  });
});
