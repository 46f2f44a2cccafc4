import {
  ALREADY_PAID,
  EMAIL_NOT_VERIFIED_TO_PUBLISH,
  LISTING_TAKEN_DOWN,
  PAYMENT_INIT_ERROR,
  PAYMENT_INIT_FAILED,
  PAYMENT_SCRIPT_NOT_LOADED,
  listingProhibitedMessage,
  type DurationMonths,
} from '@benchmarket/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { expectVisitorSentToLogin } from '@/testing/visitor';
import type { StripeConstructor } from '../lib/stripe-js';
import { DRAFT_KEPT } from '../components/verify-before-publishing';
import {
  CLIENT_SECRET,
  LISTING_ID,
  OTHER_USER,
  PAYMENT_ID,
  PAYMENT_INTENT_ID,
  SELLER,
  activationQuote,
  appConfig,
  cardIntent,
  makeListing,
  requestedMonths,
} from '../testing/fixtures';
import { networkFailure } from '@/testing/fixtures';
import { renderStrictApp } from '@/testing/render-strict-app';

const PATH = `/payment/${LISTING_ID}`;
const CREATE_INTENT = 'POST /api/v1/payments/create-intent';
const CONFIRM_CARD = 'POST /api/v1/payments/sandbox/confirm-card';
const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** A logged-in seller paying for their unpaid 3-month listing, with the promotion over. */
function sellerApi(routes: Record<string, StubHandler> = {}, { promotion = false } = {}) {
  return stubFetch({
    'GET /api/v1/auth/me': { body: SELLER },
    'GET /api/v1/config': { body: appConfig() },
    [`GET /api/v1/listings/${LISTING_ID}`]: { body: makeListing() },
    'GET /api/v1/payments/quote': (request) => ({ body: activationQuote(requestedMonths(request), { promotion }) }),
    'POST /api/v1/payments/cleanup-pending': { body: { removed: 0 } },
    [CREATE_INTENT]: { body: cardIntent(107) },
    ...routes,
  });
}

async function openPaymentPage(routes: Record<string, StubHandler> = {}, options?: { promotion?: boolean }) {
  const network = sellerApi(routes, options);
  const rendered = renderApp(PATH, { token: 'seller-token' });
  await screen.findByRole('heading', { level: 1, name: 'Complete Payment' });
  return { network, ...rendered };
}

/** The page with the listing loaded: its order summary is there. */
async function openCheckout(routes: Record<string, StubHandler> = {}, options?: { promotion?: boolean }) {
  const opened = await openPaymentPage(routes, options);
  await screen.findByRole('region', { name: 'Order summary' });
  return opened;
}

function requestsTo(network: { requests: Request[] }, route: string): Request[] {
  const [method, path] = route.split(' ');
  return network.requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

function summary(): HTMLElement {
  return screen.getByRole('region', { name: 'Order summary' });
}

/** The price rows of the summary, as 'label: value'. */
function priceRows(): string[] {
  return within(summary())
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ''}`);
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], number: string) {
  await user.clear(screen.getByLabelText('Card number'));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12${nextYear}`);
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
}

beforeAll(async () => {
  await Promise.all([import('./payment'), import('./payment-confirmation')]);
});

afterEach(() => {
  vi.useRealTimers();
  delete window.Stripe;
});

