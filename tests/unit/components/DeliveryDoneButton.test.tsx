// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AdminContext, Notification, RecordContextProvider, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { DELIVERY_TYPE, type DeliveryLotRecord, type DeliveryType } from '../../../src/domain/deliveries';
import { canAccess } from '../../../src/domain/permissions';
import { DeliveryDoneButton, showsDoneButton } from '../../../src/resources/delivery-overview/DeliveryDoneButton';

const appMessages = JSON.parse(readFileSync(join(__dirname, '../../../i18n/en.json'), 'utf8'));
const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...appMessages }), 'en');

const lot = (deliveryType: DeliveryType): DeliveryLotRecord => ({
  id: 31,
  deliveryLotID: 31,
  rootProjectUnitID: 5,
  title: 'Bauabschnitt 1 – Lieferung 2',
  deliveryDate: '2030-04-02',
  groups: 'Bauabschnitt 1',
  wallNos: 'W1,W2',
  projectUnitIDs: '12',
  deliveryType,
  version: 3,
});

function fakeDataProvider(): DataProvider {
  const unused = vi.fn(() => Promise.reject(new Error('not used')));
  return {
    getList: unused,
    getOne: unused,
    getMany: unused,
    getManyReference: unused,
    create: unused,
    update: vi.fn((_resource, params) => Promise.resolve({ data: { ...lot(DELIVERY_TYPE.Planned), ...params.data } })),
    updateMany: unused,
    delete: unused,
    deleteMany: unused,
  } as DataProvider;
}

function renderButton(record: DeliveryLotRecord, canConfirm: boolean, dataProvider = fakeDataProvider()) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <RecordContextProvider value={record}>
        <DeliveryDoneButton canConfirm={canConfirm} />
      </RecordContextProvider>
      <Notification />
    </AdminContext>,
  );
  return dataProvider;
}

describe('done button of the delivery overview', () => {
  it('shows for OnCall and Planned lots to users who confirm deliveries, never for Fixed lots or customers', () => {
    expect(showsDoneButton({ deliveryType: DELIVERY_TYPE.Planned }, true)).toBe(true);
    expect(showsDoneButton({ deliveryType: DELIVERY_TYPE.OnCall }, true)).toBe(true);
    expect(showsDoneButton({ deliveryType: DELIVERY_TYPE.Fixed }, true)).toBe(false);
    expect(showsDoneButton({ deliveryType: DELIVERY_TYPE.Planned }, false)).toBe(false);
    expect(showsDoneButton({ deliveryType: DELIVERY_TYPE.OnCall }, false)).toBe(false);
  });

  it('the resource: every signed-in user lists it (the API scopes it), only staff and admins mark lots done', () => {
    const customer = { isAdmin: false, isInternal: false, isConfigurer: false, isExternalLogin: false };
    const staff = { ...customer, isInternal: true };
    const admin = { ...staff, isAdmin: true };
    expect(canAccess(customer, { action: 'list', resource: 'delivery-overview' })).toBe(true);
    expect(canAccess(customer, { action: 'edit', resource: 'delivery-overview' })).toBe(false);
    expect(canAccess(staff, { action: 'edit', resource: 'delivery-overview' })).toBe(true);
    expect(canAccess(admin, { action: 'edit', resource: 'delivery-overview' })).toBe(true);
    expect(canAccess(staff, { action: 'delete', resource: 'delivery-overview' })).toBe(false);
  });

  it('is not rendered for a fixed lot or for a user who may not confirm', async () => {
    renderButton(lot(DELIVERY_TYPE.Fixed), true);
    renderButton(lot(DELIVERY_TYPE.Planned), false);
    await waitFor(() => expect(screen.queryByTestId('delivery-done')).toBeNull());
  });

  it('asks yes/no in a 350 px dialog, then sends the lot id, type Fixed and the version', async () => {
    const dataProvider = renderButton(lot(DELIVERY_TYPE.OnCall), true);
    fireEvent.click(await screen.findByTestId('delivery-done'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Fix the delivery "Bauabschnitt 1 – Lieferung 2" on Apr 2, 2030?');
    expect((dialog as HTMLElement).style.maxWidth || getComputedStyle(dialog).maxWidth).toBe('350px');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dataProvider.update).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('delivery-done'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalledTimes(1));
    const [resource, params] = (dataProvider.update as ReturnType<typeof vi.fn>).mock.calls[0];
    expect(resource).toBe('delivery-overview');
    expect(params.id).toBe(31);
    expect(params.data).toEqual({ deliveryLotID: 31, deliveryType: 0, version: 3 });
    // Without previousData the data provider sends the whole body, not only the changed fields.
    expect(params.previousData).toBeUndefined();
    await screen.findByText('The delivery "Bauabschnitt 1 – Lieferung 2" is now fixed.');
  });
});
