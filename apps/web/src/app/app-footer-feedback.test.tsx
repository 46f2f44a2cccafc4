import { FEEDBACK_BLANK, FEEDBACK_FAILED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppFooter } from '@/app/app-footer';
import { answersInTurn, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { submitExpectingEach } from '@/testing/forms';
import { renderWithProviders } from '@/testing/render-app';

const verified = { id: '5b0c1a2e-0000-4000-8000-00000000000b', email: 'jane.doe@example.com', is_verified: true };
const unverified = { ...verified, is_verified: false };
const created = {
  id: '7d7d7d7d-0000-4000-8000-000000000001',
  comment: 'Great',
  created_at: '2025-03-01T12:00:00.000Z',
  message: 'Thank you for your feedback!',
};

/** The footer on /search with the user (or a visitor) and the feedback endpoint. */
function renderFooter(user: typeof verified | null, routes: Record<string, StubHandler> = {}) {
  const network = stubFetch({
    ...(user && { 'GET /api/v1/auth/me': { body: user } }),
    'POST /api/v1/reviews/': { status: 201, body: created },
    ...routes,
  });
  const rendered = renderWithProviders(<AppFooter />, { path: '/search', ...(user && { token: 'token-1' }) });
  return { ...rendered, network };
}

async function openPanel(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'Provide Feedback' }));
  return screen.getByRole('dialog', { name: 'Share Your Feedback' });
}

describe('FeedbackPanel', () => {
  it('asks a visitor to log in with a verified account, and shows no form', async () => {
    const { user } = renderFooter(null);
    const panel = within(await openPanel(user));

    expect(panel.getByText(/log in with a verified account/i)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/search')}`);
    expect(panel.queryByRole('textbox')).not.toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('tells an unverified user why and how to verify, with a resend action, and shows no form', async () => {
    const { user, network } = renderFooter(unverified, {
      'POST /api/v1/auth/resend-verification': { body: { message: 'sent' } },
    });
    await screen.findByRole('button', { name: 'Provide Feedback' });
    await waitFor(() => {
      expect(network.requests.some((r) => r.url.endsWith('/auth/me'))).toBe(true);
    });
    const panel = within(await openPanel(user));

    expect(await panel.findByText(/only verified users can submit feedback/i)).toBeInTheDocument();
    expect(panel.getByText(/check your inbox/i)).toBeInTheDocument();
    expect(panel.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Resend verification email' }));
    expect(await panel.findByText(/new verification link is on its way/i)).toBeInTheDocument();
    expect(network.requests.some((r) => r.method === 'POST' && r.url.endsWith('/auth/resend-verification'))).toBe(true);
  });

  it('counts the characters as n/1000 and stops at 1000', async () => {
    const { user } = renderFooter(verified);
    const panel = within(await openPanel(user));
    const field = await panel.findByRole('textbox', { name: 'Your feedback' });

    expect(panel.getByText('0/1000')).toBeInTheDocument();
    await user.type(field, 'Great site');
    expect(panel.getByText('10/1000')).toBeInTheDocument();
    expect(field).toHaveAttribute('maxlength', '1000');
  });

  it('refuses a blank comment without sending it', async () => {
    const { user, network } = renderFooter(verified);
    const panel = within(await openPanel(user));
    await user.type(await panel.findByRole('textbox', { name: 'Your feedback' }), '   ');

    panel.getByRole('button', { name: 'Submit Feedback' }).focus();
    await user.keyboard('{Enter}');

    expect(panel.getByRole('alert')).toHaveTextContent(FEEDBACK_BLANK);
    expect(network.requests.some((r) => r.url.includes('/reviews'))).toBe(false);
    // Refused: the focus goes to the field to fix, not left on the button.
    expect(panel.getByRole('textbox', { name: 'Your feedback' })).toHaveFocus();
  });

  it('sends the comment with the page, thanks the user and closes after 2 s', async () => {
    const { user, network } = renderFooter(verified);
    const panel = within(await openPanel(user));
    await user.type(await panel.findByRole('textbox', { name: 'Your feedback' }), '  Great search!  ');

    await user.click(panel.getByRole('button', { name: 'Submit Feedback' }));

    expect(await panel.findByText('Thank you for your feedback!')).toBeInTheDocument();
    const request = network.requests.find((r) => r.url.endsWith('/api/v1/reviews/'));
    expect(request?.method).toBe('POST');
    expect(await request?.json()).toEqual({ comment: 'Great search!', page: '/search' });
    expect(screen.getByRole('dialog', { name: 'Share Your Feedback' })).toBeInTheDocument();

    await waitFor(
      () => {
        expect(screen.queryByRole('dialog', { name: 'Share Your Feedback' })).not.toBeInTheDocument();
      },
      { timeout: 3000 },
    );
    expect(screen.getByRole('button', { name: 'Provide Feedback' })).toHaveFocus();
  });

  it("shows the server's detail, or 'Failed to submit feedback'", async () => {
    const unverifiedDetail = 'Please verify your email first.';
    const { user } = renderFooter(verified, {
      'POST /api/v1/reviews/': answersInTurn({ status: 403, body: { detail: unverifiedDetail } }, { status: 500 }),
    });
    const panel = within(await openPanel(user));
    await user.type(await panel.findByRole('textbox', { name: 'Your feedback' }), 'Hello');

    await submitExpectingEach(user, 'Submit Feedback', [unverifiedDetail, FEEDBACK_FAILED], panel);
    expect(panel.getByRole('textbox', { name: 'Your feedback' })).toHaveValue('Hello');
  });
});
