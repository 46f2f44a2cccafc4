import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { networkFailure } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { expectVisitorSentToLogin } from '@/testing/visitor';
import { ADMIN_TOKEN, adminApi, holdRequests, makeOverview, member } from '../testing/fixtures';

describe('/admin (the console overview)', () => {
  it('sends a visitor to /login with the way back', async () => {
    const router = await expectVisitorSentToLogin('/admin/review?page=2');
    expect(router.state.location.state).toEqual({ from: '/admin/review?page=2' });
  });

  it("tells a signed-in user who is not an administrator 'You do not have access to this page.', without asking the console's API", async () => {
    const network = adminApi({}, member);
    renderApp('/admin', { token: 'member-token' });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    expect(network.requests.filter((request) => request.url.includes('/admin/'))).toEqual([]);
  });

  it('says the same when the API refuses the administrator (403: the role was taken away since)', async () => {
    adminApi({ 'GET /api/v1/admin/overview': { status: 403, body: { detail: 'Only BenchMarket administrators can do this.' } } });
    renderApp('/admin', { token: ADMIN_TOKEN });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
  });

  it('shows the sub-navigation with the current page marked', async () => {
    adminApi({ 'GET /api/v1/admin/overview': { body: makeOverview() } });
    renderApp('/admin', { token: ADMIN_TOKEN });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Review queue',
      'Reports',
      'Users',
      'Payments',
      'Featured',
      'Settings',
      'Inbox',
      'Audit log',
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Review queue' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Console Overview · BenchMarket');
    });
  });

  it('shows a spinner while the overview loads', async () => {
    adminApi({ 'GET /api/v1/admin/overview': { body: makeOverview() } });
    const held = holdRequests('/admin/overview');
    renderApp('/admin', { token: ADMIN_TOKEN });
    expect(await screen.findByText('Loading the overview…')).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('Live listings')).toBeInTheDocument();
    expect(screen.queryByText('Loading the overview…')).not.toBeInTheDocument();
  });

  it('shows the counters, and the revenue, searches and messages as charts with their numbers in tables', async () => {
    adminApi({ 'GET /api/v1/admin/overview': { body: makeOverview() } });
    renderApp('/admin', { token: ADMIN_TOKEN });

    const counter = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement;
    await screen.findByText('Live listings');
    expect(counter('Live listings')).toHaveTextContent('128');
    expect(counter('New this week')).toHaveTextContent('9');
    expect(counter('Expiring soon')).toHaveTextContent('4');
    expect(counter('Open reports')).toHaveTextContent('3');
    expect(counter('Review queue')).toHaveTextContent('6');
    expect(within(counter('Open reports') as HTMLElement).getByRole('link', { name: 'See the reports' })).toHaveAttribute(
      'href',
      '/admin/reports',
    );
    expect(within(counter('Review queue') as HTMLElement).getByRole('link', { name: 'Open the queue' })).toHaveAttribute(
      'href',
      '/admin/review',
    );

    const revenue = screen.getByRole('figure', { name: 'Revenue by month' });
    // 100 × (0 + 1 + … + 11) − 1000 + 1234.50
    expect(within(revenue).getByText('$6,834.50 over the last 12 months, net of refunds.')).toBeInTheDocument();
    const table = within(revenue).getByRole('table', { name: 'Revenue by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: 'Nov 2025 $1,234.50' })).toBeInTheDocument();
    expect(revenue.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');

    const searches = screen.getByRole('figure', { name: 'Searches per day' });
    expect(within(searches).getByText('765 searches in the last 30 days, 30 of them with AI.')).toBeInTheDocument();
    expect(within(searches).getByRole('row', { name: 'Nov 1 10 0' })).toBeInTheDocument();
    const messages = screen.getByRole('figure', { name: 'Messages per day' });
    expect(within(messages).getByText('43 messages to sellers in the last 30 days.')).toBeInTheDocument();
  });

  it("shows the API's detail when the overview fails, and loads it again with 'Try again'", async () => {
    let calls = 0;
    adminApi({
      'GET /api/v1/admin/overview': () => {
        calls += 1;
        return calls === 1 ? { status: 503, body: { detail: 'The database is not reachable.' } } : { body: makeOverview() };
      },
    });
    const { user } = renderApp('/admin', { token: ADMIN_TOKEN });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The overview could not be loaded.');
    expect(alert).toHaveTextContent('The database is not reachable.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Live listings')).toBeInTheDocument();
  });

  it('says when BenchMarket cannot be reached', async () => {
    adminApi({ 'GET /api/v1/admin/overview': networkFailure });
    renderApp('/admin', { token: ADMIN_TOKEN });
    expect(await screen.findByRole('alert')).toHaveTextContent('BenchMarket could not be reached. Check your connection and try again.');
  });
});
