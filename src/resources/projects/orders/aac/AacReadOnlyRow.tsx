import { memo } from 'react';
import type { AacProduct } from '../../../../domain/catalogue';
import { metresToMm, pallets, type AacOrderItem } from '../../../../domain/orders';

/** A saved AAC row as text (the table is read-only without a PlaceOrder task, or after ordering). */
export const AacReadOnlyRow = memo(function AacReadOnlyRow({ item, products }: { item: AacOrderItem; products: readonly AacProduct[] }) {
  const product = products.find((candidate) => candidate.productNo === item.productNo);
  return (
    <tr role="row" data-status="read-only" data-testid="aac-row" data-pos={item.itemIndex}>
      <td role="cell" className="pos">{item.itemIndex}</td>
      <td role="cell" className="text">{item.sublotName}</td>
      <td role="cell" className="text">{item.floorName}</td>
      <td role="cell" className="text">{product?.title ?? item.productNo}</td>
      <td role="cell" className="num">{product?.thickness ?? ''}</td>
      <td role="cell" className="num">{product?.width ?? ''}</td>
      <td role="cell" className="num">{metresToMm(item.itemLength)}</td>
      <td role="cell" className="num">{item.qty}</td>
      <td role="cell" className="num">{pallets(item.qty, product?.unitsPerPallet)}</td>
      <td role="cell" className="actions" />
    </tr>
  );
});
