import { DASHBOARD_LISTING_DETAILS_FAILED, DASHBOARD_PAYMENTS_FAILED } from '@benchmarket/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeListing, makePayment } from '../testing/fixtures';
import { itemWith, renderAsSeller, stubSellerApi } from '../testing/seller-api';

const rowWith = (text: string) => itemWith(text, 'tr');

describe('Payment History tab', () => {
  const completed = makePayment({
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    listing_title: 'Paid Centrifuge',
    amount: 1234.5,
    duration_months: 3,
    status: 'completed',
  });
  const pending = makePayment({
    id: 'bbbbbbbb-1111-4111-8111-111111111111',
    listing_title: 'Pending Autoclave',
    amount: 49,
    duration_months: 1,
    status: 'pending',
  });
  const failed = makePayment({
    id: 'cccccccc-2222-4222-8222-222222222222',
    listing_title: 'Failed Microscope',
    amount: 78,
    duration_months: 6,
    status: 'failed',
  });

  it('cleans up pending payments first, then loads the history', async () => {
    const network = stubSellerApi({ payments: [completed], extra: { 'POST /api/v1/payments/cleanup-pending': { body: { removed: 1 } } } });
    renderAsSeller('/dashboard?tab=payments');
    await screen.findByText('Paid Centrifuge');

    const calls = network.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`).filter((call) => call.includes('/payments/'));
    expect(calls).toEqual(['POST /api/v1/payments/cleanup-pending', 'GET /api/v1/payments/history']);
  });

  it('shows the amount with 2 decimals, the first 8 characters of the id, the listing, duration, date and status', async () => {
    stubSellerApi({ payments: [completed, pending] });
    renderAsSeller('/dashboard?tab=payments');
    await screen.findByText('Paid Centrifuge');

    const row = within(rowWith('Paid Centrifuge'));
    expect(row.getByText('1234.50')).toBeInTheDocument();
    expect(row.getByText('a1b2c3d4')).toBeInTheDocument();
    expect(screen.queryByText(completed.id)).not.toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Paid Centrifuge' })).toHaveAttribute('href', `/listings/${completed.listing_id}`);
    expect(row.getByText('3 months')).toBeInTheDocument();
    expect(row.getByText('Feb 1, 2025')).toBeInTheDocument();
    expect(row.getByText('completed')).toBeInTheDocument();
    expect(within(rowWith('Pending Autoclave')).getByText('49.00')).toBeInTheDocument();
    expect(within(rowWith('Pending Autoclave')).getByText('1 month')).toBeInTheDocument();
  });

  it("offers 'Pay Now' for failed and pending payments and 'View' for completed ones", async () => {
    stubSellerApi({ payments: [completed, pending, failed] });
    renderAsSeller('/dashboard?tab=payments');
    await screen.findByText('Paid Centrifuge');

    const view = within(rowWith('Paid Centrifuge'));
    expect(view.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/listings/${completed.listing_id}`);
    expect(view.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    for (const payment of [pending, failed]) {
      const row = within(rowWith(payment.listing_title ?? ''));
      expect(row.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', `/payment/${payment.listing_id}`);
      expect(row.queryByRole('link', { name: 'View' })).not.toBeInTheDocument();
    }
  });

  it('loads the listing when the history has no title, and says so when that fails', async () => {
    const known = makeListing({ title: 'Looked-up Spectrometer' });
    const withListing = makePayment({ listing_id: known.id, listing_title: null });
    const missing = makePayment({ listing_title: null, status: 'failed' });
    stubSellerApi({ payments: [withListing, missing], extra: { [`GET /api/v1/listings/${known.id}`]: { body: known } } });
    renderAsSeller('/dashboard?tab=payments');

    expect(await screen.findByRole('link', { name: 'Looked-up Spectrometer' })).toHaveAttribute('href', `/listings/${known.id}`);
    expect(await screen.findByText(DASHBOARD_LISTING_DETAILS_FAILED)).toBeInTheDocument();
  });

  it('still shows the history when the clean-up fails', async () => {
    stubSellerApi({ payments: [completed], extra: { 'POST /api/v1/payments/cleanup-pending': { status: 500 } } });
    renderAsSeller('/dashboard?tab=payments');

    expect(await screen.findByText('Paid Centrifuge')).toBeInTheDocument();
  });

  it('says so when the history cannot be loaded', async () => {
    stubSellerApi({ extra: { 'GET /api/v1/payments/history': { status: 500 } } });
    renderAsSeller('/dashboard?tab=payments');

    expect(await screen.findByText(DASHBOARD_PAYMENTS_FAILED)).toBeInTheDocument();
  });
});
