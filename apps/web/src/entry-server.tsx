import { jsonForScript, matchPage, type PageName } from '@benchmarket/shared';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRoutes } from './app/router';
import { SERVER_STATE_ID, type ServerState } from './app/server-state';
import { setApiTransport } from './lib/api-client';
import { latestListingsQueryOptions, listingQueryOptions } from './lib/api/listings';
import { createQueryClient } from './lib/query-client';

/**
 * Issue 19: the HTML of the pages a visitor lands on from outside, rendered by the API server
 * (apps/api/src/web/server-render.ts) so the first paint does not wait for the JavaScript.
 * Built with `vite build --ssr` into dist-ssr/ and loaded once when the server starts.
 *
 * Only what every visitor sees is rendered: no session exists here (the token lives in the
 * browser's storage), so the pages render as for a visitor who is not logged in, and the
 * client hydrates that same state before it reads its own session (lib/session/auth-provider).
 */

/** The data a page cannot show anything useful without; the page is not rendered when it fails. */
type RequiredData = (queryClient: QueryClient, pathname: string) => Promise<unknown>;

const PRERENDERED: Partial<Record<PageName, RequiredData>> = {
  // The strips (featured, latest, the promotion) are prefetched by the page's own loader.
  landing: () => Promise.resolve(),
  // A visitor's first view: the form and the latest listings (the search itself is for verified members).
  search: (queryClient) => queryClient.fetchQuery(latestListingsQueryOptions()),
  listingDetail: (queryClient, pathname) => {
    const id = decodeURIComponent(pathname.split('/')[2] ?? '');
    return queryClient.fetchQuery(listingQueryOptions(id, null));
  },
};

/** A query still loading after this long renders as loading; the client fetches it itself. */
const DATA_WAIT_MS = 1500;

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The router's and the queries' state, for the client to hydrate with (app/server-state.ts), as a JSON script. */
  stateScript: string;
}

/** Waits until no query is fetching (or DATA_WAIT_MS has passed). */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, DATA_WAIT_MS);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

/**
 * The page at `url` as HTML, or null when this page is not rendered on the server (or its
 * data could not be read): the caller then serves the app's plain index.html.
 * `transport` answers the API calls the page makes (the server's own routes, in-process).
 */
export async function render(url: string, transport: (url: string, init: RequestInit) => Promise<Response>): Promise<RenderedPage | null> {
  const location = new URL(url, 'http://localhost');
  const page = matchPage(location.pathname);
  const required = page && PRERENDERED[page.name];
  if (!required) return null;
  setApiTransport(transport);

  const queryClient = createQueryClient();
  // A visitor waits for this HTML: a failed call is not tried again here (the browser will).
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(location.href, { method: 'GET' }));
  // A redirect, or a loader's error: the client does what it does today.
  if (context instanceof Response || context.errors) return null;
  try {
    await required(queryClient, location.pathname);
  } catch {
    return null;
  }
  await settled(queryClient);
  // A strip whose data failed renders as loading, as it first does in the browser, which asks again.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const state: ServerState = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    queries: dehydrate(queryClient),
  };
  queryClient.clear();
  return { html, stateScript: `<script id="${SERVER_STATE_ID}" type="application/json">${jsonForScript(state)}</script>` };
}
