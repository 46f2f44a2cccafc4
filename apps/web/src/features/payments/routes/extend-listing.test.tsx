import { EMAIL_NOT_VERIFIED_TO_PUBLISH, EXTEND_REMOVED, EXTEND_UNPAID, LISTING_TAKEN_DOWN } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { expectVisitorSentToLogin } from '@/testing/visitor';
import { DRAFT_KEPT } from '../components/verify-before-publishing';
import {
  CLIENT_SECRET,
  CURRENT_EXPIRY,
  LISTING_ID,
  PAYMENT_ID,
  PAYMENT_INTENT_ID,
  SELLER,
  appConfig,
  cardIntent,
  extensionQuote,
  makeListing,
  requestedMonths,
} from '../testing/fixtures';

const PATH = `/listings/${LISTING_ID}/extend`;
const CREATE_INTENT = 'POST /api/v1/payments/create-intent';
const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
const DAY = 86_400_000;

function sellerApi(
  listing = makeListing({ payment_status: 'paid', is_active: true, expiry_date: CURRENT_EXPIRY }),
  routes: Record<string, StubHandler> = {},
) {
  const kind = listing.expiry_date && Date.parse(listing.expiry_date) <= Date.now() ? 'renewal' : 'extension';
  return stubFetch({
    'GET /api/v1/auth/me': { body: SELLER },
    'GET /api/v1/config': { body: appConfig() },
    [`GET /api/v1/listings/${LISTING_ID}`]: { body: listing },
    'GET /api/v1/payments/quote': (request) => ({ body: extensionQuote(requestedMonths(request), kind) }),
    'POST /api/v1/payments/cleanup-pending': { body: { removed: 0 } },
    ...routes,
  });
}

function requestsTo(network: { requests: Request[] }, route: string): Request[] {
  const [method, path] = route.split(' ');
  return network.requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

function summary(): HTMLElement {
  return screen.getByRole('region', { name: 'Order summary' });
}

async function open(listing?: Parameters<typeof sellerApi>[0], routes?: Record<string, StubHandler>) {
  const network = sellerApi(listing, routes);
  const rendered = renderApp(PATH, { token: 'seller-token' });
  await screen.findByRole('heading', { level: 1, name: 'Extend Listing' });
  return { network, ...rendered };
}

beforeAll(async () => {
  await import('./extend-listing');
});

// Whole journeys through lazy pages: give a busy machine time.
describe('/listings/{id}/extend', { timeout: 20_000 }, () => {
  it('sends a visitor to /login', async () => {
    await expectVisitorSentToLogin(PATH);
  });

  it("blocks an unpaid listing: 'This listing needs to be paid for first before it can be extended.' with 'Pay Now'", async () => {
    const { network } = await open(makeListing({ payment_status: 'unpaid' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EXTEND_UNPAID);
    expect(within(alert).getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', `/payment/${LISTING_ID}`);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(requestsTo(network, 'GET /api/v1/payments/quote')).toHaveLength(0);
  });

  it("blocks a removed listing: 'This listing has been removed and cannot be extended.'", async () => {
    await open(makeListing({ payment_status: 'paid', is_deleted: true }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(EXTEND_REMOVED);
    expect(within(alert).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('asks an unverified seller to verify the email first, with the resend button, and starts no payment', async () => {
    const { network } = await open(undefined, { 'GET /api/v1/auth/me': { body: { ...SELLER, is_verified: false } } });
    const prompt = await screen.findByRole('region', { name: EMAIL_NOT_VERIFIED_TO_PUBLISH });
    expect(within(prompt).getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    // A live listing is no draft.
    expect(within(prompt).queryByText(DRAFT_KEPT)).not.toBeInTheDocument();
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(0);
    expect(requestsTo(network, 'GET /api/v1/payments/quote')).toHaveLength(0);
  });

  it('blocks a listing BenchMarket took down', async () => {
    await open(
      makeListing({
        payment_status: 'paid',
        expiry_date: CURRENT_EXPIRY,
        moderation: { status: 'taken_down', reason: 'Counterfeit', at: '2026-01-10T09:00:00.000Z' },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(LISTING_TAKEN_DOWN);
    expect(screen.queryByRole('region', { name: 'Order summary' })).not.toBeInTheDocument();
  });

  it('shows the current expiry, the price of the chosen months and the new expiry, then pays by card', async () => {
    const { user, network, router } = await open(undefined, {
      [CREATE_INTENT]: { body: cardIntent(117, { kind: 'extension' }) },
      'POST /api/v1/payments/sandbox/confirm-card': {
        body: {
          payment_id: PAYMENT_ID,
          listing_id: LISTING_ID,
          payment_intent: { id: PAYMENT_INTENT_ID, status: 'succeeded', amount: 117, currency: 'usd' },
        },
      },
    });
    expect(await screen.findByText('Current expiry:')).toBeInTheDocument();
    expect(screen.getByText('Mar 15, 2030')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Extend by' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1 month' })).toBeChecked();
    await within(summary()).findByText('Extension: 1 month');
    expect(within(summary()).getByText('Total').nextElementSibling).toHaveTextContent('$39.00');

    await user.click(screen.getByRole('radio', { name: '3 months' }));
    await within(summary()).findByText('Extension: 3 months');
    expect(within(summary()).getByText('Extension: 3 months').nextElementSibling).toHaveTextContent('$117.00');
    expect(within(summary()).getByText('Total').nextElementSibling).toHaveTextContent('$117.00');
    expect(within(summary()).getByText('New expiry date').nextElementSibling).toHaveTextContent('Apr 15, 2030');
    const quoteUrl = new URL(requestsTo(network, 'GET /api/v1/payments/quote').at(-1)?.url ?? 'http://x');
    expect(quoteUrl.searchParams.get('purpose')).toBe('extend');
    expect(quoteUrl.searchParams.get('duration_months')).toBe('3');

    // Nothing is created until the seller goes on to pay.
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12${nextYear}`);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay $117.00' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/payment/confirmation');
    });
    expect(await requestsTo(network, CREATE_INTENT)[0]?.json()).toEqual({ listing_id: LISTING_ID, duration_months: 3, purpose: 'extend' });
    const card = (await requestsTo(network, 'POST /api/v1/payments/sandbox/confirm-card')[0]?.json()) as { client_secret: string };
    expect(card.client_secret).toBe(CLIENT_SECRET);
  });

  it('calls an expired listing a renewal that starts today', async () => {
    const expired = new Date(Date.now() - 3 * DAY).toISOString();
    await open(makeListing({ payment_status: 'paid', is_active: false, expiry_date: expired }));
    expect(await screen.findByText('This listing has expired. Paying renews it: the new period starts today.')).toBeInTheDocument();
    expect(screen.getByText(/\(Expired\)/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Renew for' })).toBeInTheDocument();
    expect(await within(summary()).findByText('Renewal: 1 month')).toBeInTheDocument();
  });
});
