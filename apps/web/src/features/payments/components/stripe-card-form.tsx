import { PAYMENT_SCRIPT_NOT_LOADED, UNEXPECTED_ERROR, formatPrice } from '@benchmarket/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { loadStripeJs, type StripeClient, type StripeElement, type StripeElements, type StripeError } from '../lib/stripe-js';
import { confirmationReturnUrl } from '../lib/paths';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

interface StripeCardFormProps {
  clientSecret: string;
  paymentId: string;
  publishableKey: string;
  amount: number;
  currency: string;
}

/** Stripe's advice: show the text of card and validation errors; anything else is generic. */
function stripeErrorMessage(error: StripeError): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  return UNEXPECTED_ERROR;
}

/**
 * The card step with Stripe (provider 'stripe'): Stripe.js from js.stripe.com, its Payment
 * Element for the card, then `confirmPayment`, which takes the buyer to
 * /payment/confirmation?payment_id=… (Stripe adds payment_intent), where the payment is confirmed.
 */
export function StripeCardForm({ clientSecret, paymentId, publishableKey, amount, currency }: StripeCardFormProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeClient; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let element: StripeElement | null = null;
    loadStripeJs()
      .then((Stripe) => {
        const container = mountRef.current;
        if (cancelled || !container) return;
        const stripe = Stripe(publishableKey);
        const elements = stripe.elements({ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#0f766e' } } });
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => {
          if (!cancelled) setReady(true);
        });
        element.mount(container);
        stripeRef.current = { stripe, elements };
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      element?.destroy();
      stripeRef.current = null;
    };
  }, [clientSecret, publishableKey]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    const loaded = stripeRef.current;
    // spec §8: paying before Stripe.js is there.
    if (!window.Stripe || !loaded) {
      setFailure(PAYMENT_SCRIPT_NOT_LOADED);
      return;
    }
    setSubmitting(true);
    try {
      const { error } = await loaded.stripe.confirmPayment({
        elements: loaded.elements,
        confirmParams: { return_url: confirmationReturnUrl(paymentId) },
      });
      // Only an immediate failure comes back here; a success leaves for the return URL.
      if (error) setFailure(stripeErrorMessage(error));
    } catch {
      setFailure(UNEXPECTED_ERROR);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {loadFailed && !failure && <Alert title={PAYMENT_SCRIPT_NOT_LOADED} />}
      {failure && <Alert focusOnShow title={failure} />}
      {!ready && !loadFailed && <p className="text-sm text-slate-600">Loading the secure card form…</p>}
      <div ref={mountRef} />
      <Button type="submit" block pending={submitting}>
        Pay {formatPrice(amount, currency.toUpperCase())}
      </Button>
    </form>
  );
}
