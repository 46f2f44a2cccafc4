import { CONNECTION_ERROR, SESSION_EXPIRED } from '@benchmarket/shared';
import { errorDetail, isApiError } from '@/lib/api-client';

export interface SubmitError {
  message: string;
  /** spec §8: a 401 ends the session; the page sends the user to /login after 2 s. */
  sessionExpired: boolean;
}

/**
 * The message for a failed create or update (spec §8): 401 → session expired; no answer →
 * check your connection; otherwise the server's detail, or `fallback`.
 */
export function submitError(error: unknown, fallback: string): SubmitError {
  if (isApiError(error) && error.status === 401) return { message: SESSION_EXPIRED, sessionExpired: true };
  if (isApiError(error) && error.isNetworkError) return { message: CONNECTION_ERROR, sessionExpired: false };
  return { message: errorDetail(error, fallback), sessionExpired: false };
}
