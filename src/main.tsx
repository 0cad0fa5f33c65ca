import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createRoutesFromElements, Navigate, Route, RouterProvider } from 'react-router-dom';
import { APP_BASENAME, PortalAdmin } from './App';
import { AdminContext } from 'react-admin';
import { ACCOUNT_DELETION_PATH, SET_PASSWORD_PATH } from './custom/account/accountPaths';
import { SIGN_IN_REFUSED_PATH } from './domain/externalSignIn';
import { lazyNamed } from './layout/lazyView';
import { dataProvider } from './providers/dataProvider';
import { createI18nProvider } from './providers/i18nProvider';
import { theme } from './theme';
import { QUESTIONNAIRE_PRINT_ROUTE } from './resources/projects/questionnaire/questionnairePaths';

// Pages reached from mails or the identity provider load when opened: their forms (zod, react-hook-form) stay out of the first load.
const AccountDeletionPage = lazyNamed(() => import('./custom/account/AccountDeletionPage'), 'AccountDeletionPage');
const SetPasswordPage = lazyNamed(() => import('./custom/account/SetPasswordPage'), 'SetPasswordPage');
const SignInRefusedPage = lazyNamed(() => import('./custom/account/SignInRefusedPage'), 'SignInRefusedPage');
const QuestionnairePrintPage = lazy(() => import('./resources/projects/questionnaire/QuestionnairePrintPage'));

async function start() {
  const i18nProvider = await createI18nProvider();
  // A data router: pages with a leave guard (the questionnaire) need useBlocker.
  const router = createBrowserRouter(
    createRoutesFromElements(
      <>
        <Route path={`${APP_BASENAME}/*`} element={<PortalAdmin i18nProvider={i18nProvider} />} />
        {/* Reached from the deletion mail, signed in or not. */}
        <Route
          path={ACCOUNT_DELETION_PATH}
          element={
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
              <AccountDeletionPage />
            </AdminContext>
          }
        />
        {/* Reached from the invitation mail, before the user has a password. */}
        <Route
          path={SET_PASSWORD_PATH}
          element={
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
              <SetPasswordPage />
            </AdminContext>
          }
        />
        {/* A sign-in through the identity provider that the portal cannot accept, with the reason. */}
        <Route
          path={SIGN_IN_REFUSED_PATH}
          element={
            <AdminContext i18nProvider={i18nProvider} theme={theme}>
              <SignInRefusedPage />
            </AdminContext>
          }
        />
        {/* Print pages have no shell; signed in through the session cookie like the app. */}
        <Route
          path={QUESTIONNAIRE_PRINT_ROUTE}
          element={
            <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} theme={theme}>
              <Suspense fallback={null}>
                <QuestionnairePrintPage />
              </Suspense>
            </AdminContext>
          }
        />
        {/* The empty path and any unknown path lead to the dashboard. */}
        <Route path="*" element={<Navigate to={`${APP_BASENAME}/dash`} replace />} />
      </>,
    ),
  );
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
