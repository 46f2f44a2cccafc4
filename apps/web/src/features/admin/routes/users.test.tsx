import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { ADMIN_TOKEN, adminApi, makeAdminUser, page, seller } from '../testing/fixtures';

const USERS = 'GET /api/v1/admin/users';

describe('/admin/users', () => {
  it('lists the accounts, newest first, with their status and a link to each', async () => {
    adminApi({
      [USERS]: {
        body: page([
          makeAdminUser(),
          makeAdminUser({
            id: 'ad000000-0000-4000-8000-0000000000ff',
            email: 'spam@fake.example',
            suspended_at: '2025-03-01T00:00:00.000Z',
            suspension_reason: 'Spam.',
            is_verified: false,
            listings_count: 0,
          }),
        ]),
      },
    });
    renderApp('/admin/users', { token: ADMIN_TOKEN });
    const table = await screen.findByRole('table', { name: /^Users/ });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: seller.email })).toHaveAttribute('href', `/admin/users/${seller.id}`);
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('Suspended');
    expect(rows[2]).toHaveTextContent('Email not verified');
    expect(screen.getByText('2 accounts, the newest first.')).toBeInTheDocument();
    // A wide table scrolls sideways on a phone, by keyboard too, with a visible cue.
    expect(screen.getByRole('region', { name: 'Users' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('Scroll sideways to see every column')).toBeInTheDocument();
  });

  it('finds accounts by email (the search is kept in the URL)', async () => {
    const network = adminApi({
      [USERS]: (request) =>
        new URL(request.url).searchParams.get('email') === 'lab.example' ? { body: page([makeAdminUser()]) } : { body: page([]) },
    });
    const { user, router } = renderApp('/admin/users', { token: ADMIN_TOKEN });
    expect(await screen.findByText('No accounts yet.')).toBeInTheDocument();

    const search = screen.getByRole('search', { name: 'Email contains' });
    await user.type(within(search).getByRole('textbox', { name: 'Email contains' }), 'lab.example{Enter}');
    expect(await screen.findByText("1 found for 'lab.example'.")).toBeInTheDocument();
    expect(router.state.location.search).toBe('?email=lab.example');
    expect(network.lastRequest().url).toContain('email=lab.example');

    // The form is the URL's: a new search is a new form.
    await user.click(within(screen.getByRole('search', { name: 'Email contains' })).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('No accounts yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when no account matches', async () => {
    adminApi({ [USERS]: { body: page([]) } });
    renderApp('/admin/users?email=nobody', { token: ADMIN_TOKEN });
    expect(await screen.findByText("No account's email contains 'nobody'.")).toBeInTheDocument();
  });
});
