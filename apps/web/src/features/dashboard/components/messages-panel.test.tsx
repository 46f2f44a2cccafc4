import { DASHBOARD_DELETE_MESSAGE_FAILED, type Message } from '@benchmarket/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeMessage, seller } from '../testing/fixtures';

// Pages load lazily and the machine may be busy: wait longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'seller-token';

function sellerApi(messages: Message[], routes: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /api/v1/auth/me': { body: seller },
    'GET /api/v1/messages/user': { body: messages },
    'GET /api/v1/listings/user': { body: [] },
    ...routes,
  });
}

function itemOf(sender: string): HTMLElement {
  const item = screen.getByText(sender).closest('li');
  if (!item) throw new Error(`No message from ${sender}`);
  return item;
}

const older = makeMessage({ sender_name: 'Old Buyer', sent_at: '2025-03-01T08:00:00.000Z', is_read: true, message: 'An older question.' });
const newer = makeMessage({
  sender_name: 'New Buyer',
  sender_email: 'new.buyer@example.com',
  listing_title: 'Olympus CX23 Microscope',
  sent_at: '2025-03-02T08:00:00.000Z',
  message: `Hello! ${'Is the light source working? '.repeat(8)}Thanks.`,
});

describe('Messages tab', () => {
  it("lists messages newest first, 'New' on unread ones", async () => {
    sellerApi([older, newer]);
    renderApp('/dashboard?tab=messages', { token: TOKEN });

    const list = await screen.findByRole('list', { name: 'Messages from buyers' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button', { expanded: false }).textContent)).toEqual([
      expect.stringContaining('New Buyer'),
      expect.stringContaining('Old Buyer'),
    ]);
    expect(within(itemOf('New Buyer')).getByText('New')).toBeInTheDocument();
    expect(within(itemOf('Old Buyer')).queryByText('New')).not.toBeInTheDocument();
  });

  it('expands a message to its full text and marks it read once: the badge and the count go', async () => {
    let puts = 0;
    sellerApi([newer, older], {
      [`PUT /api/v1/messages/${newer.id}/read`]: () => {
        puts += 1;
        return { body: { ...newer, is_read: true } };
      },
    });
    const { user } = renderApp('/dashboard?tab=messages', { token: TOKEN });
    expect(await screen.findByRole('tab', { name: 'Messages', description: '1 unread' })).toHaveTextContent('Messages (1)');
    const toggle = within(itemOf('New Buyer')).getByRole('button', { expanded: false });
    expect(screen.queryByText(newer.message)).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(newer.message)).toBeVisible();
    await waitFor(() => {
      expect(within(itemOf('New Buyer')).queryByText('New')).not.toBeInTheDocument();
    });
    expect(screen.getByRole('tab', { name: 'Messages' })).toBeInTheDocument();

    // Collapsing and expanding again, or expanding a read message, sends nothing more.
    await user.click(toggle);
    await user.click(toggle);
    await user.click(within(itemOf('Old Buyer')).getByRole('button', { expanded: false }));
    expect(puts).toBe(1);
  });

  it("puts the 'New' badge back when the read mark fails", async () => {
    sellerApi([newer], { [`PUT /api/v1/messages/${newer.id}/read`]: { status: 500 } });
    const { user } = renderApp('/dashboard?tab=messages', { token: TOKEN });

    await screen.findByText('New Buyer');
    await user.click(within(itemOf('New Buyer')).getByRole('button', { expanded: false }));

    await waitFor(() => {
      expect(screen.getByRole('tab', { name: 'Messages', description: '1 unread' })).toBeInTheDocument();
    });
    expect(within(itemOf('New Buyer')).getByText('New')).toBeInTheDocument();
  });

  it("offers 'Reply by email' to the buyer with the subject 'Re: <listing title>'", async () => {
    sellerApi([older]);
    const { user } = renderApp('/dashboard?tab=messages', { token: TOKEN });

    await screen.findByText('Old Buyer');
    await user.click(within(itemOf('Old Buyer')).getByRole('button', { expanded: false }));

    const reply = screen.getByRole('link', { name: 'Reply by email' });
    expect(reply).toHaveAttribute('href', `mailto:${older.sender_email}?subject=${encodeURIComponent(`Re: ${older.listing_title}`)}`);
  });

  it('deletes a message after confirmation', async () => {
    let messages = [newer, older];
    sellerApi([], {
      'GET /api/v1/messages/user': () => ({ body: messages }),
      [`DELETE /api/v1/messages/${older.id}`]: () => {
        messages = [newer];
        return { status: 204 };
      },
    });
    const { user } = renderApp('/dashboard?tab=messages', { token: TOKEN });
    await screen.findByText('Old Buyer');

    await user.click(within(itemOf('Old Buyer')).getByRole('button', { expanded: false }));
    await user.click(within(itemOf('Old Buyer')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this message?' })).getByRole('button', { name: 'Delete message' }),
    );

    await waitFor(() => {
      expect(screen.queryByText('Old Buyer')).not.toBeInTheDocument();
    });
    expect(screen.getByText('New Buyer')).toBeInTheDocument();
    // The message went with its Delete button: the focus is on the tab's panel, not lost.
    await waitFor(() => {
      expect(screen.getByRole('tabpanel', { name: /^Messages/ })).toHaveFocus();
    });
  });

  it('says so when a message cannot be deleted', async () => {
    sellerApi([older], { [`DELETE /api/v1/messages/${older.id}`]: { status: 500 } });
    const { user } = renderApp('/dashboard?tab=messages', { token: TOKEN });
    await screen.findByText('Old Buyer');

    await user.click(within(itemOf('Old Buyer')).getByRole('button', { expanded: false }));
    await user.click(within(itemOf('Old Buyer')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete message' }));

    expect(await screen.findByText(DASHBOARD_DELETE_MESSAGE_FAILED)).toBeInTheDocument();
    expect(screen.getByText('Old Buyer')).toBeInTheDocument();
  });
});
