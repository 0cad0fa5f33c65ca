import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { APP_BASENAME, PortalAdmin } from './App';
import { AdminContext } from 'react-admin';
import { ACCOUNT_DELETION_PATH, AccountDeletionPage } from './custom/account/AccountDeletionPage';
import { SET_PASSWORD_PATH, SetPasswordPage } from './custom/account/SetPasswordPage';
import { createI18nProvider } from './providers/i18nProvider';
import { theme } from './theme';

async function start() {
  const i18nProvider = await createI18nProvider();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path={`${APP_BASENAME}/*`} element={<PortalAdmin i18nProvider={i18nProvider} />} />
          {/* Reached from the deletion mail, signed in or not. */}
          <Route
            path={ACCOUNT_DELETION_PATH}
            element={
              <AdminContext i18nProvider={i18nProvider} theme={theme}>
                <AccountDeletionPage />
              </AdminContext>
            }
          />
          {/* Reached from the invitation mail, before the user has a password. */}
          <Route
            path={SET_PASSWORD_PATH}
            element={
              <AdminContext i18nProvider={i18nProvider} theme={theme}>
                <SetPasswordPage />
              </AdminContext>
            }
          />
          {/* The empty path and any unknown path lead to the dashboard. */}
          <Route path="*" element={<Navigate to={`${APP_BASENAME}/dash`} replace />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
