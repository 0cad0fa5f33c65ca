import type { AacProposalRow, LintelProposalRow, OrderProposalAnswer } from '../../../../domain/orderProposal';
import { metresToMm } from '../../../../domain/orders';
import type { AacRowValues } from '../aac/aacRows';
import type { LintelRowValues } from '../lintel/lintelRows';

/**
 * Proposed rows as the order tables' editor holds them (the table numbers them when they enter): the user
 * checks, changes and saves them like typed rows.
 */
export function aacValuesOfProposal(row: AacProposalRow): AacRowValues {
  return { itemIndex: 0, sublotName: row.sublotName, floorName: row.floorName, productNo: row.productNo, length: String(metresToMm(row.itemLength)), qty: String(row.qty) };
}

export function lintelValuesOfProposal(row: LintelProposalRow): LintelRowValues {
  const { sublotName, floorName, thickness, length, height, productID, hasCut, lintelType, qty } = row;
  return { itemIndex: 0, sublotName, floorName, thickness, length, height, productID, hasCut, lintelType, qty: String(qty) };
}

export type ProposalRow = AacProposalRow | LintelProposalRow;

/** The chosen rows of an answer, in its order. */
export const chosenRows = (answer: OrderProposalAnswer, chosen: ReadonlySet<string>): ProposalRow[] => (answer.rows as ProposalRow[]).filter((row) => chosen.has(row.key));

/** The openings a lintel row spans, short: "Fenster 176/151 ×6, Tür 101/213". */
export function openingsText(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join(', ');
}
