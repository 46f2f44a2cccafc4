import { useSearchParams } from 'react-router';

/** The list's page from the URL (`?page=`, or `name` for a second list on the page), 1 when absent or not a page number. */
export function usePageParam(name = 'page'): number {
  const [searchParams] = useSearchParams();
  const page = Number(searchParams.get(name));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The address of the current page with some parameters changed (null or '' removes one). */
export function withParams(pathname: string, current: URLSearchParams, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '' || (key === 'page' && value === 1)) params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** A list's status from the URL (`?status=`): `other` when the URL names it, otherwise `first`. */
export function useStatusParam<First extends string, Other extends string>(first: First, other: Other): First | Other {
  const [searchParams] = useSearchParams();
  return searchParams.get('status') === other ? other : first;
}
