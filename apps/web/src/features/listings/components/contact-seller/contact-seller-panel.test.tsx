import { CONTACT_ALL_REQUIRED, CONTACT_SEND_FAILED, EMAIL_NOT_VERIFIED_TO_CONTACT, SELLER_UNAVAILABLE } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answersInTurn, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { submitExpectingEach } from '@/testing/forms';
import { renderWithProviders } from '@/testing/render-app';
import { expectNothingRenderedFor } from '@/testing/expect-empty';
import { CONTACT_SENT } from './contact-form';
import { ContactSellerPanel } from './contact-seller-panel';

const SELLER_ID = '5b0c1a2e-0000-4000-8000-00000000000a';
const buyer = { id: '5b0c1a2e-0000-4000-8000-00000000000b', email: 'jane.doe@example.com', is_verified: true };
const listing = { id: '1a1a1a1a-0000-4000-8000-000000000001', title: 'Eppendorf 5810R Centrifuge', user_id: SELLER_ID };
const sent = {
  id: '3e3e3e3e-0000-4000-8000-000000000001',
  listing_id: listing.id,
  listing_title: listing.title,
  sender_name: 'Jane',
  sender_email: buyer.email,
  message: 'Is it available?',
  sent_at: '2025-03-01T12:00:00.000Z',
  is_read: false,
};

function renderPanel(routes: Record<string, StubHandler> = {}, { loggedIn = true, hash = '' } = {}) {
  const network = stubFetch({ 'GET /api/v1/auth/me': { body: buyer }, 'POST /api/v1/messages': { status: 201, body: sent }, ...routes });
  const rendered = renderWithProviders(<ContactSellerPanel listing={listing} />, {
    path: `/listings/${listing.id}${hash}`,
    ...(loggedIn && { token: 'buyer-token' }),
  });
  return { ...rendered, network };
}

describe('ContactSellerPanel', () => {
  it("sends a visitor to /login with the listing as return path on 'Contact Seller'", async () => {
    const { user, router } = renderPanel({}, { loggedIn: false });

    await user.click(screen.getByRole('button', { name: 'Contact Seller' }));

    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(`/listings/${listing.id}`);
    expect(router.state.location.state).toEqual({ from: `/listings/${listing.id}` });
  });

  it("focuses the message field when the buyer came for the form (#contact, 'Contact Seller' on a search card)", async () => {
    renderPanel({}, { hash: '#contact' });
    const message = await screen.findByRole('textbox', { name: /Message/ });
    await waitFor(() => {
      expect(message).toHaveFocus();
    });
  });

  it("focuses a visitor's 'Contact Seller' button at #contact, and nothing without it", async () => {
    const { unmount } = renderPanel({}, { loggedIn: false, hash: '#contact' });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Contact Seller' })).toHaveFocus();
    });
    unmount();
    renderPanel({}, { loggedIn: false });
    expect(screen.getByRole('button', { name: 'Contact Seller' })).not.toHaveFocus();
  });

  it('shows nothing to the listing owner', async () => {
    await expectNothingRenderedFor(<ContactSellerPanel listing={listing} />, { ...buyer, id: SELLER_ID });
  });

  it('pre-fills the name and email of a logged-in user', async () => {
    renderPanel();

    expect(await screen.findByLabelText('Email')).toHaveValue(buyer.email);
    expect(screen.getByLabelText('Name')).toHaveValue('jane.doe');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("requires every field ('All fields are required') and sends nothing", async () => {
    const { user, network } = renderPanel();
    await user.clear(await screen.findByLabelText('Name'));

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByRole('alert')).toHaveTextContent(CONTACT_ALL_REQUIRED);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests.some((r) => r.url.endsWith('/messages'))).toBe(false);
    // The focus goes to the first field to fill in.
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('moves the focus to the message when only the message is missing', async () => {
    const { user } = renderPanel();
    await screen.findByLabelText('Message');
    screen.getByRole('button', { name: 'Send Message' }).focus();

    await user.keyboard('{Enter}');

    expect(screen.getByRole('alert')).toHaveTextContent(CONTACT_ALL_REQUIRED);
    expect(screen.getByLabelText('Message')).toHaveFocus();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the message, confirms it and clears the form', async () => {
    const { user, network } = renderPanel();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Jane');
    await user.type(screen.getByLabelText('Message'), '  Is it available?  ');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(CONTACT_SENT)).toBeInTheDocument();
    // Issue 16: the message opened a conversation with the seller.
    expect(screen.getByRole('link', { name: 'Open the conversation' })).toHaveAttribute('href', `/messages?listing=${listing.id}`);
    const request = network.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/v1/messages'));
    expect(await request?.json()).toEqual({
      listing_id: listing.id,
      sender_name: 'Jane',
      sender_email: buyer.email,
      message: 'Is it available?',
    });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it("shows the server's detail, or 'Failed to send message. Please try again.'", async () => {
    const { user } = renderPanel({
      'POST /api/v1/messages': answersInTurn({ status: 404, body: { detail: 'Listing not found' } }, { status: 500 }),
    });
    await user.type(await screen.findByLabelText('Message'), 'Hello');

    await submitExpectingEach(user, 'Send Message', ['Listing not found', CONTACT_SEND_FAILED]);
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('asks an unverified user to verify the email instead of showing the form, with the resend button', async () => {
    const { user, network } = renderPanel({
      'GET /api/v1/auth/me': { body: { ...buyer, is_verified: false } },
      'POST /api/v1/auth/resend-verification': {
        body: { message: 'We sent a new verification link to jane.doe@example.com. It is valid for 48 hours.' },
      },
    });

    const prompt = await screen.findByRole('region', { name: EMAIL_NOT_VERIFIED_TO_CONTACT });
    expect(within(prompt).getByText('jane.doe@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();

    await user.click(within(prompt).getByRole('button', { name: 'Resend verification email' }));
    expect(
      await within(prompt).findByText('We sent a new verification link to jane.doe@example.com. It is valid for 48 hours.'),
    ).toBeInTheDocument();
    expect(network.requests.filter((r) => r.url.endsWith('/auth/resend-verification'))).toHaveLength(1);
  });

  it("shows a suspended seller's refusal as the API words it ('seller_unavailable')", async () => {
    const { user } = renderPanel({
      'POST /api/v1/messages': { status: 403, body: { detail: SELLER_UNAVAILABLE, code: 'seller_unavailable' } },
    });
    await user.type(await screen.findByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SELLER_UNAVAILABLE);
    expect(screen.getByLabelText('Message')).toHaveValue('Hello');
  });

  it('checks the session again when the API says the email is not verified, and offers the way out', async () => {
    let verified = true;
    const { user } = renderPanel({
      'GET /api/v1/auth/me': () => ({ body: { ...buyer, is_verified: verified } }),
      'POST /api/v1/messages': () => {
        verified = false;
        return { status: 403, body: { detail: EMAIL_NOT_VERIFIED_TO_CONTACT, code: 'email_not_verified' } };
      },
    });
    await user.type(await screen.findByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const prompt = await screen.findByRole('region', { name: EMAIL_NOT_VERIFIED_TO_CONTACT });
    expect(within(prompt).getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });
});
