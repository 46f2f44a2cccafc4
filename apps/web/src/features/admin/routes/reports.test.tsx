import { ADMIN_REASON_REQUIRED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { ADMIN_TOKEN, adminApi, bodyOf, makeAdminListing, makeReport, page, reporter } from '../testing/fixtures';
import { OUTCOME_REQUIRED } from '../form-schemas';

const REPORTS = 'GET /api/v1/admin/reports';

describe('/admin/reports', () => {
  it('says when there are no open reports', async () => {
    const network = adminApi({ [REPORTS]: { body: page([]) } });
    renderApp('/admin/reports', { token: ADMIN_TOKEN });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(network.lastRequest().url).toContain('status=open');
    const tabs = screen.getByRole('navigation', { name: 'Reports by status' });
    expect(within(tabs).getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
  });

  it('groups the open reports by listing, with their reasons, details and reporters', async () => {
    const listing = makeAdminListing({ title: 'Olympus CX23 Microscope' });
    adminApi({
      [REPORTS]: {
        body: page([
          {
            listing,
            reports: [
              makeReport(),
              makeReport({ reason: 'other', details: 'Listed twice with different prices.', reporter_email: 'lab@uni.example' }),
            ],
          },
        ]),
      },
    });
    renderApp('/admin/reports', { token: ADMIN_TOKEN });
    const reports = await screen.findByRole('region', { name: 'Reports about Olympus CX23 Microscope' });
    expect(within(reports).getByText('2 reports')).toBeInTheDocument();
    expect(within(reports).getByText('Suspected fraud')).toBeInTheDocument();
    expect(within(reports).getByText('The same photos are on another site with a different seller.')).toBeInTheDocument();
    expect(within(reports).getByRole('link', { name: reporter.email })).toHaveAttribute('href', `/admin/users/${reporter.id}`);
    expect(within(reports).getByText('Other')).toBeInTheDocument();
    expect(within(reports).getByText('Listed twice with different prices.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resolve the reports: Olympus CX23 Microscope' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take down: Olympus CX23 Microscope' })).toBeInTheDocument();
  });

  it('resolves a listing’s reports only with an outcome and a reason', async () => {
    const listing = makeAdminListing({ title: 'Olympus CX23 Microscope' });
    const report = makeReport();
    const network = adminApi({
      [REPORTS]: { body: page([{ listing, reports: [report] }]) },
      [`POST /api/v1/admin/listings/${listing.id}/reports/resolve`]: {
        body: { listing, reports: [{ ...report, status: 'dismissed', resolution_reason: 'Photos are the seller’s own.' }] },
      },
    });
    const { user } = renderApp('/admin/reports', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Resolve the reports: Olympus CX23 Microscope' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve reports' });
    const dismissed = within(dialog).getByRole('radio', { name: /Dismissed/ });
    expect(dismissed).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Resolve reports' }));
    // Both missing: the reason's text, both fields marked, the focus on the first.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ADMIN_REASON_REQUIRED);
    expect(dismissed).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    expect(dismissed).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Photos are the seller’s own.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve reports' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(OUTCOME_REQUIRED);
    expect(network.requests.filter((request) => request.method === 'POST')).toEqual([]);

    await user.click(dismissed);
    await user.click(within(dialog).getByRole('button', { name: 'Resolve reports' }));
    await waitFor(() => {
      expect(screen.getByText("The reports about 'Olympus CX23 Microscope' are resolved (dismissed).")).toHaveFocus();
    });
    expect(await bodyOf(network.requests.find((request) => request.method === 'POST') as Request)).toEqual({
      outcome: 'dismissed',
      reason: 'Photos are the seller’s own.',
    });
  });

  it('takes a reported listing down from here', async () => {
    const listing = makeAdminListing({ title: 'Olympus CX23 Microscope' });
    const network = adminApi({
      [REPORTS]: { body: page([{ listing, reports: [makeReport()] }]) },
      [`POST /api/v1/admin/listings/${listing.id}/take-down`]: { body: { ...listing, is_active: false } },
    });
    const { user } = renderApp('/admin/reports', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Take down: Olympus CX23 Microscope' }));
    const dialog = screen.getByRole('dialog', { name: 'Take down listing' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Confirmed fraud.');
    await user.click(within(dialog).getByRole('button', { name: 'Take down listing' }));
    expect(
      await screen.findByText("'Olympus CX23 Microscope' is taken down and hidden everywhere. The seller was emailed the reason."),
    ).toBeInTheDocument();
    expect(await bodyOf(network.requests.find((request) => request.method === 'POST') as Request)).toEqual({ reason: 'Confirmed fraud.' });
  });

  it('shows the resolved reports with their outcome and reason on the Resolved tab', async () => {
    const listing = makeAdminListing({
      title: 'Olympus CX23 Microscope',
      moderation: { status: 'taken_down', reason: 'Fraud.', at: null },
    });
    const network = adminApi({
      [REPORTS]: (request) =>
        new URL(request.url).searchParams.get('status') === 'resolved'
          ? {
              body: page([
                {
                  listing,
                  reports: [makeReport({ status: 'actioned', resolution_reason: 'Taken down.', resolved_at: '2025-03-05T09:00:00.000Z' })],
                },
              ]),
            }
          : { body: page([]) },
    });
    const { user, router } = renderApp('/admin/reports', { token: ADMIN_TOKEN });
    await screen.findByText('No open reports.');
    await user.click(screen.getByRole('link', { name: 'Resolved' }));
    expect(router.state.location.search).toBe('?status=resolved');
    const reports = await screen.findByRole('region', { name: 'Reports about Olympus CX23 Microscope' });
    expect(within(reports).getByText('Acted on')).toBeInTheDocument();
    expect(within(reports).getByText(/Taken down\.$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resolved' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: /Resolve the reports/ })).not.toBeInTheDocument();
    // Taken down: it can be restored, not taken down again.
    expect(screen.getByRole('button', { name: 'Restore: Olympus CX23 Microscope' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take down: Olympus CX23 Microscope' })).not.toBeInTheDocument();
    expect(network.lastRequest().url).toContain('status=resolved');
  });
});
