import { documentTitle } from '@benchmarket/shared';
import { useLayoutEffect } from 'react';

/** How many mounted pages name their own record in the tab title (useDocumentTitle). */
let pagesWithOwnTitle = 0;

/**
 * Sets the tab title to "<title> · BenchMarket" (or the site's title) while mounted. A layout
 * effect, as the route's title is: the tab never shows the route's title between the two (a
 * listing's page hydrating over the server's head kept "Listing · BenchMarket" until its
 * effects ran).
 */
export function useDocumentTitle(title?: string): void {
  useLayoutEffect(() => {
    pagesWithOwnTitle += 1;
    return () => {
      pagesWithOwnTitle -= 1;
    };
  }, []);
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * The router's title of a page, from the route registry ('@benchmarket/shared', routes.ts),
 * unless the page names its record (a listing's title) with useDocumentTitle: its layout
 * effects run before the route's (children first), and it has the last word.
 */
export function useRouteTitle(title?: string): void {
  useLayoutEffect(() => {
    if (pagesWithOwnTitle === 0) document.title = documentTitle(title);
  }, [title]);
}
