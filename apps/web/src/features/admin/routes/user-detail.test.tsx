import { ADMIN_REASON_REQUIRED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { ADMIN_TOKEN, admin, adminApi, bodyOf, makeAdminUser, makeUserDetail, seller } from '../testing/fixtures';

const DETAIL = `GET /api/v1/admin/users/${seller.id}`;

describe('/admin/users/:id', () => {
  it('shows the account, its listings, payments, reports and the messages it sent', async () => {
    const detail = makeUserDetail();
    adminApi({ [DETAIL]: { body: detail } });
    renderApp(`/admin/users/${seller.id}`, { token: ADMIN_TOKEN });

    expect(await screen.findByRole('heading', { level: 1, name: seller.email })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe(`${seller.email} · BenchMarket`);
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Listings (1)' })).toBeInTheDocument();
    const listings = screen.getByRole('table', { name: /listings/ });
    expect(within(listings).getByRole('link', { name: 'Thermo Heracell 150i CO2 Incubator' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/listings\//) as string,
    );
    expect(within(listings).getByRole('button', { name: 'Take down: Thermo Heracell 150i CO2 Incubator' })).toBeInTheDocument();
    expect(within(listings).getByRole('link', { name: 'Feature: Thermo Heracell 150i CO2 Incubator' })).toBeInTheDocument();
    const payments = screen.getByRole('table', { name: /payments/ });
    expect(within(payments).getByText('pi_3Pabc123')).toBeInTheDocument();
    expect(within(payments).getByText('$107.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Reports made (0)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Reports against their listings (1)' })).toBeInTheDocument();
    expect(screen.getByText('Is the microscope still available?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit log of this account' })).toHaveAttribute('href', `/admin/audit?object_id=${seller.id}`);
  });

  it('suspends an account only with a reason, and shows that it is suspended', async () => {
    let suspended = false;
    const network = adminApi({
      [DETAIL]: () => ({
        body: makeUserDetail({
          user: makeAdminUser(suspended ? { suspended_at: '2025-03-06T10:00:00.000Z', suspension_reason: 'Repeated fraud reports.' } : {}),
        }),
      }),
      [`POST /api/v1/admin/users/${seller.id}/suspend`]: () => {
        suspended = true;
        return { body: makeAdminUser({ suspended_at: '2025-03-06T10:00:00.000Z', suspension_reason: 'Repeated fraud reports.' }) };
      },
    });
    const { user } = renderApp(`/admin/users/${seller.id}`, { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend account' });
    expect(dialog).toHaveAccessibleDescription(/will not be able to log in/);

    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ADMIN_REASON_REQUIRED);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Repeated fraud reports.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));

    await waitFor(() => {
      expect(screen.getByText(`${seller.email} is suspended and was emailed the reason.`)).toHaveFocus();
    });
    expect(await bodyOf(network.requests.find((request) => request.method === 'POST') as Request)).toEqual({
      reason: 'Repeated fraud reports.',
    });
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    expect(screen.getByText('Repeated fraud reports.')).toBeInTheDocument();
  });

  it("shows the API's refusal of a reinstatement", async () => {
    adminApi({
      [DETAIL]: { body: makeUserDetail({ user: makeAdminUser({ suspended_at: '2025-03-06T10:00:00.000Z', suspension_reason: 'Spam.' }) }) },
      [`POST /api/v1/admin/users/${seller.id}/reinstate`]: { status: 404, body: { detail: 'User not found' } },
    });
    const { user } = renderApp(`/admin/users/${seller.id}`, { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Reinstate' }));
    const dialog = screen.getByRole('dialog', { name: 'Reinstate account' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Appeal accepted.');
    await user.click(within(dialog).getByRole('button', { name: 'Reinstate account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account could not be reinstated.User not found');
  });

  it('offers no Suspend on the administrator’s own account', async () => {
    adminApi({
      [`GET /api/v1/admin/users/${admin.id}`]: {
        body: makeUserDetail({ user: makeAdminUser({ id: admin.id, email: admin.email, role: 'admin' }) }),
      },
    });
    renderApp(`/admin/users/${admin.id}`, { token: ADMIN_TOKEN });
    expect(await screen.findByText('This is your account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it("shows the API's detail for an unknown account", async () => {
    adminApi({ [DETAIL]: { status: 404, body: { detail: 'User not found' } } });
    renderApp(`/admin/users/${seller.id}`, { token: ADMIN_TOKEN });
    expect(await screen.findByRole('alert')).toHaveTextContent('The account could not be loaded.User not found');
  });
});
