import { useQuery } from '@tanstack/react-query';
import type { Task } from '../../domain/tasks';
import { httpClient } from '../../providers/http';

export const TASKS_API = '/api/tasks';
export const TASKS_QUERY = ['tasks'];

/** The caller's open tasks, newest change first (the server sorts them). */
export function useTasks() {
  return useQuery({
    queryKey: TASKS_QUERY,
    queryFn: async () => (await httpClient(TASKS_API)).json as Task[],
  });
}
