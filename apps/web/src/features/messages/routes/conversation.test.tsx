import {
  CONVERSATION_BLOCKED,
  OFFER_AMOUNT_REQUIRED,
  REPLY_REQUIRED,
  type ConversationDetail,
  type ConversationSummary,
} from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { verifiedUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const CONVERSATION_ID = '7b0f7e2e-3c55-4d1e-9a51-0e8f3a1f0c11';
const LISTING_ID = '0d3c0e52-8a8e-4f3e-8c55-1b2b5b0d9f01';

function summary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: CONVERSATION_ID,
    listing: { id: LISTING_ID, title: 'Eppendorf 5810R centrifuge', photo: null, price: 4500 },
    role: 'seller',
    other_party_name: 'Dr. Ada Byron',
    last_message: 'Is the rotor included?',
    last_activity_at: '2026-03-02T09:00:00.000Z',
    unread_count: 2,
    is_blocked: false,
    ...overrides,
  };
}

function detail(overrides: Partial<ConversationDetail> = {}): ConversationDetail {
  const { last_message: _last, unread_count: _unread, ...rest } = summary();
  return {
    ...rest,
    blocked_by_me: false,
    entries: [
      {
        kind: 'message',
        id: 'a8a0d1a4-0000-4000-8000-000000000001',
        mine: false,
        body: 'Is the rotor included?',
        sent_at: '2026-03-02T08:00:00.000Z',
      },
      {
        kind: 'offer',
        id: 'a8a0d1a4-0000-4000-8000-000000000002',
        conversation_id: CONVERSATION_ID,
        mine: false,
        amount: 3900.5,
        note: 'Can collect Friday',
        status: 'pending',
        created_at: '2026-03-02T09:00:00.000Z',
        decided_at: null,
      },
    ],
    ...overrides,
  };
}

function stubApi(conversation: ConversationDetail, extra: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /api/v1/auth/me': { body: verifiedUser },
    'GET /api/v1/conversations': { body: { items: [summary({ role: conversation.role })], unread_total: 2 } },
    [`GET /api/v1/conversations/${CONVERSATION_ID}`]: { body: conversation },
    ...extra,
  });
}

const open = () => renderApp(`/messages/${CONVERSATION_ID}`, { token: 'token' });

describe('/messages', () => {
  it('lists the conversations with the other party, the last message and the unread count; the header shows the count', async () => {
    stubApi(detail());
    renderApp('/messages', { token: 'token' });
    const list = await screen.findByRole('region', { name: 'Conversations' });
    const link = await within(list).findByRole('link', { name: /Eppendorf 5810R centrifuge/ });
    expect(link).toHaveAttribute('href', `/messages/${CONVERSATION_ID}`);
    expect(link).toHaveTextContent('Buyer: Dr. Ada Byron');
    expect(link).toHaveTextContent('Is the rotor included?');
    expect(link).toHaveTextContent('2 unread');
    expect(await screen.findByRole('link', { name: 'Messages 2 unread' })).toHaveAttribute('href', '/messages');
  });

  it('sends visitors to /login and back', async () => {
    stubFetch({});
    const { router } = renderApp(`/messages/${CONVERSATION_ID}`);
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login');
      },
      { timeout: 5000 },
    );
    expect(router.state.location.state).toEqual({ from: `/messages/${CONVERSATION_ID}` });
  });
});

describe('/messages/:id', () => {
  it("shows the messages and the buyer's offer; the seller accepts it with one click", async () => {
    let accepted = 0;
    const stub = stubApi(detail(), {
      'POST /api/v1/offers/a8a0d1a4-0000-4000-8000-000000000002/accept': () => {
        accepted += 1;
        return { body: {} };
      },
    });
    const { user } = open();
    const entries = await screen.findByRole('list', { name: 'Messages and offers' });
    expect(within(entries).getByText('Is the rotor included?')).toBeInTheDocument();
    expect(within(entries).getByText('Offer: $3,900.50')).toBeInTheDocument();
    expect(within(entries).getByText('Waiting for the seller')).toBeInTheDocument();
    // The seller makes no offers.
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
    await user.click(within(entries).getByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      expect(accepted).toBe(1);
    });
    expect(stub.requests.some((request) => request.method === 'POST' && request.url.endsWith('/accept'))).toBe(true);
  });

  it('refuses a blank reply with a message, and sends a written one', async () => {
    let sent: unknown = null;
    stubApi(detail(), {
      [`POST /api/v1/conversations/${CONVERSATION_ID}/messages`]: (request) => {
        void request.json().then((body: unknown) => {
          sent = body;
        });
        return { status: 201, body: {} };
      },
    });
    const { user } = open();
    const send = await screen.findByRole('button', { name: 'Send' });
    await user.click(send);
    expect(await screen.findByText(REPLY_REQUIRED)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Yes, it is.');
    await user.click(send);
    await waitFor(() => {
      expect(sent).toEqual({ body: 'Yes, it is.' });
    });
  });

  it("lets the buyer make an offer: 'Make an offer', an amount and a note", async () => {
    let sent: unknown = null;
    stubApi(detail({ role: 'buyer', entries: [] }), {
      [`POST /api/v1/conversations/${CONVERSATION_ID}/offers`]: (request) => {
        void request.json().then((body: unknown) => {
          sent = body;
        });
        return { status: 201, body: {} };
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const form = screen.getByRole('form', { name: 'Make an offer' });
    await user.click(within(form).getByRole('button', { name: 'Send offer' }));
    expect(await within(form).findByText(OFFER_AMOUNT_REQUIRED)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Amount (USD)' }), '4,100.50');
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Pickup next week');
    await user.click(within(form).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => {
      expect(sent).toEqual({ amount: 4100.5, note: 'Pickup next week' });
    });
  });

  it('blocks after a confirmation; a blocked conversation has no reply box and says why', async () => {
    let blocked = 0;
    stubApi(detail(), {
      [`POST /api/v1/conversations/${CONVERSATION_ID}/block`]: () => {
        blocked += 1;
        return { status: 204 };
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Dr. Ada Byron?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => {
      expect(blocked).toBe(1);
    });
  });

  it('shows the blocked text instead of the reply box', async () => {
    stubApi(detail({ is_blocked: true, blocked_by_me: true }));
    open();
    expect(await screen.findByText(new RegExp(CONVERSATION_BLOCKED.replace('.', '\\.')))).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });
});
