import { useSyncExternalStore } from 'react';

function subscribe(): () => void {
  return () => {};
}

/**
 * False while React hydrates a server-rendered page (issue 19), true after and in every render
 * of a page the browser drew itself. What only this tab knows (sessionStorage, the history
 * entry's state) waits for it, so the first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
