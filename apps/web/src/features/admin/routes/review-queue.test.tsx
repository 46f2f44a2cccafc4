import { ADMIN_REASON_REQUIRED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { submitRefused } from '@/testing/forms';
import { renderApp } from '@/testing/render-app';
import { ADMIN_TOKEN, adminApi, bodyOf, holdRequests, makeAdminListing, makeQueueItem, page, seller } from '../testing/fixtures';

const QUEUE = 'GET /api/v1/admin/review-queue';

function card(title: string): HTMLElement {
  const article = screen.getByRole('heading', { name: title }).closest('article');
  if (!article) throw new Error(`No card for ${title}`);
  return article;
}

describe('/admin/review (the review queue)', () => {
  it('says when no listing waits for a review', async () => {
    adminApi({ [QUEUE]: { body: page([]) } });
    renderApp('/admin/review', { token: ADMIN_TOKEN });
    expect(await screen.findByText('The queue is empty: no listing is waiting for a review.')).toBeInTheDocument();
  });

  it("shows each listing with its photos, the check's notes, the seller's history and its open reports", async () => {
    const pending = makeQueueItem({ title: 'Sartorius Cubis II Balance' });
    const rejected = makeQueueItem({
      title: 'Fentanyl Reference Standard',
      verification: { status: 'auto_rejected', verification_notes: 'Controlled substances cannot be listed.' },
      prohibited_reason: 'Controlled substances cannot be listed.',
      photos: [],
      thumbnails: [],
    });
    const network = adminApi({ [QUEUE]: { body: page([pending, rejected], { total: 2 }) } });
    renderApp('/admin/review', { token: ADMIN_TOKEN });

    expect(await screen.findByText('2 listings wait for a review, the oldest first.')).toBeInTheDocument();
    expect(network.requests.find((request) => request.url.includes('/admin/review-queue'))?.url).toContain('page=1');
    const first = card('Sartorius Cubis II Balance');
    expect(within(first).getByRole('link', { name: 'Sartorius Cubis II Balance' })).toHaveAttribute(
      'href',
      `/listings/${pending.listing.id}`,
    );
    const photos = within(first).getAllByRole('img');
    expect(photos).toHaveLength(2);
    expect(photos[0]).toHaveAccessibleName('Photo 1 of 2 (opens in a new tab)');
    expect(photos[0]).toHaveAttribute('src', pending.listing.thumbnails[0]);
    expect(within(first).getByText("The check's notes").nextElementSibling).toHaveTextContent('The photos do not show the serial number.');
    expect(within(first).getByText('Pending Verification')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: seller.email })).toHaveAttribute('href', `/admin/users/${seller.id}`);
    expect(within(first).getByText('Reports against').nextElementSibling).toHaveTextContent('3');
    expect(within(first).getByText('Open reports on this listing').nextElementSibling).toHaveTextContent('2');
    expect(within(first).getByText('Listings').nextElementSibling).toHaveTextContent('4 (2 live)');
    expect(within(first).getByRole('button', { name: 'Approve: Sartorius Cubis II Balance' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Reject: Sartorius Cubis II Balance' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Take down: Sartorius Cubis II Balance' })).toBeInTheDocument();

    const second = card('Fentanyl Reference Standard');
    expect(within(second).getByText('Verification Needed')).toBeInTheDocument();
    expect(within(second).getByText('Prohibited item').nextElementSibling).toHaveTextContent('Controlled substances cannot be listed.');
    expect(within(second).getByText('No photos.')).toBeInTheDocument();
  });

  it('rejects a listing only with a reason, shows the pending state, then the success with the focus on it', async () => {
    const item = makeQueueItem({ title: 'Sartorius Cubis II Balance' });
    let queue = [item];
    const network = adminApi({
      [QUEUE]: () => ({ body: page(queue) }),
      [`POST /api/v1/admin/listings/${item.listing.id}/reject`]: () => {
        queue = [];
        return { body: makeAdminListing({ ...item.listing, moderation: { status: 'rejected', reason: 'x', at: null } }) };
      },
    });
    const { user } = renderApp('/admin/review', { token: ADMIN_TOKEN });

    const reject = await screen.findByRole('button', { name: 'Reject: Sartorius Cubis II Balance' });
    await user.click(reject);
    const dialog = screen.getByRole('dialog', { name: 'Reject listing' });
    expect(dialog).toHaveAccessibleDescription(
      "'Sartorius Cubis II Balance' will show 'Verification Needed'. The seller is emailed the reason and sees it on the listing.",
    );
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();

    // No reason: refused here, the field marked and focused, nothing sent.
    await submitRefused(user, dialog, 'Reject listing', ADMIN_REASON_REQUIRED, reason);
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ADMIN_REASON_REQUIRED);

    await user.clear(reason);
    await user.type(reason, 'The serial number must be visible in a photo.');
    const held = holdRequests('/reject');
    await user.click(within(dialog).getByRole('button', { name: 'Reject listing' }));
    const submit = within(dialog).getByRole('button', { name: 'Reject listing' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    held.release();

    await waitFor(() => {
      expect(screen.getByText("'Sartorius Cubis II Balance' is rejected. The seller was emailed the reason.")).toHaveFocus();
    });
    expect(screen.getByText("'Sartorius Cubis II Balance' is rejected. The seller was emailed the reason.")).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = network.requests.find((request) => request.method === 'POST');
    expect(sent?.url).toContain(`/api/v1/admin/listings/${item.listing.id}/reject`);
    expect(await bodyOf(sent as Request)).toEqual({ reason: 'The serial number must be visible in a photo.' });
    // The queue is loaded again: the listing has left it.
    expect(await screen.findByText('The queue is empty: no listing is waiting for a review.')).toBeInTheDocument();
  });

  it("shows the API's refusal in the dialog, with the focus on it, and keeps what was typed", async () => {
    const item = makeQueueItem({ title: 'Sartorius Cubis II Balance' });
    adminApi({
      [QUEUE]: { body: page([item]) },
      [`POST /api/v1/admin/listings/${item.listing.id}/take-down`]: {
        status: 409,
        body: { detail: 'This listing is already taken down.' },
      },
    });
    const { user } = renderApp('/admin/review', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Take down: Sartorius Cubis II Balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Take down listing' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Counterfeit.');
    await user.click(within(dialog).getByRole('button', { name: 'Take down listing' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The listing could not be taken down.');
    expect(alert).toHaveTextContent('This listing is already taken down.');
    expect(alert).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Counterfeit.');
    expect(within(dialog).getByRole('button', { name: 'Take down listing' })).toBeEnabled();
  });

  it('approves without a reason (it is optional), and Escape closes a dialog with the focus back on its button', async () => {
    const item = makeQueueItem({ title: 'Sartorius Cubis II Balance' });
    const network = adminApi({
      [QUEUE]: { body: page([item]) },
      [`POST /api/v1/admin/listings/${item.listing.id}/approve`]: { body: item.listing },
    });
    const { user } = renderApp('/admin/review', { token: ADMIN_TOKEN });
    const approve = await screen.findByRole('button', { name: 'Approve: Sartorius Cubis II Balance' });

    await user.click(approve);
    expect(screen.getByRole('dialog', { name: 'Approve listing' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(approve).toHaveFocus();

    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Approve listing' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Approve listing' }));
    expect(await screen.findByText("'Sartorius Cubis II Balance' is approved and shows 'Verified'.")).toBeInTheDocument();
    expect(await bodyOf(network.requests.find((request) => request.method === 'POST') as Request)).toEqual({});
  });

  it('keeps Tab inside an open dialog', async () => {
    const item = makeQueueItem({ title: 'Sartorius Cubis II Balance' });
    adminApi({ [QUEUE]: { body: page([item]) } });
    const { user } = renderApp('/admin/review', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Reject: Sartorius Cubis II Balance' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject listing' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Reject listing' })).toHaveFocus();
    await user.tab();
    expect(reason).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Reject listing' })).toHaveFocus();
  });

  it('pages through the queue in the URL', async () => {
    const network = adminApi({
      [QUEUE]: (request) => {
        const current = Number(new URL(request.url).searchParams.get('page') ?? '1');
        return { body: page([makeQueueItem({ title: `Listing on page ${String(current)}` })], { total: 45, page: current }) };
      },
    });
    const { user, router } = renderApp('/admin/review', { token: ADMIN_TOKEN });
    const pager = await screen.findByRole('navigation', { name: 'Review queue pages' });
    expect(within(pager).getByText(/Page 1 of 3/)).toBeInTheDocument();
    expect(within(pager).queryByRole('link', { name: /Previous/ })).not.toBeInTheDocument();
    await user.click(within(pager).getByRole('link', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Listing on page 2' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(network.lastRequest().url).toContain('page=2');
    expect(screen.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/admin/review');
  });
});
