import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../../providers/dataProvider';

export type { QuestionnairePageData } from '../../../providers/methods/questionnaire';

export const questionnaireQueryKey = (rootId: number) => ['questionnaire', rootId];

export function useQuestionnaire(rootId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: questionnaireQueryKey(rootId),
    queryFn: () => dataProvider.getQuestionnaire(rootId),
    enabled: rootId > 0,
    retry: false,
    // The page edits its own copy; a background refetch would not be shown anyway.
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** The status and server messages of a failed call. */
export function failure(error: unknown): { status?: number; text?: string; key?: string } {
  const { status, body, message } = error as { status?: number; body?: { messages?: { text?: string; key?: string }[] }; message?: string };
  const first = body?.messages?.[0];
  return { status, text: body?.messages?.map((entry) => entry.text).join('\n') || message, key: first?.key };
}
