import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/render-app';
import SupportRoute from './support';

configure({ asyncUtilTimeout: 5000 });

const SENT = 'Thanks — your message has been sent. We usually reply within one business day.';
const REQUIRED = 'Please fill in your name, email address and message.';
const config = {
  google_client_id: null,
  payment_provider: 'sandbox',
  stripe_publishable_key: null,
  promotion: { active: true, free_until: '2099-06-01', free_days: 30, label: 'List Free Until June' },
  pricing: { currency: 'usd', base_price: 49, additional_month_price: 29, extension_month_price: 39 },
};

function form() {
  return within(screen.getByRole('region', { name: 'Send us a message' }));
}

describe('Support page', () => {
  it('answers the common questions in disclosures that open and close', async () => {
    stubFetch({ 'GET /api/v1/config': { body: config } });
    const { user } = renderWithProviders(<SupportRoute />);

    expect(screen.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeInTheDocument();
    for (const topic of [
      'Fees and the promotion',
      'Verification badges',
      'Payments',
      'Photos',
      'Expiry, extending and renewing',
      'Messaging sellers',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: topic })).toBeInTheDocument();
    }
    expect(await screen.findByText(/\$49\.00 for its first month/)).toBeInTheDocument();

    const question = screen.getByText('What do the verification badges mean?');
    const details = question.closest('details');
    expect(details).not.toHaveAttribute('open');
    await user.click(question);
    expect(details).toHaveAttribute('open');
    for (const badge of ['AI Verified', 'Verification Pending', 'Verification Needed', 'Pending Verification']) {
      expect(within(details!).getByText(badge)).toBeVisible();
    }
    await user.click(question);
    expect(details).not.toHaveAttribute('open');
  });

  it('sends the form and shows the server’s message; the subject may stay empty', async () => {
    const network = stubFetch({ 'GET /api/v1/config': { body: config }, 'POST /api/v1/support': { body: { message: SENT } } });
    const { user } = renderWithProviders(<SupportRoute />);

    await user.type(await form().findByLabelText('Name'), 'Grace Hopper');
    await user.type(form().getByLabelText('Email'), 'grace@example.com');
    await user.type(form().getByLabelText('Message'), 'My listing does not show up in search.');
    await user.click(form().getByRole('button', { name: 'Send Message' }));

    expect(await form().findByText(SENT)).toBeInTheDocument();
    const sent = network.requests.find((r) => r.method === 'POST');
    expect(await sent?.json()).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'My listing does not show up in search.',
    });
    expect(form().getByLabelText('Message')).toHaveValue('');
    expect(form().getByLabelText('Email')).toHaveValue('grace@example.com');
  });

  it('refuses a form without a message, without sending it, and marks the field', async () => {
    const network = stubFetch({ 'GET /api/v1/config': { body: config } });
    const { user } = renderWithProviders(<SupportRoute />);

    await user.type(await form().findByLabelText('Name'), 'Grace Hopper');
    await user.type(form().getByLabelText('Email'), 'grace@example.com');
    await user.click(form().getByRole('button', { name: 'Send Message' }));

    expect(form().getByRole('alert')).toHaveTextContent(REQUIRED);
    expect(form().getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(form().getByLabelText('Message')).toHaveFocus();
    expect(network.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s detail when sending fails, or a fallback without one', async () => {
    let answer: { status: number; body?: unknown } = { status: 429, body: { detail: 'Too many requests. Please try again later.' } };
    stubFetch({ 'GET /api/v1/config': { body: config }, 'POST /api/v1/support': () => answer });
    const { user } = renderWithProviders(<SupportRoute />);

    await user.type(await form().findByLabelText('Name'), 'Grace');
    await user.type(form().getByLabelText('Email'), 'grace@example.com');
    await user.type(form().getByLabelText('Message'), 'Help');
    await user.click(form().getByRole('button', { name: 'Send Message' }));
    expect(await form().findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');

    answer = { status: 500 };
    await user.click(form().getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(form().getByRole('alert')).toHaveTextContent('Failed to send message. Please try again.'));
  });

  it('pre-fills the email of a logged-in user', async () => {
    stubFetch({
      'GET /api/v1/config': { body: config },
      'GET /api/v1/auth/me': { body: { id: '5b0c1a2e-0000-4000-8000-00000000000b', email: 'jane.doe@example.com', is_verified: true } },
    });
    renderWithProviders(<SupportRoute />, { token: 'token-1' });

    expect(await form().findByLabelText('Email')).toHaveValue('jane.doe@example.com');
  });
});
