import { ADMIN_REASON_REQUIRED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { ADMIN_TOKEN, adminApi, bodyOf } from '../testing/fixtures';

/** Opens the settings with these promotion settings; the 'Launch promotion' section. */
async function openPromotion(settings: { promo_free_until: string; promo_active: boolean }) {
  adminApi({ 'GET /api/v1/admin/settings': { body: settings } });
  renderApp('/admin/settings', { token: ADMIN_TOKEN });
  return screen.findByRole('region', { name: /Launch promotion/ });
}

describe('/admin/settings', () => {
  it('shows the promotion’s end date and whether it runs', async () => {
    const promotion = await openPromotion({ promo_free_until: '2027-06-01', promo_active: true });
    expect(within(promotion).getByText('Active')).toBeInTheDocument();
    expect(promotion).toHaveTextContent('Listings are free until Jun 1, 2027.');
    expect(within(promotion).getByLabelText('Free until')).toHaveValue('2027-06-01');
  });

  it('shows an ended promotion', async () => {
    const promotion = await openPromotion({ promo_free_until: '2024-06-01', promo_active: false });
    expect(within(promotion).getByText('Ended')).toBeInTheDocument();
    expect(promotion).toHaveTextContent('The promotion ended on Jun 1, 2024.');
  });

  it('changes the end date only with a reason', async () => {
    let saved = { promo_free_until: '2027-06-01', promo_active: true };
    const network = adminApi({
      'GET /api/v1/admin/settings': () => ({ body: saved }),
      'PUT /api/v1/admin/settings/promotion': () => {
        saved = { promo_free_until: '2027-09-01', promo_active: true };
        return { body: saved };
      },
    });
    const { user } = renderApp('/admin/settings', { token: ADMIN_TOKEN });
    const date = await screen.findByLabelText('Free until');
    await user.clear(date);
    await user.type(date, '2027-09-01');
    await user.click(screen.getByRole('button', { name: 'Save end date' }));
    expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_REASON_REQUIRED);
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    expect(network.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Extended for the autumn trade fair.');
    await user.click(screen.getByRole('button', { name: 'Save end date' }));
    await waitFor(() => {
      expect(screen.getByText('The promotion now runs until Sep 1, 2027.')).toHaveFocus();
    });
    expect(await bodyOf(network.requests.find((request) => request.method === 'PUT') as Request)).toEqual({
      promo_free_until: '2027-09-01',
      reason: 'Extended for the autumn trade fair.',
    });
    expect(screen.getByRole('region', { name: /Launch promotion/ })).toHaveTextContent('Listings are free until Sep 1, 2027.');
  });

  it("shows the API's refusal", async () => {
    adminApi({
      'GET /api/v1/admin/settings': { body: { promo_free_until: '2027-06-01', promo_active: true } },
      'PUT /api/v1/admin/settings/promotion': { status: 400, body: { detail: 'Enter a date as YYYY-MM-DD.' } },
    });
    const { user } = renderApp('/admin/settings', { token: ADMIN_TOKEN });
    await user.type(await screen.findByRole('textbox', { name: 'Reason' }), 'Test.');
    await user.click(screen.getByRole('button', { name: 'Save end date' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The promotion could not be changed.Enter a date as YYYY-MM-DD.');
  });
});
