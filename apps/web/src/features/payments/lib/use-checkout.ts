import { isFreeClientSecret, type DurationMonths } from '@benchmarket/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { invalidateAfterPayment } from '../api/confirm-payment';
import { useCreatePaymentIntent } from '../api/create-intent';
import type { CreatedPaymentIntent, PaymentPurpose } from '../api/types';

/** spec §4: a zero amount whose client secret starts 'free_tier_' or 'free_listing_' is already done. */
function isFreePayment(intent: CreatedPaymentIntent): boolean {
  return isFreeClientSecret(intent.client_secret) || (intent.amount === 0 && intent.provider === 'free');
}

export type CheckoutStatus = 'idle' | 'starting' | 'error' | 'ready';

export interface Checkout {
  status: CheckoutStatus;
  /** The payment to pay by card, for the chosen duration (status 'ready'). */
  intent: CreatedPaymentIntent | null;
  error: unknown;
  /** Creates the payment for the chosen duration. */
  start: () => void;
}

interface CheckoutOptions {
  listingId: string;
  purpose: PaymentPurpose;
  months: DurationMonths;
  /** Create the payment at once (the create flow's payment step), rather than on `start()`. */
  autoStart: boolean;
  /** The payment was free and is already complete (spec §4). */
  onFree: (intent: CreatedPaymentIntent) => void;
}

/**
 * The payment of one listing: POST /payments/create-intent for the chosen duration, then
 * either done (free) or a card step with the intent's client secret. Choosing another
 * duration sets the intent aside; the next `start()` makes one for the new duration (the API
 * cancels the previous one).
 */
export function useCheckout({ listingId, purpose, months, autoStart, onFree }: CheckoutOptions): Checkout {
  const queryClient = useQueryClient();
  const { mutate, isPending, isError, error } = useCreatePaymentIntent();
  const [intent, setIntent] = useState<(CreatedPaymentIntent & { months: DurationMonths }) | null>(null);
  const onFreeRef = useRef(onFree);
  useEffect(() => {
    onFreeRef.current = onFree;
  });

  const startFor = useCallback(
    (forMonths: DurationMonths) => {
      mutate(
        { listing_id: listingId, duration_months: forMonths, purpose },
        {
          onSuccess: (created) => {
            if (isFreePayment(created)) {
              onFreeRef.current(created);
              void invalidateAfterPayment(queryClient);
            } else {
              setIntent({ ...created, months: forMonths });
            }
          },
        },
      );
    },
    [listingId, purpose, mutate, queryClient],
  );

  // Once per page, even when React runs effects twice (StrictMode): a payment is created once.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoStart || autoStarted.current) return;
    autoStarted.current = true;
    startFor(months);
  }, [autoStart, months, startFor]);

  const current = intent && intent.months === months ? intent : null;
  let status: CheckoutStatus = 'idle';
  if (isPending) status = 'starting';
  else if (current) status = 'ready';
  else if (isError) status = 'error';

  const start = useCallback(() => {
    startFor(months);
  }, [startFor, months]);

  return { status, intent: current, error, start };
}
