import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { ADMIN_TOKEN, admin, adminApi, makeAuditEntry, page, seller } from '../testing/fixtures';

const AUDIT = 'GET /api/v1/admin/audit';

describe('/admin/audit', () => {
  it('shows who did what to which object, before → after, why and when, read-only', async () => {
    const entry = makeAuditEntry();
    adminApi({
      [AUDIT]: {
        body: page([
          entry,
          makeAuditEntry({ action: 'user.suspend', object_type: 'user', object_id: seller.id, before: null, after: null, reason: null }),
        ]),
      },
    });
    renderApp('/admin/audit', { token: ADMIN_TOKEN });
    const table = await screen.findByRole('table', { name: /^Administrator actions/ });
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(admin.email);
    expect(first).toHaveTextContent('listing.take_down');
    expect(within(first).getByRole('link', { name: entry.object_id })).toHaveAttribute('href', `/listings/${entry.object_id}`);
    expect(first).toHaveTextContent('is_active: true → changed to false');
    expect(first).toHaveTextContent('moderation_status: — → changed to taken_down');
    expect(first).toHaveTextContent('Controlled substance.');
    expect(within(second).getByRole('link', { name: seller.id })).toHaveAttribute('href', `/admin/users/${seller.id}`);
    expect(second).toHaveTextContent('No field changed');
    expect(screen.queryByRole('button', { name: /edit|delete/i })).not.toBeInTheDocument();
  });

  it('shows only what was done to one object, from the URL', async () => {
    const network = adminApi({ [AUDIT]: { body: page([]) } });
    const { user, router } = renderApp('/admin/audit', { token: ADMIN_TOKEN });
    expect(await screen.findByText('No administrator action is recorded yet.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Object id' }), `${seller.id}{Enter}`);
    expect(await screen.findByText(`Nothing was recorded about '${seller.id}'.`)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?object_id=${seller.id}`);
    expect(network.lastRequest().url).toContain(`object_id=${seller.id}`);
  });

  it('pages through the log', async () => {
    const network = adminApi({
      [AUDIT]: (request) => {
        const current = Number(new URL(request.url).searchParams.get('page') ?? '1');
        return { body: page([makeAuditEntry({ action: `action.page${String(current)}` })], { total: 41, page: current }) };
      },
    });
    const { user } = renderApp('/admin/audit?page=3', { token: ADMIN_TOKEN });
    expect(await screen.findByText('action.page3')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(pager).toHaveTextContent('Page 3 of 3');
    await user.click(within(pager).getByRole('link', { name: /Previous/ }));
    expect(await screen.findByText('action.page2')).toBeInTheDocument();
    expect(network.lastRequest().url).toContain('page=2');
  });
});
