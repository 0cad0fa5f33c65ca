import DynamicFormIcon from '@mui/icons-material/DynamicForm';
import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Route } from 'react-router-dom';
import { lazyNamed } from '../../layout/lazyView';
import type { PortalResourceOptions } from '../../layout/menuOptions';

// The editor (CodeMirror, the form kit) and the diff (package `diff`) load when first opened, not with the portal.
const SheetEditPage = lazy(() => import('./SheetEditPage'));
const SheetDiffPage = lazy(() => import('./SheetDiffPage'));

const SheetEdit = () => (
  <Suspense fallback={<LinearProgress />}>
    <SheetEditPage />
  </Suspense>
);

/** The configurers' questionnaire sheets: list, editor (`…/{id}`) and comparison (`…/diff?name=&a=&b=`). */
export default {
  list: lazyNamed(() => import('./SheetList'), 'SheetList'),
  edit: SheetEdit,
  icon: DynamicFormIcon,
  recordRepresentation: 'name',
  options: {
    label: 'QUESTIONNAIRE_SHEETS.Menu',
    menu: [{ section: 'configuration', order: 10, label: 'QUESTIONNAIRE_SHEETS.Menu', testId: 'menu-questionnaire-sheets' }],
  } satisfies PortalResourceOptions,
  children: (
    <Route
      path="diff"
      element={
        <Suspense fallback={<LinearProgress />}>
          <SheetDiffPage />
        </Suspense>
      }
    />
  ),
};
