// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionnairePageData } from '../../../src/resources/projects/questionnaire/questionnaireQueries';
import QuestionnairePrintPage from '../../../src/resources/projects/questionnaire/QuestionnairePrintPage';
import type { SheetVersion } from '../../../src/domain/questionnaire';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');
const sheetsDir = join(__dirname, '../../../schemas/questionnaire/sheets');

function shippedSheet(name: string): SheetVersion {
  const read = (kind: string) => JSON.parse(readFileSync(join(sheetsDir, name, `v1.${kind}.json`), 'utf8'));
  return { name, version: 1, schema: read('schema'), uiSchema: read('uischema'), status: 'published' };
}

const data: QuestionnairePageData = {
  rootProjectUnitID: 7,
  projectUnitNo: 'CB-NL-2026-0001',
  title: 'Appartementen Maaskade',
  tenantType: 'standard',
  setKey: 'nl',
  canEdit: true,
  editReason: null,
  minActiveSheets: 2,
  sheets: [shippedSheet('xnl-algemeen'), shippedSheet('xnl-elementen'), shippedSheet('xnl-lateien')],
  data: {
    'xnl-algemeen': {
      project: { bouwtype: 'residential', bouwlagen: 4 },
      materiaal: { elementen: true, lateien: false },
      logistiek: { kraan: false, hijsvermogen: 3 },
    },
    'xnl-elementen': { elementen: { wanddiktes: ['240', '300'], elementhoogte: 2.75 } },
    // Not chosen in the material choice: not printed although it holds answers.
    'xnl-lateien': { lateien: { opmerkingen: 'not printed' } },
  },
  isValid: false,
  sheetValidity: {},
  version: 2,
  updatedAt: '2026-11-21T10:00:00.000Z',
};

function renderPrint(search = '') {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } }))));
  const router = createMemoryRouter(
    [{ element: <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}><Outlet /></AdminContext>, children: [{ path: '/print/questionnaire/:rootId', element: <QuestionnairePrintPage /> }] }],
    { initialEntries: [`/print/questionnaire/7${search}`] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('QuestionnairePrintPage', () => {
  it('prints every active sheet with answers under "number - title", answered and enabled controls only', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderPrint('?noprint=1');
    const sheets = await screen.findAllByTestId('print-sheet');
    expect(screen.getByTestId('print-title').textContent).toBe('CB-NL-2026-0001 - Appartementen Maaskade');
    expect(sheets.map((sheet) => sheet.getAttribute('data-sheet'))).toEqual(['xnl-algemeen', 'xnl-elementen']);
    expect(within(sheets[0]).getByText('Residential building')).toBeTruthy();
    expect(within(sheets[0]).getByText('AAC elements')).toBeTruthy();
    expect(within(sheets[0]).queryByText('Lintels')).toBeNull();
    // The crane capacity is disabled without a crane: not printed.
    expect(within(sheets[0]).queryByText('3 t')).toBeNull();
    expect(within(sheets[1]).getByText('240 mm, 300 mm')).toBeTruthy();
    expect(within(sheets[1]).getByText('2.75 m')).toBeTruthy();
    expect(screen.queryByText('not printed')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(window.print).not.toHaveBeenCalled();
  });

  it('opens the print dialog after about 300 ms and closes the window about 400 ms after printing', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    renderPrint();
    await screen.findAllByTestId('print-sheet');
    const shown = Date.now();
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(Date.now() - shown).toBeGreaterThanOrEqual(250);
    expect(close).not.toHaveBeenCalled();
    fireEvent(window, new Event('afterprint'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(close).not.toHaveBeenCalled();
    await waitFor(() => expect(close).toHaveBeenCalledTimes(1));
  });
});
