// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AacProduct } from '../../../src/domain/catalogue';
import type { ImportPreview } from '../../../src/providers/methods/bulk';
import { AacProductList } from '../../../src/resources/aac-products/AacProductList';
import { callsOf, fakeDataProvider, renderRoutes, signedIn } from './resourceTestKit';

const RESOURCE = 'admin/aacproducts';
const product = (id: number, articleNo: string, price: number | null): AacProduct => ({
  id, tenantID: 1, tenantName: 'Nordstein', productNo: id - 1, articleNo, title: `PE ${id}`, value: `PE${id}`, thickness: 300, width: 625, minLength: 1000, maxLength: 6000, unitsPerPallet: 10, price, active: true,
});

const headers = ['Tenant', 'Article no.', 'Price', 'Remark'];
const preview = (mapping: (string | null)[], invalid = 0): ImportPreview => ({
  fileName: 'prices.csv', format: 'csv', delimiter: ';', encoding: 'windows-1252', decimalComma: true, headers, mapping,
  summary: { new: 1, changed: 1, unchanged: 0, invalid },
  rows: [
    { line: 2, status: 'changed', key: '1 / NS-1', id: 1, values: {}, changes: [{ field: 'price', from: 210.5, to: 1234.5 }] },
    { line: 3, status: invalid ? 'invalid' : 'new', key: '1 / NS-9', values: {}, ...(invalid ? { problems: [{ field: 'price', key: 'CATALOGUE.Validation.Price', text: 'Enter a price of at least 0 with at most two decimals.' }] } : {}) },
  ],
});

function renderList(dataProvider: ReturnType<typeof fakeDataProvider>, canImport = true) {
  const auth = signedIn(({ action }) => Promise.resolve(action !== 'import' || canImport));
  return renderRoutes(`/${RESOURCE}`, <Route path={`/${RESOURCE}`} element={<ResourceContextProvider value={RESOURCE}><AacProductList /></ResourceContextProvider>} />, dataProvider, auth);
}

const listProvider = (extra: Record<string, (...args: never[]) => unknown> = {}) =>
  fakeDataProvider({
    getList: () => Promise.resolve({ data: [product(1, 'NS-1', 210.5), product(2, 'NS-2', null)], total: 2 }),
    getCatalogueTenants: () => Promise.resolve([{ id: 1, tenantID: 1, name: 'Nordstein' }]),
    ...extra,
  });

describe('bulk administration on the AAC catalogue', () => {
  it('imports: file → columns (a column mapped by the user) → preview → apply, all through the data provider', async () => {
    const dataProvider = listProvider({
      previewImport: (_resource: string, _file: File, mapping?: (string | null)[]) => Promise.resolve(preview(mapping ?? ['tenantID', 'articleNo', 'price', null])),
      applyImport: () => Promise.resolve({ operationID: 9, new: 1, changed: 1, unchanged: 0 }),
    });
    renderList(dataProvider);
    await screen.findByText('NS-1');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['Tenant;Article no.;Price;Remark\n1;NS-1;1.234,5;x'], 'prices.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('import-file'), { target: { files: [file] } });
    const columns = await within(dialog).findByRole('table', { name: 'Columns' });
    // The user maps "Remark" to the title.
    fireEvent.mouseDown(within(columns).getByRole('combobox', { name: 'Remark' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Title' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show preview' }));
    await within(dialog).findByRole('table', { name: 'Preview' });
    expect(callsOf(dataProvider, 'previewImport')[1]).toEqual(['aacproducts', file, ['tenantID', 'articleNo', 'price', 'title']]);
    expect(within(dialog).getByText(/Price: 210\.50 →/)).toBeTruthy();
    expect(within(dialog).getByText('1,234.50')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 2 change(s)' }));
    await screen.findByText('Imported: 1 new, 1 changed, 0 unchanged.');
    expect(callsOf(dataProvider, 'applyImport')[0]).toEqual(['aacproducts', file, ['tenantID', 'articleNo', 'price', 'title']]);
  });

  it('shows every reason of invalid rows and does not offer to import', async () => {
    const dataProvider = listProvider({ previewImport: (_r: string, _f: File, mapping?: (string | null)[]) => Promise.resolve(preview(mapping ?? ['tenantID', 'articleNo', 'price', null], 1)) });
    renderList(dataProvider);
    await screen.findByText('NS-1');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('import-file'), { target: { files: [new File(['x'], 'bad.csv')] } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Show preview' }));
    await within(dialog).findByText('Price: Enter a price of at least 0 with at most two decimals.');
    expect((within(dialog).getByRole('button', { name: /^Import \d+ change/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sets a field on the selected rows in one updateMany call', async () => {
    const dataProvider = listProvider({ updateMany: (_resource: string, params: { ids: number[] }) => Promise.resolve({ data: params.ids }) });
    renderList(dataProvider);
    await screen.findByText('NS-1');
    const [first, second] = screen.getAllByRole('checkbox').filter((box) => box.getAttribute('aria-label') !== 'Select all');
    fireEvent.click(first);
    fireEvent.click(second);
    fireEvent.click(await screen.findByRole('button', { name: 'Set field' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Field' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Price' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New value' }), { target: { value: '149,90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    // Undoable: the call goes out when the notification closes without Undo.
    await screen.findByText('Changed 2 records.');
    fireEvent.click(screen.getByText('Changed 2 records.'));
    await waitFor(() => expect(callsOf(dataProvider, 'updateMany').length).toBe(1), { timeout: 8000 });
    expect(callsOf(dataProvider, 'updateMany')[0][1]).toMatchObject({ ids: [1, 2], data: { price: 149.9 } });
  });

  it('offers no import to a user who may not (the API refuses them too)', async () => {
    renderList(listProvider(), false);
    await screen.findByText('NS-1');
    expect(screen.getAllByRole('button', { name: 'Export' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
