import { useEffect } from 'react';

export const APP_NAME = 'BenchMarket';

/** Sets the tab title to "<title> · BenchMarket" (or just the app name) while mounted. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} — Lab & Medical Equipment Marketplace`;
  }, [title]);
}
