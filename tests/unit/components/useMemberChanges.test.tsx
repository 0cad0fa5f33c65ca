// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, type DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { PROJECTS_RESOURCE, TASKS_RESOURCE } from '../../../src/domain/resources';
import { unitContextQueryKey } from '../../../src/resources/projects/details/projectQueries';
import { useMemberChanges } from '../../../src/resources/projects/members/manage/useMemberChanges';

describe('a membership change refreshes what depends on who is a member', () => {
  it('the members card, the project list, the unit context, the counters, the tasks and the candidates', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    // The queries as the app keys them (react-admin's resource queries and the custom ones).
    const keys = {
      members: ['projectmembers', 42],
      projectList: [PROJECTS_RESOURCE, 'getList', { pagination: { page: 1, perPage: 25 } }],
      unitContext: unitContextQueryKey(7),
      counter: ['dashboard', 'openTasks'],
      tasks: [TASKS_RESOURCE, 'getList', {}],
      candidates: ['member-candidates', 42, ''],
      unrelated: ['admin/plants', 'getList', {}],
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { cached: true });
    const dataProvider = { addProjectMember: vi.fn(() => Promise.resolve({ userID: 9 })) } as unknown as DataProvider;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AdminContext dataProvider={dataProvider} queryClient={queryClient}>
        {children}
      </AdminContext>
    );
    const { result } = renderHook(() => useMemberChanges(42), { wrapper });

    await act(() => result.current.add.mutateAsync({ userID: 9, role: 'member' } as never));

    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, stale(key)]))).toEqual({
      members: true,
      projectList: true,
      unitContext: true,
      counter: true,
      tasks: true,
      candidates: true,
      unrelated: false,
    });
  });
});
