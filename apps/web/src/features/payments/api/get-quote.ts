import type { DurationMonths } from '@benchmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/session/use-auth';
import { api } from '@/lib/api-client';
import { paymentKeys } from './query-keys';
import type { PaymentPurpose, PaymentQuote } from './types';

interface QuoteInput {
  listingId: string;
  months: DurationMonths;
  purpose: PaymentPurpose;
}

/** GET /payments/quote: what paying would cost and the expiry it would give (owner only). */
function getQuote({ listingId, months, purpose }: QuoteInput, options?: { signal?: AbortSignal }): Promise<PaymentQuote> {
  return api.get<PaymentQuote>('/payments/quote', {
    ...options,
    query: { listing_id: listingId, duration_months: months, purpose },
  });
}

function quoteQueryOptions(userId: string | null, input: QuoteInput) {
  return queryOptions({
    queryKey: paymentKeys.quote(userId, input.listingId, input.months, input.purpose),
    queryFn: ({ signal }) => getQuote(input, { signal }),
    // Prices follow the clock (the promotion ends, a listing expires): never trust an old one for long.
    staleTime: 10_000,
  });
}

/** spec §9: "Pricing is computed by the server" — the price shown is the server's quote. */
export function useQuote(input: QuoteInput, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...quoteQueryOptions(user?.id ?? null, input), enabled: enabled && user !== null });
}
