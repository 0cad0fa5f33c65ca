import type { LintelProduct } from '../../../../domain/catalogue';
import type { LintelOrderItem } from '../../../../domain/orders';
import type { LintelOrderData } from '../orderQueries';
import { useOrderRows, type OrderRowsKind } from '../useOrderRows';
import { LINTEL_COLUMNS, lintelDraftRules, lintelInput, lintelValueProblems, liveLintelSummary, type LintelDraft, type LintelRowValues } from './lintelRows';

const LINTEL_KIND: OrderRowsKind<LintelOrderItem, LintelProduct, LintelRowValues, ReturnType<typeof liveLintelSummary>> = {
  rules: (_products, editable) => lintelDraftRules(editable),
  problems: lintelValueProblems,
  input: lintelInput,
  summary: (drafts, products) => liveLintelSummary(drafts as LintelDraft[], products),
  fields: Object.keys(LINTEL_COLUMNS),
};

/** The lintel order screen's state: the shared row handling with the lintel rules (edits name the cells they change). */
export function useLintelOrder(lotId: number) {
  return useOrderRows<LintelOrderData, LintelOrderItem, LintelProduct, LintelRowValues, ReturnType<typeof liveLintelSummary>>(lotId, LINTEL_KIND);
}
