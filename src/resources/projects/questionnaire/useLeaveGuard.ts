import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Guards the page while `reason` is set (unsaved or invalid answers): links and history navigation within the app
 * wait for the confirm dialog (`blocker`); closing or reloading the tab asks the browser's own question while there are
 * unsaved changes (`unsaved`). `allowNextNavigation` lets one navigation through (after Save and Close).
 */
export function useLeaveGuard(reason: 'unsaved' | 'invalid' | null) {
  const allowOnce = useRef(false);
  // One blocker function for the page's life, reading the reason through a ref: registering a new one updates the
  // router's state, which re-renders the whole app (on the first keystroke, when the answers become unsaved).
  const currentReason = useRef(reason);
  currentReason.current = reason;
  const blocker = useBlocker(
    useCallback(({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) => {
      if (allowOnce.current) {
        allowOnce.current = false;
        return false;
      }
      return currentReason.current !== null && currentLocation.pathname !== nextLocation.pathname;
    }, []),
  );

  // Saved meanwhile (or discarded): a navigation that waited goes on.
  useEffect(() => {
    if (blocker.state === 'blocked' && reason === null) blocker.proceed();
  }, [blocker, reason]);

  useEffect(() => {
    if (reason !== 'unsaved') return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [reason]);

  return {
    blocked: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    allowNextNavigation: () => {
      allowOnce.current = true;
    },
  };
}
