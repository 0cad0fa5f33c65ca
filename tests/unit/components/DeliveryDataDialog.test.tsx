// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryData } from '../../../src/resources/projects/deliveries/deliveryQueries';
import { DeliveryDataDialog } from '../../../src/resources/projects/deliveries/DeliveryDataDialog';
import { dataProvider } from '../../../src/providers/dataProvider';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const DATA: DeliveryData = {
  canEdit: true,
  editReason: null,
  materialTypes: [{ key: 'Planelemente', label: 'Planelemente', productTypeID: 1, minDate: '2030-03-01' }],
  subProjects: [
    {
      subProjectID: 10,
      subProjectTitle: 'Schulgebäude',
      approvalLots: [
        { approvalLotID: 11, approvalLotTitle: 'Bauabschnitt 1', stateKey: 'Preparing', materials: [{ type: 'Planelemente', volume: 200, deliveryDate: '2030-04-01' }], minDate: { Planelemente: '2030-03-01' }, available: 250, version: 3 },
        { approvalLotID: 12, approvalLotTitle: 'Bauabschnitt 2', stateKey: 'Preparing', materials: [{ type: 'Planelemente', volume: 100, deliveryDate: '2030-04-15' }], minDate: { Planelemente: '2030-03-01' }, available: 150, version: 5 },
      ],
    },
  ],
};

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function stubApi(post: (body: unknown) => Promise<Response>) {
  const fetch = vi.fn((_url: string, options?: RequestInit) => (options?.method === 'POST' ? post(JSON.parse(String(options.body))) : json(200, DATA)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderDialog(onClose = vi.fn()) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <DeliveryDataDialog rootId={5} onClose={onClose} />
    </AdminContext>,
  );
  return onClose;
}

afterEach(() => vi.unstubAllGlobals());

describe('DeliveryDataDialog', () => {
  it('shows per subproject and lot the rows, totals and what is available; a volume above it shows Max and blocks Save', async () => {
    stubApi(() => json(200, DATA));
    renderDialog();
    const lot = await screen.findByTestId('delivery-lot-12');
    expect(within(lot).getByTestId('lot-available').textContent).toBe('Available 150 m³');
    expect(screen.getByText('300 / 350 m³ planned')).toBeTruthy();
    expect(screen.getByTestId('delivery-data-save')).toHaveProperty('disabled', true);

    fireEvent.change(within(lot).getByTestId('material-volume-0'), { target: { value: '180' } });
    await within(lot).findByText('Too much volume. Max: 150 m³');
    expect(screen.getByTestId('delivery-data-save')).toHaveProperty('disabled', true);
    // The other lot may now hold less: 350 − 180.
    expect(within(screen.getByTestId('delivery-lot-11')).getByTestId('lot-available').textContent).toBe('Available 170 m³');
  });

  it('saves only the changed lots and closes; server problems show at the rows of the lot they name', async () => {
    const posted: unknown[] = [];
    let answer = json(400, { status: 400, messages: [{ type: 'error', text: 'The earliest possible delivery date is Mar 9, 2030.', reference: '0.materials.0.deliveryDate', key: 'STRUCTURE.Errors.DateTooEarly' }] });
    stubApi((body) => {
      posted.push(body);
      return answer;
    });
    const onClose = renderDialog();
    const lot = await screen.findByTestId('delivery-lot-12');
    fireEvent.change(within(lot).getByTestId('material-volume-0'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('delivery-data-save'));
    await within(lot).findByText('The earliest possible delivery date is Mar 9, 2030.');
    expect(posted).toEqual([[{ approvalLotID: 12, version: 5, materials: [{ type: 'Planelemente', volume: 120, deliveryDate: '2030-04-15' }] }]]);
    expect(onClose).not.toHaveBeenCalled();

    answer = json(200, DATA);
    // The field takes the day as the user's language writes it (en: MM/DD/YYYY).
    fireEvent.change(within(lot).getByTestId('material-date-0'), { target: { value: '04/20/2030' } });
    fireEvent.click(screen.getByTestId('delivery-data-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted[1]).toEqual([{ approvalLotID: 12, version: 5, materials: [{ type: 'Planelemente', volume: 120, deliveryDate: '2030-04-20' }] }]);
  });

  it('on a conflict (409) drops the edits, reads the lots again and stays open', async () => {
    const fetch = stubApi(() => json(409, { status: 409, messages: [{ type: 'error', text: 'Someone else changed this in the meantime.', key: 'ERRORMESSAGES.ChangedMeanwhile' }] }));
    const onClose = renderDialog();
    const lot = await screen.findByTestId('delivery-lot-12');
    fireEvent.change(within(lot).getByTestId('material-volume-0'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('delivery-data-save'));
    await waitFor(() => expect(fetch.mock.calls.filter(([, options]) => !options?.method || options.method === 'GET')).toHaveLength(2));
    await waitFor(() => expect((within(screen.getByTestId('delivery-lot-12')).getByTestId('material-volume-0') as HTMLInputElement).value).toBe('100'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('delivery-data-save')).toHaveProperty('disabled', true);
  });

  it('is read-only with the reason when the user may not change delivery data', async () => {
    vi.stubGlobal('fetch', vi.fn(() => json(200, { ...DATA, canEdit: false, editReason: 'DELIVERY.Errors.NotAMember' })));
    renderDialog();
    await screen.findByText('Only project members change delivery data.');
    expect(screen.queryByTestId('delivery-data-save')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});
