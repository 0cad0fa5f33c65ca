import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireAnswers, SheetVersion } from '../../../domain/questionnaire';
import { httpClient } from '../../../providers/http';

/** `GET /api/questionnaire/{rootId}`: the root's sheets at the versions it uses, its answers and what the caller may do. */
export interface QuestionnairePageData {
  rootProjectUnitID: number;
  projectUnitNo: string;
  title: string;
  tenantType: 'standard' | 'ccl';
  setKey: string;
  canEdit: boolean;
  /** A translation key saying why the sheet is read-only, or null. */
  editReason: string | null;
  minActiveSheets: number;
  /** The set's sheets in set order; schemas in English with their `x-i18n` (the page localizes them). */
  sheets: SheetVersion[];
  data: QuestionnaireAnswers;
  isValid: boolean;
  sheetValidity: Record<string, boolean>;
  /** Optimistic concurrency: sent back with the next save (0 before the first save). */
  version: number;
  updatedAt: string | null;
}

export const questionnaireUrl = (rootId: number) => `/api/questionnaire/${rootId}`;
export const questionnaireQueryKey = (rootId: number) => ['questionnaire', rootId];

export function useQuestionnaire(rootId: number) {
  return useQuery({
    queryKey: questionnaireQueryKey(rootId),
    queryFn: async () => (await httpClient(questionnaireUrl(rootId))).json as QuestionnairePageData,
    enabled: rootId > 0,
    retry: false,
    // The page edits its own copy; a background refetch would not be shown anyway.
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

export async function saveQuestionnaire(rootId: number, data: QuestionnaireAnswers, version: number): Promise<QuestionnairePageData> {
  return (await httpClient(questionnaireUrl(rootId), { method: 'PUT', body: JSON.stringify({ data, version }) })).json as QuestionnairePageData;
}

/** The status and server messages of a failed call. */
export function failure(error: unknown): { status?: number; text?: string; key?: string } {
  const { status, body, message } = error as { status?: number; body?: { messages?: { text?: string; key?: string }[] }; message?: string };
  const first = body?.messages?.[0];
  return { status, text: body?.messages?.map((entry) => entry.text).join('\n') || message, key: first?.key };
}
