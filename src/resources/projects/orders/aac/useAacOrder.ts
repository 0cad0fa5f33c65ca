import { useCallback } from 'react';
import type { AacProduct } from '../../../../domain/catalogue';
import type { AacOrderItem } from '../../../../domain/orders';
import type { AacOrderData } from '../orderQueries';
import { useOrderRows, type OrderRowsKind } from '../useOrderRows';
import { AAC_COLUMNS, aacDraftRules, aacInput, aacValueProblems, liveAacSummary, type AacDraft, type AacRowValues } from './aacRows';

const AAC_KIND: OrderRowsKind<AacOrderItem, AacProduct, AacRowValues, ReturnType<typeof liveAacSummary>> = {
  rules: aacDraftRules,
  problems: aacValueProblems,
  input: aacInput,
  summary: (drafts, products) => liveAacSummary(drafts as AacDraft[], products),
  fields: Object.keys(AAC_COLUMNS),
};

/** The AAC order screen's state (the shared row handling with the AAC rules); edits name one cell. */
export function useAacOrder(lotId: number) {
  const rows = useOrderRows<AacOrderData, AacOrderItem, AacProduct, AacRowValues, ReturnType<typeof liveAacSummary>>(lotId, AAC_KIND);
  const { change: changeCells } = rows;
  const change = useCallback((key: string, patch: Partial<AacRowValues>, field: string) => changeCells(key, patch, [field]), [changeCells]);
  return { ...rows, change };
}
