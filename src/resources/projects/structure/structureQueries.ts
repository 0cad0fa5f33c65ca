import { useQuery } from '@tanstack/react-query';
import { usePortalDataProvider } from '../../../providers/dataProvider';

export type { CreatedStructure, StructurePageData } from '../../../providers/methods/structure';

/** A message of the API's error shape. */
export interface ApiFieldMessage {
  text: string;
  key?: string;
  reference?: string;
}

export const structureQueryKey = (rootId: number) => ['structure', rootId];

export function useStructure(rootId: number) {
  const dataProvider = usePortalDataProvider();
  return useQuery({
    queryKey: structureQueryKey(rootId),
    queryFn: () => dataProvider.getStructure(rootId),
    enabled: rootId > 0,
    retry: false,
    // The page works on its own copy of the draft; a refetch in the background would not be shown anyway.
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
}

/** The messages of a failed call (the API's error shape), or none. */
export function errorMessages(error: unknown): ApiFieldMessage[] {
  const messages = (error as { body?: { messages?: unknown } }).body?.messages;
  return Array.isArray(messages) ? (messages as ApiFieldMessage[]) : [];
}

export function errorStatus(error: unknown): number | undefined {
  return (error as { status?: number }).status;
}
