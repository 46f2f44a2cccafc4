import { documentTitle } from '@benchmarket/shared';
import { useEffect, useLayoutEffect } from 'react';

/** Sets the tab title to "<title> · BenchMarket" (or the site's title) while mounted. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * The router's title of a page, from the route registry ('@benchmarket/shared', routes.ts).
 * A layout effect, so it is set before the page's own effects: a page that names its record
 * (a listing's title) with useDocumentTitle still has the last word.
 */
export function useRouteTitle(title?: string): void {
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
