import { COMPARE_MAX } from '@benchmarket/shared';
import { useSyncExternalStore } from 'react';

/**
 * Issue 16: the listings ticked for comparison (at most COMPARE_MAX), kept in sessionStorage so
 * the choice survives moving between search, listing pages and the watchlist in this tab (and a
 * reload), and forgotten with the tab. Every component reading it re-renders on a change.
 */
const STORAGE_KEY = 'compare-selection';
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];
let cache: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY };

function read(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage switched off: the selection lives only as long as the page.
    raw = cache.raw;
  }
  if (raw === cache.raw) return cache.ids;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string').slice(0, COMPARE_MAX);
  } catch {
    ids = EMPTY;
  }
  cache = { raw, ids };
  return ids;
}

function write(ids: readonly string[]): void {
  const raw = JSON.stringify(ids);
  cache = { raw, ids };
  try {
    window.sessionStorage.setItem(STORAGE_KEY, raw);
  } catch {
    // Kept in memory only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type CompareToggle = 'added' | 'removed' | 'full';

export interface CompareSelection {
  ids: readonly string[];
  /** Ticks or unticks a listing; a tick beyond COMPARE_MAX is refused ('full'). */
  toggle(id: string): CompareToggle;
  clear(): void;
}

export function useCompareSelection(): CompareSelection {
  const ids = useSyncExternalStore(subscribe, read, () => EMPTY);
  return {
    ids,
    toggle(id) {
      const current = read();
      if (current.includes(id)) {
        write(current.filter((other) => other !== id));
        return 'removed';
      }
      if (current.length >= COMPARE_MAX) return 'full';
      write([...current, id]);
      return 'added';
    },
    clear: () => write([]),
  };
}

/** The comparison page's address for these ids. */
export function comparePath(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
}
