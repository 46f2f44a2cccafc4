import { PAYMENT_CONFIRM_FAILED, PAYMENT_MISSING_INFO, PAYMENT_SUCCESS_REDIRECT_MS } from '@benchmarket/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorDetail } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useConfirmPayment } from '../api/confirm-payment';
import { RequireLogin } from '../components/require-login';
import { ListingReady } from '../components/free-activation';
import { LinkButton } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';

const shell = 'mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16';

function Failed({ message }: { message: string }) {
  return (
    <div className={shell}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Payment not confirmed</h1>
      <Alert
        focusOnShow
        className="mt-6"
        title={message}
        actions={
          <>
            <LinkButton to="/dashboard" variant="secondary">
              Go to Dashboard
            </LinkButton>
            <LinkButton to="/support" variant="secondary">
              Contact Support
            </LinkButton>
          </>
        }
      />
    </div>
  );
}

function Succeeded({ listingId }: { listingId: string }) {
  // spec §4, §9: the listing opens 2 s after the success.
  return (
    <div className={shell}>
      <ListingReady
        listingId={listingId}
        delayMs={PAYMENT_SUCCESS_REDIRECT_MS}
        heading={<h1 className="text-2xl font-bold tracking-tight text-emerald-900">Payment successful! Your listing is now active.</h1>}
        message="Taking you to your listing…"
      />
    </div>
  );
}

function Processing() {
  return (
    <div className={shell}>
      <div role="status" className="flex flex-col items-center gap-4 py-12 text-center">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-slate-300 border-t-teal-700 motion-reduce:animate-none"
        />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Processing your payment…</h1>
      </div>
    </div>
  );
}

/** Sends POST /payments/confirm once for this payment, then shows how it went. */
function ConfirmPayment({ paymentId, paymentIntentId }: { paymentId: string; paymentIntentId: string }) {
  const { mutate, data, error, isError, isSuccess } = useConfirmPayment();
  // Once per payment, also when React runs effects twice (StrictMode). The API is idempotent; we still send it once.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${paymentId}\n${paymentIntentId}`;
    if (sentFor.current === key) return;
    sentFor.current = key;
    mutate({ payment_id: paymentId, stripe_payment_id: paymentIntentId });
  }, [paymentId, paymentIntentId, mutate]);

  if (isSuccess) return <Succeeded listingId={data.listing_id} />;
  if (isError) return <Failed message={errorDetail(error, PAYMENT_CONFIRM_FAILED)} />;
  return <Processing />;
}

/**
 * /payment/confirmation?payment_intent=…&payment_id=… (spec §2, §4): where the card step
 * ends. Confirms the payment with the server, then the listing opens after 2 s.
 */
export default function PaymentConfirmationRoute() {
  useDocumentTitle('Payment Confirmation');
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id')?.trim();
  const paymentIntentId = params.get('payment_intent')?.trim();

  if (!paymentId || !paymentIntentId) return <Failed message={PAYMENT_MISSING_INFO} />;
  return (
    <RequireLogin>
      <ConfirmPayment key={`${paymentId}\n${paymentIntentId}`} paymentId={paymentId} paymentIntentId={paymentIntentId} />
    </RequireLogin>
  );
}
