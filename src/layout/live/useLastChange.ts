import { useEffect, useState } from 'react';
import type { LiveEvent } from '../../domain/liveEvents';
import { currentUser } from '../../providers/authProvider';
import { usePortalDataProvider } from '../../providers/dataProvider';
import type { RealtimeEvent } from '../../providers/methods/live';

export interface LastChange {
  actor: NonNullable<LiveEvent['actor']>;
  at: string;
}

/**
 * The last change someone else made to what a page shows (topic `resource/{name}[/{id}]`) while it is open, for
 * "Changed by … at …". Changes without an author (jobs, imports) and the user's own are not counted.
 */
export function useLastChange(topic: string): LastChange | null {
  const dataProvider = usePortalDataProvider();
  const [last, setLast] = useState<LastChange | null>(null);
  useEffect(() => {
    setLast(null);
    const onEvent = (event: RealtimeEvent) => {
      const change = event.payload.event;
      if (change?.actor && change.actor.id !== currentUser()?.id) setLast({ actor: change.actor, at: change.at });
    };
    void dataProvider.subscribe(topic, onEvent);
    return () => void dataProvider.unsubscribe(topic, onEvent);
  }, [dataProvider, topic]);
  return last;
}
