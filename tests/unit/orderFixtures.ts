import type { AacProduct } from '../../src/domain/catalogue';
import type { AacOrderItem } from '../../src/domain/orders';
import type { AacOrderData } from '../../src/resources/projects/orders/orderQueries';

const product = (productNo: number, title: string, thickness: number, unitsPerPallet: number, active = true): AacProduct => ({
  id: productNo + 1,
  tenantID: 1,
  tenantName: 'NS-DE',
  productNo,
  articleNo: `PE-${thickness}-625`,
  title,
  value: `PE${thickness}`,
  thickness,
  width: 625,
  minLength: 1000,
  maxLength: 6000,
  unitsPerPallet,
  price: null,
  active,
});

export const AAC_PRODUCTS: AacProduct[] = [product(0, 'PE 300', 300, 10), product(1, 'PE 240', 240, 14), product(2, 'PE 175', 175, 18, false)];

export const aacItem = (id: number, itemIndex: number, overrides: Partial<AacOrderItem> = {}): AacOrderItem => ({
  id,
  aacOrderLotItemID: id,
  projectUnitID: 40,
  itemIndex,
  sublotName: 'Klasse 1',
  floorName: 'EG',
  productNo: 0,
  itemLength: 2.5,
  qty: 10,
  version: 1,
  ...overrides,
});

export const aacOrder = (items: AacOrderItem[], overrides: Partial<AacOrderData> = {}): AacOrderData => ({
  lot: { projectUnitID: 40, rootProjectUnitID: 4, projectUnitNo: 'NS-DE-2030-0004-01-01', title: 'Wandelemente Bauabschnitt 1', parentTitle: 'Wandelemente Klassentrakt', stateKey: 'PlaceOrder', kind: 'aac', version: 2 },
  editable: true,
  editReason: null,
  placeOrder: { action: 'PlaceOrder', to: 'Ordered', requirements: [], call: 'state-update', message: 'none', secondary: false, disabledReason: null, buildsStructure: false },
  products: AAC_PRODUCTS,
  items,
  summary: { lines: [], totalArea: 0, totalAreaString: '0.00', totalQty: 0, totalPallets: 0, smallVolume: false },
  ...overrides,
});
