import { configure, render } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { AdminContext, Notification, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi, type Mock } from 'vitest';
import type { PortalDataProvider } from '../../../src/providers/dataProvider';

// A first render of a react-admin view (access check, then the data) can take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
export const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

export type FakeDataProvider = PortalDataProvider & Record<string, Mock>;

/**
 * One fake object for the whole data layer: the given methods (CRUD and custom) as spies; any other method a view
 * calls rejects, so that a test sees it (and the view shows its error state) instead of a silent default.
 */
export function fakeDataProvider(methods: Record<string, (...args: never[]) => unknown>): FakeDataProvider {
  // Live updates (react-admin's realtime convention): a view may listen; nothing arrives unless a test publishes.
  const live = { subscribe: () => Promise.resolve({ data: null }), unsubscribe: () => Promise.resolve({ data: null }) };
  const fakes: Record<string, Mock> = Object.fromEntries(Object.entries({ ...live, ...methods }).map(([name, method]) => [name, vi.fn(method as (...args: unknown[]) => unknown)]));
  return new Proxy(fakes, {
    get(target, name) {
      if (typeof name === 'symbol' || name === 'then' || name === 'supportAbortSignal') return undefined;
      target[name] ??= vi.fn(() => Promise.reject(new Error(`dataProvider.${name} is not faked here`)));
      return target[name];
    },
  }) as unknown as FakeDataProvider;
}

/** The calls of one method of the fake, as [resource or first argument, params, ...]. */
export const callsOf = (dataProvider: FakeDataProvider, method: string) => (dataProvider[method] as Mock).mock.calls;

/** A signed-in user the permission checks let in (the domain's rules are tested on their own). */
export const signedIn = (canAccess: AuthProvider['canAccess'] = () => Promise.resolve(true)): AuthProvider => ({
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(),
  getIdentity: () => Promise.resolve({ id: 1, fullName: 'Sam Staff' }),
  canAccess,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders routes (paths under /home/app) at `path` inside react-admin's context with the fake data provider. */
export function renderRoutes(path: string, routes: ReactNode, dataProvider: FakeDataProvider, authProvider?: AuthProvider) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          {routes}
          <Route path="*" element={null} />
        </Routes>
        <Location />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}
