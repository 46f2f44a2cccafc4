import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { ADMIN_TOKEN, adminApi, makeInboxItem, page } from '../testing/fixtures';

const INBOX = 'GET /api/v1/admin/inbox';

describe('/admin/inbox', () => {
  it('shows feedback with the page it came from, and support requests', async () => {
    const network = adminApi({
      [INBOX]: {
        body: page([
          makeInboxItem(),
          makeInboxItem({
            kind: 'support',
            name: 'Dr. Jane Roe',
            subject: 'Invoice for my payment',
            page: null,
            message: 'Please send an invoice.',
          }),
        ]),
      },
    });
    renderApp('/admin/inbox', { token: ADMIN_TOKEN });
    const feedback = await screen.findByRole('article', { name: 'Feedback' });
    expect(feedback).toHaveTextContent('The search filters are hard to find on my phone.');
    expect(feedback).toHaveTextContent('Sent from the page /search?q=centrifuge');
    const support = screen.getByRole('article', { name: 'Invoice for my payment' });
    expect(support).toHaveTextContent('Support request');
    expect(support).toHaveTextContent('From Dr. Jane Roe visitor@example.com');
    expect(within(support).getByRole('link', { name: 'visitor@example.com' })).toHaveAttribute('href', 'mailto:visitor@example.com');
    expect(network.lastRequest().url).toContain('status=open');
  });

  it('marks an item done, and shows the done ones on their tab', async () => {
    const item = makeInboxItem();
    let open = [item];
    const network = adminApi({
      [INBOX]: (request) =>
        new URL(request.url).searchParams.get('status') === 'done'
          ? { body: page([{ ...item, done_at: '2025-03-07T09:00:00.000Z' }]) }
          : { body: page(open) },
      [`POST /api/v1/admin/inbox/feedback/${item.id}/done`]: () => {
        open = [];
        return { body: { ...item, done_at: '2025-03-07T09:00:00.000Z' } };
      },
    });
    const { user, router } = renderApp('/admin/inbox', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Mark done: Feedback from visitor@example.com' }));
    await waitFor(() => {
      expect(screen.getByText('Feedback from visitor@example.com is marked done.')).toHaveFocus();
    });
    expect(await screen.findByText('Nothing to answer: the inbox is empty.')).toBeInTheDocument();
    expect(network.requests.some((request) => request.method === 'POST')).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Done' }));
    expect(router.state.location.search).toBe('?status=done');
    const done = await screen.findByRole('article', { name: 'Feedback' });
    expect(done).toHaveTextContent(/Done Mar 7, 2025/);
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the API's refusal to mark an item done", async () => {
    const item = makeInboxItem();
    adminApi({
      [INBOX]: { body: page([item]) },
      [`POST /api/v1/admin/inbox/feedback/${item.id}/done`]: { status: 404, body: { detail: 'Feedback not found' } },
    });
    const { user } = renderApp('/admin/inbox', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: /^Mark done/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('It could not be marked done.Feedback not found');
  });

  it('says when the inbox is empty', async () => {
    adminApi({ [INBOX]: { body: page([]) } });
    renderApp('/admin/inbox', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Nothing to answer: the inbox is empty.')).toBeInTheDocument();
  });
});
