import type { LintelProduct } from '../../src/domain/catalogue';
import type { LintelOrderItem } from '../../src/domain/orders';

/** A small lintel catalogue like the demo's: two thicknesses, FS at 124 mm and the other type at 249 mm. */
export function lintelCatalogue(): LintelProduct[] {
  let id = 0;
  return [115, 175].flatMap((thickness) =>
    [124, 249].flatMap((height) =>
      [1000, 1250, 1500].map((length) => {
        const fs = height === 124;
        return {
          id: ++id,
          tenantID: 1,
          tenantName: 'Nordstein',
          itemNo: `NS-${fs ? 'FS' : 'TS'}-${thickness}-${height}-${length}`,
          title: `${fs ? 'Flachsturz' : 'Porenbetonsturz'} ${thickness}/${height}, ${length} mm`,
          value: `${fs ? 'FS' : 'TS'}${thickness}-${height}-${length}`,
          height,
          thickness,
          length,
          lintelType: fs ? ('FS' as const) : ('other' as const),
          unitsPerPallet: fs ? 20 : 10,
          price: null,
          active: !(thickness === 175 && length === 1500 && height === 249),
        };
      }),
    ),
  );
}

export const productBy = (products: LintelProduct[], thickness: number, height: number, length: number) =>
  products.find((product) => product.thickness === thickness && product.height === height && product.length === length)!;

export function lintelItem(product: LintelProduct, patch: Partial<LintelOrderItem> = {}): LintelOrderItem {
  return {
    id: 100 + product.id,
    lintelOrderLotItemID: 100 + product.id,
    projectUnitID: 7,
    itemIndex: 1,
    sublotName: 'Küche',
    floorName: 'EG',
    qty: 4,
    hasCut: false,
    thickness: product.thickness,
    length: product.length,
    height: product.height,
    productID: product.id,
    lintelType: product.lintelType,
    version: 1,
    ...patch,
  };
}
