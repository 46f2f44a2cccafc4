import { PAYMENT_CONFIRM_FAILED, PAYMENT_MISSING_INFO } from '@benchmarket/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { LISTING_ID, PAYMENT_ID, PAYMENT_INTENT_ID, SELLER, makeListing } from '../testing/fixtures';
import { networkFailure } from '@/testing/fixtures';
import { renderStrictApp } from '@/testing/render-strict-app';

const CONFIRM = 'POST /api/v1/payments/confirm';
const PATH = `/payment/confirmation?payment_intent=${PAYMENT_INTENT_ID}&payment_id=${PAYMENT_ID}`;

function sellerApi(confirm: StubHandler) {
  return stubFetch({
    'GET /api/v1/auth/me': { body: SELLER },
    [`GET /api/v1/listings/${LISTING_ID}`]: { body: makeListing({ payment_status: 'paid', is_active: true }) },
    [CONFIRM]: confirm,
  });
}

function confirmRequests(network: { requests: Request[] }): Request[] {
  return network.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/payments/confirm'));
}

beforeAll(async () => {
  await import('./payment-confirmation');
});

afterEach(() => {
  vi.useRealTimers();
});

// Whole journeys through lazy pages: give a busy machine time.
describe('/payment/confirmation', { timeout: 20_000 }, () => {
  it.each([
    ['no payment_id', `/payment/confirmation?payment_intent=${PAYMENT_INTENT_ID}`],
    ['no payment_intent', `/payment/confirmation?payment_id=${PAYMENT_ID}`],
    ['nothing', '/payment/confirmation'],
  ])("says 'Missing payment information. Please contact support.' with %s", async (_case, path) => {
    const network = sellerApi({ body: { listing_id: LISTING_ID, status: 'completed' } });
    renderApp(path, { token: 'seller-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MISSING_INFO);
    expect(confirmRequests(network)).toHaveLength(0);
  });

  it('shows that the payment is processing, confirms it, then opens the listing after 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const network = sellerApi({ body: { listing_id: LISTING_ID, status: 'completed' } });
    // Hold the confirm call until the processing state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/payments/confirm')) await held;
      return stubbed(input, init);
    });
    const { router, queryClient } = renderApp(PATH, { token: 'seller-token' });
    queryClient.setQueryData(['payments', 'history', SELLER.id], []);
    queryClient.setQueryData(['listings', 'user', SELLER.id, { showAll: true }], []);

    const processing = await screen.findByText('Processing your payment…');
    expect(processing.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => {
      expect(document.title).toContain('Payment Confirmation');
    });
    release();

    expect(await screen.findByText('Payment successful! Your listing is now active.')).toBeInTheDocument();
    expect(await confirmRequests(network)[0]?.json()).toEqual({ payment_id: PAYMENT_ID, stripe_payment_id: PAYMENT_INTENT_ID });
    // The dashboard's listings and payment history are refreshed next time they are shown.
    expect(queryClient.getQueryState(['payments', 'history', SELLER.id])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['listings', 'user', SELLER.id, { showAll: true }])?.isInvalidated).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1600);
    });
    expect(router.state.location.pathname).toBe('/payment/confirmation');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
    });
  });

  it("shows the server's detail when the payment cannot be confirmed", async () => {
    sellerApi({ status: 400, body: { detail: 'The payment has not been completed.' } });
    renderApp(PATH, { token: 'seller-token' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The payment has not been completed.');
    expect(alert).toHaveFocus();
  });

  it.each([
    ['an answer without a detail', (): { status: number } => ({ status: 500 })],
    ['no answer at all', networkFailure],
  ])("says 'Failed to confirm payment. Please contact support.' for %s", async (_case, handler) => {
    sellerApi(handler);
    renderApp(PATH, { token: 'seller-token' });
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_CONFIRM_FAILED);
  });

  it('confirms once, even when React runs effects twice (StrictMode)', async () => {
    const network = sellerApi({ body: { listing_id: LISTING_ID, status: 'completed' } });
    renderStrictApp(PATH, 'seller-token');
    expect(await screen.findByText('Payment successful! Your listing is now active.')).toBeInTheDocument();
    expect(confirmRequests(network)).toHaveLength(1);
  });

  it('sends a visitor to /login and brings them back to this address', async () => {
    const network = sellerApi({ body: { listing_id: LISTING_ID, status: 'completed' } });
    const { router } = renderApp(PATH);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(router.state.location.state).toEqual({ from: PATH });
    expect(confirmRequests(network)).toHaveLength(0);
  });
});
