import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answersInTurn, stubFetch } from '@/testing/fetch-stub';
import { fillForm, submitExpectingEach } from '@/testing/forms';
import { renderWithProviders } from '@/testing/render-app';
import SupportRoute from './support';

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
    expect(await screen.findByText(/\$49\.00 for its first month/)).toBeInTheDocument();
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

  it('offers the promotion with its end date from the settings while it runs', async () => {
    stubFetch({ 'GET /api/v1/config': { body: { ...config, promotion: { ...config.promotion, free_until: '2027-06-01' } } } });
    renderWithProviders(<SupportRoute />);

    const question = await screen.findByText('What is the ‘List Free Until June’ offer?');
    const answer = question.closest('details');
    expect(answer).toHaveTextContent(
      '‘List Free Until June’: while the offer runs (new listings paid for before June 1, 2027), the first month of every new listing is free — 30 days free listing, with unlimited listings and direct buyer messaging.',
    );
    // Featuring is not part of any offer: the team chooses it.
    expect(answer).not.toHaveTextContent(/featured/i);
  });

  it('says nothing of the promotion once it is over', async () => {
    stubFetch({
      'GET /api/v1/config': { body: { ...config, promotion: { ...config.promotion, active: false, free_until: '2020-06-01' } } },
    });
    renderWithProviders(<SupportRoute />);

    expect(await screen.findByRole('heading', { level: 3, name: 'Fees' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Fees and the promotion' })).not.toBeInTheDocument();
    expect(screen.queryByText(/List Free Until June/)).not.toBeInTheDocument();
    expect(screen.queryByText(/free listing/)).not.toBeInTheDocument();
  });

  it('says exactly what featuring, the check’s notes and reports are', async () => {
    stubFetch({ 'GET /api/v1/config': { body: config } });
    renderWithProviders(<SupportRoute />);

    const featured = (await screen.findByText('Can I pay to have my listing featured?')).closest('details');
    expect(featured).toHaveTextContent(
      /^Can I pay to have my listing featured\?No\. Featured placement is chosen by the BenchMarket team and cannot be bought\./,
    );
    const badges = screen.getByText('What do the verification badges mean?').closest('details');
    expect(badges).toHaveTextContent(
      'The seller sees the check’s notes, one fix per line, on their listing page and in their dashboard, with a link to edit the listing',
    );
    expect(screen.getByText('What happens when BenchMarket rejects or takes down a listing?').closest('details')).toHaveTextContent(
      'The seller is emailed the reason and sees it on their listing page and in their dashboard.',
    );
    expect(screen.getByText('How do I report a listing?').closest('details')).toHaveTextContent('‘Report this listing’');
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
    const tooMany = 'Too many requests. Please try again later.';
    stubFetch({
      'GET /api/v1/config': { body: config },
      'POST /api/v1/support': answersInTurn({ status: 429, body: { detail: tooMany } }, { status: 500 }),
    });
    const { user } = renderWithProviders(<SupportRoute />);

    await fillForm(user, { Name: 'Grace', Email: 'grace@example.com', Message: 'Help' }, form());
    await submitExpectingEach(user, 'Send Message', [tooMany, 'Failed to send message. Please try again.'], form());
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
