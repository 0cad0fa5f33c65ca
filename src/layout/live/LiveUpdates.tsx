import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ALL_TOPICS, type RealtimeEvent } from '../../providers/methods/live';
import { usePortalDataProvider } from '../../providers/dataProvider';
import { staleKeys } from './liveInvalidation';
import { TASKS_RESOURCE } from '../../domain/resources';

/**
 * What others change appears on the open pages: every event of the stream marks the affected queries stale, and
 * those on screen are read again at once (through the normal, authorised routes).
 */
export function LiveUpdates() {
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onEvent = (event: RealtimeEvent) => {
      const keys = event.type === 'reload' || !event.payload.event ? 'all' : staleKeys(event.payload.event);
      if (keys === 'all') {
        void queryClient.invalidateQueries({ refetchType: 'active' });
        return;
      }
      // A task of the old state is gone: its cached page would only answer 404.
      if (keys.some((key) => key[0] === TASKS_RESOURCE)) queryClient.removeQueries({ queryKey: [TASKS_RESOURCE, 'getOne'] });
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });
    };
    void dataProvider.subscribe(ALL_TOPICS, onEvent);
    return () => void dataProvider.unsubscribe(ALL_TOPICS, onEvent);
  }, [dataProvider, queryClient]);
  return null;
}
