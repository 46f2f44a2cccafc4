import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * Issue 19: what a server-rendered page hands to the client, as JSON in
 * <script id="bm-server-state" type="application/json"> (not executed, so the
 * Content-Security-Policy needs no inline script): the router's loader data, so the page's
 * loaders do not run again, and the queries the HTML was rendered from.
 */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}

export const SERVER_STATE_ID = 'bm-server-state';

/** The server's state when this page was rendered on the server; null for the plain index.html. */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
