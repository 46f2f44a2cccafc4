import { PAYMENT_INIT_FAILED } from '@benchmarket/shared';
import type { ReactNode } from 'react';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '@/lib/app-config';
import { confirmationPath } from '../lib/paths';
import { loadStripeJs } from '../lib/stripe-js';
import { initErrorMessage } from '../lib/payment-errors';
import type { Checkout } from '../lib/use-checkout';
import { SandboxCardForm } from './sandbox-card-form';
import { StripeCardForm } from './stripe-card-form';
import { Busy, cardClass } from './ui';
import { buttonClass, LinkButton } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { isApiError } from '@/lib/api-client';
import type { PaymentPurpose } from '../api/types';
import { VerifyBeforePublishing } from './verify-before-publishing';

interface PaymentStepProps {
  listingId: string;
  purpose: PaymentPurpose;
  checkout: Checkout;
  /** The quoted amount for the chosen duration, when known: 0 offers a free activation. */
  quotedAmount: number | undefined;
}

function CardStep({ checkout }: { checkout: Checkout }) {
  const navigate = useNavigate();
  const config = useAppConfig();
  const intent = checkout.intent;
  if (!intent) return null;
  // The server says which provider made the intent; the app's configuration says the same.
  const provider = intent.provider ?? config.data?.payment_provider ?? (config.isPending ? null : 'sandbox');
  const currency = intent.currency ?? config.data?.pricing.currency ?? 'USD';

  if (provider === null) return <Busy label="Preparing your payment…" />;
  if (provider === 'stripe') {
    const key = config.data?.stripe_publishable_key;
    if (config.isPending) return <Busy label="Preparing your payment…" />;
    if (!key) return <Alert title={PAYMENT_INIT_FAILED} />;
    return (
      <StripeCardForm
        clientSecret={intent.client_secret}
        paymentId={intent.payment_id}
        publishableKey={key}
        amount={intent.amount}
        currency={currency}
      />
    );
  }
  return (
    <SandboxCardForm
      clientSecret={intent.client_secret}
      amount={intent.amount}
      currency={currency}
      onPaid={(paymentIntentId) => {
        void navigate(confirmationPath(intent.payment_id, paymentIntentId));
      }}
    />
  );
}

/**
 * Why the API refused to start the payment, with the way on that fits (issue 14): verify the
 * email (403 'email_not_verified'), fix the listing (403 'listing_prohibited': its detail
 * names the problem), nothing to retry for a taken-down listing; otherwise 'Try again'.
 */
function StartFailed({ listingId, purpose, checkout }: Pick<PaymentStepProps, 'listingId' | 'purpose' | 'checkout'>) {
  const { error } = checkout;
  const code = isApiError(error) ? error.code : undefined;
  if (code === 'email_not_verified') {
    return (
      <VerifyBeforePublishing listingId={listingId} message={isApiError(error) ? error.detail : undefined} draft={purpose === 'activate'} />
    );
  }
  let actions: ReactNode = (
    <button
      type="button"
      onClick={checkout.start}
      className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-100"
    >
      Try again
    </button>
  );
  if (code === 'listing_prohibited') {
    actions = <LinkButton to={`/edit-listing/${encodeURIComponent(listingId)}`}>Fix this listing</LinkButton>;
  } else if (code === 'listing_taken_down') {
    actions = (
      <LinkButton to="/support" variant="secondary">
        Contact support
      </LinkButton>
    );
  }
  return <Alert focusOnShow title={initErrorMessage(error)} actions={actions} />;
}

/** The right-hand card of a payment page: start the payment, then the card step. */
export function PaymentStep({ listingId, purpose, checkout, quotedAmount }: PaymentStepProps) {
  const headingId = useId();
  const provider = useAppConfig().data?.payment_provider;
  // With Stripe, fetch Stripe.js while the seller reads the order; the card form waits for it anyway.
  useEffect(() => {
    if (provider === 'stripe') loadStripeJs().catch(() => undefined);
  }, [provider]);
  let body;
  switch (checkout.status) {
    case 'starting':
      body = <Busy label="Preparing your payment…" />;
      break;
    case 'error':
      body = <StartFailed listingId={listingId} purpose={purpose} checkout={checkout} />;
      break;
    case 'ready':
      body = <CardStep checkout={checkout} />;
      break;
    case 'idle':
      body = (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {quotedAmount === 0
              ? 'Nothing to pay for this duration.'
              : 'Payments are processed securely; your card details are never stored by BenchMarket.'}
          </p>
          <button type="button" onClick={checkout.start} className={buttonClass('primary', { block: true })}>
            {quotedAmount === 0 ? 'Activate for free' : 'Continue to payment'}
          </button>
        </div>
      );
      break;
  }
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Payment
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}
