import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderWithProviders } from '@/testing/render-app';
import { AppFooter } from './app-footer';

describe('Footer', () => {
  it('links Contact Support to /support and shows the copyright', () => {
    stubFetch({});
    renderWithProviders(<AppFooter />);
    const footer = within(screen.getByRole('contentinfo'));

    expect(footer.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/support');
    expect(footer.getByText(/© \d{4} BenchMarket/)).toBeInTheDocument();
  });

  it('opens the Share Your Feedback panel and closes it with its close button', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<AppFooter />);
    const trigger = screen.getByRole('button', { name: 'Provide Feedback' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Share Your Feedback' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveFocus();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes the feedback panel with Escape', async () => {
    stubFetch({});
    const { user } = renderWithProviders(<AppFooter />);

    await user.click(screen.getByRole('button', { name: 'Provide Feedback' }));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Share Your Feedback' })).not.toBeInTheDocument();
  });
});