// Whole journeys through lazy pages: give a busy machine time.
describe('/payment/{id}', { timeout: 20_000 }, () => {
  it('sends a visitor to /login with a return path', async () => {
    const router = await expectVisitorSentToLogin(PATH);
    expect(router.state.location.search).toBe('');
    expect(router.state.location.state).toEqual({ from: PATH });
  });

  it("summarises the order with the server quote for the listing's duration: base, additional months, total", async () => {
    const { network } = await openCheckout();
    await within(summary()).findByText('$107.00');
    await waitFor(() => {
      expect(document.title).toContain('Complete Payment');
    });
    expect(priceRows()).toEqual([
      'Listing: Eppendorf 5810R Centrifuge',
      'Duration: 3 months',
      'Base price (includes the first month): $49.00',
      'Additional months (2): $58.00',
      'Total: $107.00',
      'Active until: Apr 15, 2030',
    ]);
    // Issue 18: the duration was asked on the create form; here it is shown, changed on request.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change duration' })).toHaveAttribute('aria-expanded', 'false');
    const quote = requestsTo(network, 'GET /api/v1/payments/quote')[0];
    expect(Object.fromEntries(new URL(quote?.url ?? 'http://x').searchParams)).toEqual({
      listing_id: LISTING_ID,
      duration_months: '3',
      purpose: 'activate',
    });
  });

  it("shows the promotion's discount, 'List Free Until June' and '30 days free listing'", async () => {
    await openCheckout({ [CREATE_INTENT]: { body: cardIntent(58) } }, { promotion: true });
    await within(summary()).findByText('List Free Until June');
    expect(within(summary()).getByText('30 days free listing')).toBeInTheDocument();
    expect(within(summary()).getByText('-$49.00')).toBeInTheDocument();
    expect(priceRows()).toContain('Total: $58.00');
  });

  it("cleans up pending payments, then creates the payment for the listing's duration, and asks for the card", async () => {
    const { network } = await openPaymentPage();
    expect(await screen.findByRole('button', { name: 'Pay $107.00' })).toBeInTheDocument();
    expect(screen.getByText(/4242 4242 4242 4242 \(succeeds\)/)).toBeInTheDocument();
    expect(screen.getByText(/4000 0000 0000 0002 \(declined\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name on card (optional)')).toBeInTheDocument();

    const paths = network.requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname);
    expect(paths).toEqual(['/api/v1/payments/cleanup-pending', '/api/v1/payments/create-intent']);
    expect(await requestsTo(network, CREATE_INTENT)[0]?.json()).toEqual({
      listing_id: LISTING_ID,
      duration_months: 3,
      purpose: 'activate',
    });
  });

  it('creates one payment, even when React runs effects twice (StrictMode)', async () => {
    const network = sellerApi();
    renderStrictApp(PATH, 'seller-token');
    await screen.findByRole('button', { name: 'Pay $107.00' });
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(1);
  });

  it('lets the seller choose another duration before paying: new quote, then a payment for it', async () => {
    let created = 0;
    const { user, network } = await openPaymentPage({
      // The first payment is for the listing's 3 months, the second for 12.
      [CREATE_INTENT]: () => {
        created += 1;
        return { body: cardIntent(created === 1 ? 107 : 368) };
      },
    });
    await screen.findByRole('button', { name: 'Pay $107.00' });

    await user.click(screen.getByRole('button', { name: 'Change duration' }));
    expect(screen.getByRole('radio', { name: '3 months' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: '12 months' }));
    await within(summary()).findByText('$368.00');
    expect(priceRows()).toContain('Duration: 12 months');
    expect(priceRows()).toContain('Additional months (11): $319.00');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('button', { name: 'Pay $368.00' });
    const bodies = await Promise.all(
      requestsTo(network, CREATE_INTENT).map((r) => r.json() as Promise<{ duration_months: DurationMonths }>),
    );
    expect(bodies.map((body) => body.duration_months)).toEqual([3, 12]);
  });

  it.each(['free_tier_', 'free_listing_'])(
    "activates a free payment (client secret '%s…') at once and opens the listing after 1.5 s",
    async (prefix) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
      const { router } = await openPaymentPage(
        {
          [CREATE_INTENT]: { body: { client_secret: `${prefix}abc123`, payment_id: PAYMENT_ID, amount: 0 } },
          [`GET /api/v1/listings/${LISTING_ID}`]: { body: makeListing({ duration_months: 1 }) },
        },
        { promotion: true },
      );
      expect(await screen.findByText('Your listing has been activated for free!')).toBeInTheDocument();
      expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

      // Fake time also runs on with real time (shouldAdvanceTime): leave a margin for a busy machine.
      act(() => {
        vi.advanceTimersByTime(1200);
      });
      expect(router.state.location.pathname).toBe(PATH);
      act(() => {
        vi.advanceTimersByTime(400);
      });
      await waitFor(() => {
        expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
      });
    },
  );

  it('pays with the sandbox test card and goes to the confirmation page', async () => {
    const { user, network, router } = await openPaymentPage({
      [CONFIRM_CARD]: {
        body: {
          payment_id: PAYMENT_ID,
          listing_id: LISTING_ID,
          payment_intent: { id: PAYMENT_INTENT_ID, status: 'succeeded', amount: 107, currency: 'usd' },
        },
      },
      'POST /api/v1/payments/confirm': { body: { listing_id: LISTING_ID, status: 'completed' } },
    });
    await screen.findByRole('button', { name: 'Pay $107.00' });
    await fillCard(user, '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue(`12/${nextYear}`);
    await user.click(screen.getByRole('button', { name: 'Pay $107.00' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/payment/confirmation');
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      payment_intent: PAYMENT_INTENT_ID,
      payment_id: PAYMENT_ID,
    });
    expect(await requestsTo(network, CONFIRM_CARD)[0]?.json()).toEqual({
      client_secret: CLIENT_SECRET,
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2000 + Number(nextYear),
      cvc: '123',
    });
  });

  it("shows a declined card's reason, focused, and lets the seller try another card", async () => {
    let attempts = 0;
    const { user, network, router } = await openPaymentPage({
      [CONFIRM_CARD]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 402, body: { detail: 'Your card was declined.' } }
          : {
              body: {
                payment_id: PAYMENT_ID,
                listing_id: LISTING_ID,
                payment_intent: { id: PAYMENT_INTENT_ID, status: 'succeeded', amount: 107, currency: 'usd' },
              },
            };
      },
    });
    await screen.findByRole('button', { name: 'Pay $107.00' });
    await fillCard(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Pay $107.00' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveFocus();
    expect(router.state.location.pathname).toBe(PATH);

    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $107.00' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/payment/confirmation');
    });
    // The same payment, paid with the second card: no new payment was created.
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(1);
  });

  it('checks the card fields before sending anything', async () => {
    const { user, network } = await openPaymentPage();
    await user.click(await screen.findByRole('button', { name: 'Pay $107.00' }));
    expect(screen.getByText('Please enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the expiry date as MM/YY.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 3- or 4-digit security code (CVC).')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(network, CONFIRM_CARD)).toHaveLength(0);
  });

  it.each([
    ['the server detail', { status: 400, body: { detail: 'Something the server says.' } }, 'Something the server says.'],
    ["'Failed to initialize payment' without one", { status: 500 }, PAYMENT_INIT_FAILED],
  ])('when the payment cannot be created, shows %s', async (_case, answer, message) => {
    await openPaymentPage({ [CREATE_INTENT]: answer });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveFocus();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it("says 'Unable to initialize payment process. Please try again.' when offline, and tries again", async () => {
    let offline = true;
    const { user } = await openPaymentPage({
      [CREATE_INTENT]: () => (offline ? networkFailure() : { body: cardIntent(107) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_INIT_ERROR);
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $107.00' })).toBeInTheDocument();
  });

  it("says 'This listing has already been paid for.' with a link to the listing", async () => {
    const { network } = await openPaymentPage({
      [`GET /api/v1/listings/${LISTING_ID}`]: { body: makeListing({ payment_status: 'paid', is_active: true }) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ALREADY_PAID);
    expect(within(alert).getByRole('link', { name: 'View listing' })).toHaveAttribute('href', `/listings/${LISTING_ID}`);
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(0);
  });

  it("says 'Listing not found' for a listing the API does not show", async () => {
    await openPaymentPage({ [`GET /api/v1/listings/${LISTING_ID}`]: { status: 404, body: { detail: 'Listing not found' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Listing not found');
  });

  it("does not offer to pay for someone else's listing", async () => {
    const { network } = await openPaymentPage({
      [`GET /api/v1/listings/${LISTING_ID}`]: { body: makeListing({ user_id: OTHER_USER.id }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to pay for this listing');
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(0);
  });
});

// Whole journeys through lazy pages: give a busy machine time.
describe('/payment/{id} with Stripe', { timeout: 20_000 }, () => {
  const stripeApi = {
    'GET /api/v1/config': { body: appConfig({ payment_provider: 'stripe', stripe_publishable_key: 'pk_test_123' }) },
    [CREATE_INTENT]: { body: cardIntent(107, { provider: 'stripe', client_secret: 'pi_123_secret_456' }) },
  };

  it("says the card provider's script hasn't loaded yet when paying before Stripe.js is there", async () => {
    const { user } = await openPaymentPage(stripeApi);
    await user.click(await screen.findByRole('button', { name: 'Pay $107.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_SCRIPT_NOT_LOADED);
    expect(document.head.querySelector('script[src="https://js.stripe.com/v3"]')).not.toBeNull();
  });

  it('mounts the Payment Element with the client secret and confirms with the return URL to the confirmation page', async () => {
    const confirmPayment = vi.fn(() => Promise.resolve({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } }));
    const mount = vi.fn();
    const elements = vi.fn(() => ({ create: () => ({ mount, destroy: vi.fn(), on: vi.fn() }) }));
    const Stripe = vi.fn(() => ({ elements, confirmPayment }));
    window.Stripe = Stripe as unknown as StripeConstructor;

    const { user } = await openPaymentPage(stripeApi);
    await user.click(await screen.findByRole('button', { name: 'Pay $107.00' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(Stripe).toHaveBeenCalledWith('pk_test_123');
    expect(elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_123_secret_456' }));
    expect(mount).toHaveBeenCalledTimes(1);
    expect(confirmPayment).toHaveBeenCalledWith({
      elements: expect.anything() as unknown,
      confirmParams: { return_url: `${window.location.origin}/payment/confirmation?payment_id=${PAYMENT_ID}` },
    });
  });
});

describe('/payment/{id}: the trust rules (issue 14)', { timeout: 20_000 }, () => {
  const RESEND = 'POST /api/v1/auth/resend-verification';

  it('stops an unverified seller before the payment step, keeps the draft, and resends the verification mail', async () => {
    const { network, user } = await openPaymentPage({
      'GET /api/v1/auth/me': { body: { ...SELLER, is_verified: false } },
      [RESEND]: { body: { message: 'We sent a new verification link to seller@example.com. It is valid for 48 hours.' } },
    });

    const prompt = await screen.findByRole('region', { name: EMAIL_NOT_VERIFIED_TO_PUBLISH });
    expect(EMAIL_NOT_VERIFIED_TO_PUBLISH.startsWith('Please verify your email address before publishing a listing.')).toBe(true);
    expect(within(prompt).getByText(DRAFT_KEPT)).toBeInTheDocument();
    expect(within(prompt).getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', `/edit-listing/${LISTING_ID}`);
    expect(within(prompt).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    // No payment is started, and no card is asked for.
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(0);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    await user.click(within(prompt).getByRole('button', { name: 'Resend verification email' }));
    expect(
      await within(prompt).findByText('We sent a new verification link to seller@example.com. It is valid for 48 hours.'),
    ).toBeInTheDocument();
    expect(requestsTo(network, RESEND)).toHaveLength(1);
  });

  it("shows the resend's refusal as the API words it (429)", async () => {
    const { user } = await openPaymentPage({
      'GET /api/v1/auth/me': { body: { ...SELLER, is_verified: false } },
      [RESEND]: { status: 429, body: { detail: 'Too many attempts. Please try again in 42 minutes.' } },
    });
    const prompt = await screen.findByRole('region', { name: EMAIL_NOT_VERIFIED_TO_PUBLISH });
    await user.click(within(prompt).getByRole('button', { name: 'Resend verification email' }));
    expect(await within(prompt).findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 42 minutes.');
  });

  it("shows the same prompt when the API refuses the payment with 'email_not_verified'", async () => {
    const detail = EMAIL_NOT_VERIFIED_TO_PUBLISH;
    await openPaymentPage({ [CREATE_INTENT]: { status: 403, body: { detail, code: 'email_not_verified' } } });

    const prompt = await screen.findByRole('region', { name: detail });
    expect(within(prompt).getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("shows a prohibited item's refusal as the API words it, with 'Fix this listing'", async () => {
    const detail = listingProhibitedMessage('Controlled substances cannot be sold on BenchMarket (found: ketamine).');
    await openPaymentPage({ [CREATE_INTENT]: { status: 403, body: { detail, code: 'listing_prohibited' } } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(detail);
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole('link', { name: 'Fix this listing' })).toHaveAttribute('href', `/edit-listing/${LISTING_ID}`);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('does not offer to pay for a listing BenchMarket took down', async () => {
    const { network } = await openPaymentPage({
      [`GET /api/v1/listings/${LISTING_ID}`]: {
        body: makeListing({ moderation: { status: 'taken_down', reason: 'Counterfeit', at: '2026-01-10T09:00:00.000Z' } }),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(LISTING_TAKEN_DOWN);
    expect(requestsTo(network, CREATE_INTENT)).toHaveLength(0);
  });
});
