import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreliminaryDaysRecord } from '../../domain/preliminaryDays';
import { httpClient } from '../../providers/http';

export const PRELIMINARY_DAYS_PATH = '/admin/preliminary-days';
const API = '/api/data/planxchange/productplantpreliminarydays';
const QUERY_KEY = ['admin', 'productplantpreliminarydays'];

/** Every plant × product type row (the API adds missing pairs), sorted by plant, then product. */
export function usePreliminaryDays() {
  return useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => (await httpClient(API)).json as PreliminaryDaysRecord[],
  });
}

/** Sends one PUT per row; each answer replaces its row in the cache. Answers which rows failed, with why. */
export function usePreliminaryDaysSave() {
  const queryClient = useQueryClient();
  return async (changes: { id: number; preliminaryDays: number }[]) => {
    const results = await Promise.allSettled(
      changes.map(async ({ id, preliminaryDays }) => {
        const response = await httpClient(`${API}/${id}`, { method: 'PUT', body: JSON.stringify({ PreliminaryDays: preliminaryDays }) });
        return response.json as PreliminaryDaysRecord;
      }),
    );
    const saved = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    queryClient.setQueryData<PreliminaryDaysRecord[]>(QUERY_KEY, (rows) =>
      rows?.map((row) => saved.find((record) => record.id === row.id) ?? row),
    );
    const failed = results.flatMap((result, index) =>
      result.status === 'rejected' ? [{ id: changes[index].id, message: (result.reason as Error)?.message ?? 'ra.notification.http_error' }] : [],
    );
    return { saved: saved.map((record) => record.id), failed };
  };
}
