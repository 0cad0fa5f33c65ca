import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { APP_BASENAME, PortalAdmin } from './App';
import { createI18nProvider } from './providers/i18nProvider';

async function start() {
  const i18nProvider = await createI18nProvider();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <Routes>
          <Route path={`${APP_BASENAME}/*`} element={<PortalAdmin i18nProvider={i18nProvider} />} />
          {/* The empty path and any unknown path lead to the dashboard. */}
          <Route path="*" element={<Navigate to={`${APP_BASENAME}/dash`} replace />} />
        </Routes>
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
