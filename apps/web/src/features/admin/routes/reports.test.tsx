import { ADMIN_REASON_REQUIRED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { answersInTurn, type StubHandler } from '@/testing/fetch-stub';
import {
  ADMIN_TOKEN,
  adminApi,
  bodyOf,
  makeAdminListing,
  makeConversationReportGroup,
  makeReport,
  page,
  reporter,
  seller,
} from '../testing/fixtures';
import { OUTCOME_REQUIRED } from '../form-schemas';

const REPORTS = 'GET /api/v1/admin/reports';
const CONVERSATION_REPORTS = 'GET /api/v1/admin/conversation-reports';

/** The console's API with no open conversation reports unless `routes` say otherwise. */
function reportsApi(routes: Record<string, StubHandler>) {
  return adminApi({ [CONVERSATION_REPORTS]: { body: page([]) }, ...routes });
}

/** The latest request for the listings' reports. */
/** 'Resolve reports' in the dialog: this notice takes the focus, and the API got this outcome and reason. */
async function resolveInDialog(
  user: { click: (element: Element) => Promise<void> },
  dialog: HTMLElement,
  network: { requests: Request[] },
  notice: string,
  body: { outcome: string; reason: string },
) {
  await user.click(within(dialog).getByRole('button', { name: 'Resolve reports' }));
  await waitFor(() => {
    expect(screen.getByText(notice)).toHaveFocus();
  });
  expect(await bodyOf(network.requests.find((request) => request.method === 'POST') as Request)).toEqual(body);
}

function lastReportsRequest(network: { requests: Request[] }): Request {
  const request = network.requests.filter((each) => new URL(each.url).pathname === '/api/v1/admin/reports').at(-1);
  if (!request) throw new Error('The listing reports were not asked for');
  return request;
}

describe('/admin/reports', () => {
  it('says when there are no open reports', async () => {
    const network = reportsApi({ [REPORTS]: { body: page([]) } });
    renderApp('/admin/reports', { token: ADMIN_TOKEN });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(lastReportsRequest(network).url).toContain('status=open');
    const tabs = screen.getByRole('navigation', { name: 'Reports by status' });
    expect(within(tabs).getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'page');
  });

  it('groups the open reports by listing, with their reasons, details and reporters', async () => {
    const listing = makeAdminListing({ title: 'Olympus CX23 Microscope' });
    reportsApi({
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
    const network = reportsApi({
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
    await resolveInDialog(user, dialog, network, "The reports about 'Olympus CX23 Microscope' are resolved (dismissed).", {
      outcome: 'dismissed',
      reason: 'Photos are the seller’s own.',
    });
  });

  it('takes a reported listing down from here', async () => {
    const listing = makeAdminListing({ title: 'Olympus CX23 Microscope' });
    const network = reportsApi({
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
    const network = reportsApi({
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
    expect(lastReportsRequest(network).url).toContain('status=resolved');
  });

  it('lists the open reports of conversations: who reported whom, about which listing, why and when', async () => {
    const group = makeConversationReportGroup();
    reportsApi({ [REPORTS]: { body: page([]) }, [CONVERSATION_REPORTS]: { body: page([group]) } });
    renderApp('/admin/reports', { token: ADMIN_TOKEN });
    const section = await screen.findByRole('region', { name: 'Conversations' });
    const card = await within(section).findByRole('article', { name: 'Conversation about Olympus CX23 Microscope' });
    expect(within(card).getByRole('link', { name: 'Olympus CX23 Microscope' })).toHaveAttribute('href', `/listings/${group.listing.id}`);
    expect(within(card).getByText('Scam or fraud')).toBeInTheDocument();
    expect(within(card).getByText('Asks to pay by gift card.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: reporter.email })).toHaveAttribute('href', `/admin/users/${reporter.id}`);
    expect(within(card).getByRole('link', { name: seller.email })).toHaveAttribute('href', `/admin/users/${seller.id}`);
    expect(within(card).getByRole('link', { name: reporter.email }).closest('p')).toHaveTextContent(
      `By ${reporter.email} about ${seller.email} on Mar 1, 2025`,
    );
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it('says when no conversation is reported, and points to the audit log for resolved ones', async () => {
    reportsApi({ [REPORTS]: { body: page([]) } });
    const { user } = renderApp('/admin/reports', { token: ADMIN_TOKEN });
    const section = await screen.findByRole('region', { name: 'Conversations' });
    expect(await within(section).findByText('No open reports about conversations.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Resolved' }));
    expect(within(screen.getByRole('region', { name: 'Conversations' })).getByRole('link', { name: 'audit log' })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
  });

  it('resolves a conversation’s reports with an outcome and a reason', async () => {
    const group = makeConversationReportGroup();
    const network = reportsApi({
      [REPORTS]: { body: page([]) },
      [CONVERSATION_REPORTS]: answersInTurn({ body: page([group]) }, { body: page([]) }),
      [`POST /api/v1/admin/conversations/${group.conversation_id}/reports/resolve`]: {
        body: { ...group, reports: group.reports.map((report) => ({ ...report, status: 'actioned' })) },
      },
    });
    const { user } = renderApp('/admin/reports', { token: ADMIN_TOKEN });
    await user.click(await screen.findByRole('button', { name: 'Resolve the reports of the conversation about Olympus CX23 Microscope' }));
    const dialog = screen.getByRole('dialog', { name: 'Resolve conversation reports' });
    await user.click(within(dialog).getByRole('radio', { name: /Acted on/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The seller is suspended.');
    await resolveInDialog(
      user,
      dialog,
      network,
      "The reports of the conversation about 'Olympus CX23 Microscope' are resolved (acted on).",
      {
        outcome: 'actioned',
        reason: 'The seller is suspended.',
      },
    );
    expect(await screen.findByText('No open reports about conversations.')).toBeInTheDocument();
  });
});
