import { DASHBOARD_DELETE_MESSAGE_FAILED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../testing/fixtures';
import { itemWith, renderAsSeller, stubSellerApi } from '../testing/seller-api';

const itemOf = (sender: string) => itemWith(sender, 'li');

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
    stubSellerApi({ messages: [older, newer] });
    renderAsSeller('/dashboard?tab=messages');

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
    stubSellerApi({
      messages: [newer, older],
      extra: {
        [`PUT /api/v1/messages/${newer.id}/read`]: () => {
          puts += 1;
          return { body: { ...newer, is_read: true } };
        },
      },
    });
    const { user } = renderAsSeller('/dashboard?tab=messages');
    expect(await screen.findByRole('tab', { name: 'Messages', description: '1 unread' })).toHaveTextContent('Messages (1)');
    const toggle = within(itemOf('New Buyer')).getByRole('button', { expanded: false });
    expect(screen.queryByText(newer.message)).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(newer.message)).toBeVisible();
    // Issue 16: the message is also in a conversation on /messages.
    expect(within(itemOf('New Buyer')).getByRole('link', { name: 'Open conversations' })).toHaveAttribute('href', '/messages');
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
    stubSellerApi({ messages: [newer], extra: { [`PUT /api/v1/messages/${newer.id}/read`]: { status: 500 } } });
    const { user } = renderAsSeller('/dashboard?tab=messages');

    await screen.findByText('New Buyer');
    await user.click(within(itemOf('New Buyer')).getByRole('button', { expanded: false }));

    await waitFor(() => {
      expect(screen.getByRole('tab', { name: 'Messages', description: '1 unread' })).toBeInTheDocument();
    });
    expect(within(itemOf('New Buyer')).getByText('New')).toBeInTheDocument();
  });

  it("offers 'Reply by email' to the buyer with the subject 'Re: <listing title>'", async () => {
    stubSellerApi({ messages: [older] });
    const { user } = renderAsSeller('/dashboard?tab=messages');

    await screen.findByText('Old Buyer');
    await user.click(within(itemOf('Old Buyer')).getByRole('button', { expanded: false }));

    const reply = screen.getByRole('link', { name: 'Reply by email' });
    expect(reply).toHaveAttribute('href', `mailto:${older.sender_email}?subject=${encodeURIComponent(`Re: ${older.listing_title}`)}`);
    // Issue 18: the shared action class's bg-white beat the teal in the stylesheet: white on white.
    expect(reply).toHaveClass('bg-teal-700', 'text-white');
    expect(reply).not.toHaveClass('bg-white');
  });

  it('deletes a message after confirmation', async () => {
    let messages = [newer, older];
    stubSellerApi({
      extra: {
        'GET /api/v1/messages/user': () => ({ body: messages }),
        [`DELETE /api/v1/messages/${older.id}`]: () => {
          messages = [newer];
          return { status: 204 };
        },
      },
    });
    const { user } = renderAsSeller('/dashboard?tab=messages');
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
    stubSellerApi({ messages: [older], extra: { [`DELETE /api/v1/messages/${older.id}`]: { status: 500 } } });
    const { user } = renderAsSeller('/dashboard?tab=messages');
    await screen.findByText('Old Buyer');

    await user.click(within(itemOf('Old Buyer')).getByRole('button', { expanded: false }));
    await user.click(within(itemOf('Old Buyer')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete message' }));

    expect(await screen.findByText(DASHBOARD_DELETE_MESSAGE_FAILED)).toBeInTheDocument();
    expect(screen.getByText('Old Buyer')).toBeInTheDocument();
  });
});

describe('Messages about a listing for licensed professionals only', () => {
  it('say that the sender confirmed being one; other messages say nothing of it', async () => {
    const confirmed = makeMessage({
      sender_name: 'Dr Roe',
      is_read: true,
      licensed_professional_confirmed: true,
      message: 'Is the pump available?',
    });
    stubSellerApi({ messages: [confirmed, older] });
    const { user } = renderAsSeller('/dashboard?tab=messages');
    await screen.findByRole('list', { name: 'Messages from buyers' });
    await user.click(within(itemOf('Dr Roe')).getByRole('button', { expanded: false }));
    expect(within(itemOf('Dr Roe')).getByText(/confirmed being a licensed professional/)).toBeVisible();
    await user.click(within(itemOf('Old Buyer')).getByRole('button', { expanded: false }));
    expect(within(itemOf('Old Buyer')).queryByText(/licensed professional/)).not.toBeInTheDocument();
  });
});
