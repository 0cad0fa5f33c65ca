// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DELIVERY_TYPE, type DeliveryLotRecord } from '../../../src/domain/deliveries';
import { journalContentJson, type JournalRecord } from '../../../src/domain/journal';
import deliveryOverview from '../../../src/resources/delivery-overview';
import DeliveryOverviewPage from '../../../src/resources/delivery-overview/DeliveryOverviewPage';
import journal from '../../../src/resources/journal';
import JournalPage from '../../../src/resources/journal/JournalPage';
import { unitContext } from '../viewerFixtures';
import { callsOf, fakeDataProvider, renderRoutes, signedIn } from './resourceTestKit';

const staffContext = (features: string[], can = {}) => ({ ...unitContext(can), isInternal: true, features, id: 7 });

const entry = (id: number, overrides: Partial<JournalRecord> = {}): JournalRecord => ({
  id,
  projectUnitsJournalID: id,
  projectUnitID: 7,
  projectUnitName: 'Bauabschnitt 1',
  projectUnitNo: 'NS-DE-2026-0002-01-01',
  projectUnitType: 'approvallot',
  date: '2026-11-20T09:30:00.000Z',
  userEmail: 'planer@nordstein.example',
  userLogin: 'planer',
  userName: 'Paula Planer',
  contentJson: journalContentJson({ oldState: 'Preparing', newState: 'ReviewPreliminaryDrawings', additionalMessage: 'Bitte prüfen' }),
  delayed: false,
  reminderID: null,
  delayReason: '',
  ...overrides,
});

const lot = (id: number, deliveryType: DeliveryLotRecord['deliveryType']): DeliveryLotRecord => ({
  id,
  deliveryLotID: id,
  rootProjectUnitID: 5,
  title: `Lieferung ${id}`,
  deliveryDate: '2030-04-02',
  groups: 'Bauabschnitt 1',
  wallNos: 'W1,W2',
  projectUnitIDs: '7',
  deliveryType,
  version: 2,
});

describe('the journal resource (list nested in the project)', () => {
  it('is declared with its icon and record representation', () => {
    expect(journal.icon).toBeTruthy();
    expect(journal.recordRepresentation(entry(1))).toBe('NS-DE-2026-0002-01-01 Bauabschnitt 1');
  });

  it('lists the unit’s entries through the data provider, narrowed to the unit below its root', async () => {
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: staffContext(['HasJournal']) }),
      getList: () => Promise.resolve({ data: [entry(1), entry(2, { delayed: true, delayReason: 'Review overdue' })], total: 2 }),
    });
    renderRoutes('/home/app/project/details/5/7/journal', <Route path="/home/app/project/details/:rootId/:unitId/journal" element={<JournalPage />} />, dataProvider, signedIn());
    await screen.findByText('Review overdue');
    const [resource, params] = callsOf(dataProvider, 'getList')[0];
    expect(resource).toBe('project-unit-journal');
    expect(params.filter).toEqual({ rootProjectUnitID: 5, projectUnitID: 7 });
    expect(params.sort).toEqual({ field: 'date', order: 'DESC' });
    expect(screen.getAllByText('Paula Planer')).toHaveLength(2);
  });

  it('says it is not available without HasJournal, and asks for nothing', async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.resolve({ data: staffContext([]) }) });
    renderRoutes('/home/app/project/details/5/7/journal', <Route path="/home/app/project/details/:rootId/:unitId/journal" element={<JournalPage />} />, dataProvider, signedIn());
    await screen.findByTestId('journal-not-available');
    expect(callsOf(dataProvider, 'getList')).toHaveLength(0);
  });
});

describe('the delivery overview resource (list with the done action, nested in the project)', () => {
  const overviewProvider = () =>
    fakeDataProvider({
      getOne: () => Promise.resolve({ data: { ...staffContext(['DeliveryOverview'], { confirmDeliveries: true }), unit: unitContext().root, id: 5 } }),
      getList: () => Promise.resolve({ data: [lot(31, DELIVERY_TYPE.Planned), lot(32, DELIVERY_TYPE.Fixed)], total: 2 }),
      update: (_resource: string, params: { id: number; data: Partial<DeliveryLotRecord> }) => Promise.resolve({ data: { ...lot(params.id, DELIVERY_TYPE.Fixed), ...params.data } }),
      getViewerData: () => Promise.resolve({ status: 'none' }),
    });

  it('is declared with its icon and record representation', () => {
    expect(deliveryOverview.icon).toBeTruthy();
    expect(deliveryOverview.recordRepresentation).toBe('title');
  });

  it('lists the root’s deliveries by date and marks one done with its version', async () => {
    const dataProvider = overviewProvider();
    renderRoutes('/home/app/project/delivery-overview/5', <Route path="/home/app/project/delivery-overview/:rootId" element={<DeliveryOverviewPage />} />, dataProvider, signedIn());
    await screen.findAllByText('Lieferung 31');
    const [resource, params] = callsOf(dataProvider, 'getList')[0];
    expect(resource).toBe('delivery-overview');
    expect(params.filter).toEqual({ rootProjectUnitID: 5 });
    expect(params.sort).toEqual({ field: 'deliveryDate', order: 'ASC' });
    // Only the planned lot has the done action.
    expect(screen.getAllByTestId('delivery-done')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('delivery-done'));
    fireEvent.click(await screen.findByTestId('delivery-done-yes'));
    await waitFor(() => expect(callsOf(dataProvider, 'update')).toHaveLength(1));
    expect(callsOf(dataProvider, 'update')[0].slice(0, 2)).toEqual(['delivery-overview', expect.objectContaining({ id: 31, data: { deliveryLotID: 31, deliveryType: DELIVERY_TYPE.Fixed, version: 2 } })]);
  });

  it('hides past deliveries with the filter the API knows', async () => {
    const dataProvider = overviewProvider();
    renderRoutes('/home/app/project/delivery-overview/5', <Route path="/home/app/project/delivery-overview/:rootId" element={<DeliveryOverviewPage />} />, dataProvider, signedIn());
    await screen.findAllByText('Lieferung 31');
    fireEvent.click(within(screen.getByTestId('hide-past')).getByRole('checkbox'));
    await waitFor(() => expect(callsOf(dataProvider, 'getList').some(([, params]) => params.filter.hidePast === true)).toBe(true));
  });
});
