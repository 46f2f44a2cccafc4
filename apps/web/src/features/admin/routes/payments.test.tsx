import { ADMIN_REASON_REQUIRED, REFUND_AMOUNT_TOO_LARGE } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { REFUND_AMOUNT_INVALID } from '../form-schemas';
import { formatDateTime } from '../format';
import { ADMIN_TOKEN, adminApi, bodyOf, daysFromNow, makePayment, page, seller } from '../testing/fixtures';

const PAYMENTS = 'GET /api/v1/admin/payments';

describe('/admin/payments', () => {
  it('lists every payment with its provider id, refunds and status', async () => {
    const partly = makePayment({
      refunded_amount: 20,
      refunds: [
        {
          id: 'b0000000-0000-4000-8000-000000000001',
          amount: 20,
          source: 'provider',
          reason: null,
          provider_refund_id: 're_1',
          created_at: '2025-02-03T00:00:00.000Z',
        },
      ],
    });
    const free = makePayment({ provider: 'free', provider_payment_id: null, amount: 0, listing_title: 'Free listing' });
    adminApi({ [PAYMENTS]: { body: page([partly, free]) } });
    renderApp('/admin/payments', { token: ADMIN_TOKEN });

    const table = await screen.findByRole('table', { name: /^Payments/ });
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('pi_3Pabc123');
    expect(first).toHaveTextContent('$107.00');
    expect(first).toHaveTextContent("$20.00 in the provider's dashboard on Feb 3, 2025");
    expect(first).toHaveTextContent('Partly refunded');
    expect(within(first).getByRole('link', { name: seller.email })).toHaveAttribute('href', `/admin/users/${seller.id}`);
    expect(within(first).getByRole('button', { name: `Refund payment ${partly.id.slice(0, 8)}` })).toBeInTheDocument();
    expect(second).toHaveTextContent('No provider id');
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
  });

  it('searches payments (the search is kept in the URL)', async () => {
    const network = adminApi({ [PAYMENTS]: { body: page([]) } });
    const { user, router } = renderApp('/admin/payments', { token: ADMIN_TOKEN });
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'pi_3Pabc{Enter}');
    expect(await screen.findByText("No payment matches 'pi_3Pabc'.")).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=pi_3Pabc');
    expect(network.lastRequest().url).toContain('q=pi_3Pabc');
  });

  it("refunds part of a payment (the amount checked, a reason required) and shows the listing's new expiry", async () => {
    const payment = makePayment();
    const newExpiry = daysFromNow(30);
    const network = adminApi({
      [PAYMENTS]: { body: page([payment]) },
      [`POST /api/v1/admin/payments/${payment.id}/refund`]: {
        body: { payment: { ...payment, refunded_amount: 50 }, listing_expiry_date: newExpiry },
      },
    });
    const { user } = renderApp('/admin/payments', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: `Refund payment ${payment.id.slice(0, 8)}` }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    expect(dialog).toHaveAccessibleDescription(/\$107\.00 can still be refunded/);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (USD) (optional)' });
    expect(amount).toHaveAccessibleDescription('Leave it empty to refund everything left: $107.00.');
    const submit = within(dialog).getByRole('button', { name: 'Refund' });

    await user.type(amount, '200');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Listing never went live.');
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REFUND_AMOUNT_TOO_LARGE);
    expect(amount).toHaveFocus();

    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REFUND_AMOUNT_INVALID);

    await user.clear(amount);
    await user.type(amount, '50');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ADMIN_REASON_REQUIRED);
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Listing never went live.');
    await user.click(submit);
    const message = `Refunded $50.00 of payment ${payment.id.slice(0, 8)}. 'Eppendorf 5810R Centrifuge' now expires on ${formatDateTime(newExpiry)}.`;
    await waitFor(() => {
      expect(screen.getByText(message)).toHaveFocus();
    });
    const sent = network.requests.find((request) => request.method === 'POST') as Request;
    expect(await bodyOf(sent)).toEqual({ amount: 50, reason: 'Listing never went live.' });
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('refunds everything left when no amount is given, and says when the paid time has ended', async () => {
    const payment = makePayment({ refunded_amount: 7 });
    const ended = daysFromNow(-0.001);
    const network = adminApi({
      [PAYMENTS]: { body: page([payment]) },
      [`POST /api/v1/admin/payments/${payment.id}/refund`]: {
        body: { payment: { ...payment, refunded_amount: 107, status: 'refunded' }, listing_expiry_date: ended },
      },
    });
    const { user } = renderApp('/admin/payments', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: /^Refund payment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate payment.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText(
        `Refunded $100.00 of payment ${payment.id.slice(0, 8)}. The paid time of 'Eppendorf 5810R Centrifuge' has ended (${formatDateTime(ended)}).`,
      ),
    ).toBeInTheDocument();
    expect(await bodyOf(network.requests.find((request) => request.method === 'POST') as Request)).toEqual({
      reason: 'Duplicate payment.',
    });
  });

  it("shows the provider's refusal in the dialog; a retry of the same refund sends the same Idempotency-Key", async () => {
    const payment = makePayment();
    const network = adminApi({
      [PAYMENTS]: { body: page([payment]) },
      [`POST /api/v1/admin/payments/${payment.id}/refund`]: {
        status: 502,
        body: { detail: 'Stripe could not refund this payment: card expired.' },
      },
    });
    const { user } = renderApp('/admin/payments', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: /^Refund payment/ }));
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Customer asked.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The payment could not be refunded.Stripe could not refund this payment: card expired.');
    expect(alert).toHaveFocus();

    const keysSent = () =>
      network.requests.filter((request) => request.method === 'POST').map((request) => request.headers.get('Idempotency-Key'));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => {
      expect(keysSent()).toHaveLength(2);
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount (USD) (optional)' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => {
      expect(keysSent()).toHaveLength(3);
    });
    const [first, retry, other] = keysSent();
    expect(retry).toBe(first);
    expect(other).not.toBe(first);
  });
});
