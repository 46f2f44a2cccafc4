/** The logged-in seller of the dashboard's tests: their API, their session and where their rows are. */
import type { Listing, Message, Payment } from '@benchmarket/shared';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { seller } from './fixtures';

export const SELLER_TOKEN = 'seller-token';

interface SellerData {
  listings?: Listing[];
  messages?: Message[];
  payments?: Payment[];
  /** Routes to add, or to answer differently. */
  extra?: Record<string, StubHandler>;
}

/** The API of the seller with these listings, messages and payments, and no pending payment to clean up. */
export function stubSellerApi({ listings = [], messages = [], payments = [], extra = {} }: SellerData = {}) {
  return stubFetch({
    'GET /api/v1/auth/me': { body: seller },
    'GET /api/v1/listings/user': { body: listings },
    'GET /api/v1/messages/user': { body: messages },
    'POST /api/v1/payments/cleanup-pending': { body: { removed: 0 } },
    'GET /api/v1/payments/history': { body: payments },
    ...extra,
  });
}

/** Renders the app at `path` with the seller logged in. */
export function renderAsSeller(path: string) {
  return renderApp(path, { token: SELLER_TOKEN });
}

/** The table row (`tr`) or list item (`li`) that shows `text`: one listing, payment or message. */
export function itemWith(text: string, selector: 'tr' | 'li'): HTMLElement {
  const item = screen.getByText(text).closest<HTMLElement>(selector);
  if (!item) throw new Error(`No ${selector} with ${text}`);
  return item;
}
