import { PAYMENT_INIT_ERROR, PAYMENT_INIT_FAILED, UNEXPECTED_ERROR } from '@benchmarket/shared';
import { isApiError } from '@/lib/api-client';

/**
 * spec §8, Payment: starting a payment failed. The server's detail when it gave one, else
 * 'Failed to initialize payment'; no answer at all (offline) is 'Unable to initialize payment
 * process. Please try again.'; anything else 'An unexpected error occurred. Please try again.'.
 */
export function initErrorMessage(error: unknown): string {
  if (!isApiError(error)) return UNEXPECTED_ERROR;
  if (error.isNetworkError) return PAYMENT_INIT_ERROR;
  return error.detail ?? PAYMENT_INIT_FAILED;
}

/** A card step that failed: the card provider's text ('Your card was declined.') or the generic one. */
export function cardErrorMessage(error: unknown): string {
  return isApiError(error) && error.detail ? error.detail : UNEXPECTED_ERROR;
}
