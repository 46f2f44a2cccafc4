import {
  REPORT_ALREADY_OPEN,
  REPORT_DETAILS_REQUIRED,
  REPORT_OWN_LISTING,
  REPORT_REASON_LABELS,
  REPORT_REASON_REQUIRED,
  REPORT_THANKS,
} from '@benchmarket/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { submitRefused } from '@/testing/forms';
import { renderWithProviders } from '@/testing/render-app';
import { expectNothingRenderedFor } from '@/testing/expect-empty';
import { BUYER, LISTING_ID, SELLER, makeListing } from '../../testing/make-listing';
import { REPORT_LINK, ReportListing } from './report-listing';

const listing = makeListing();
const reportPath = `POST /api/v1/listings/${LISTING_ID}/reports`;
const created = {
  id: '9d9d9d9d-0000-4000-8000-000000000001',
  status: 'open',
  created_at: '2026-02-01T10:00:00.000Z',
  message: REPORT_THANKS,
};

// The dialog is a lazy module: load it once up front so the first test does not wait for it.
beforeAll(async () => {
  await import('./report-listing-dialog');
});

function renderReport(routes: Record<string, StubHandler> = {}, { as = BUYER as typeof BUYER | null } = {}) {
  const network = stubFetch({
    ...(as && { 'GET /api/v1/auth/me': { body: as } }),
    [reportPath]: { status: 201, body: created },
    ...routes,
  });
  const rendered = renderWithProviders(<ReportListing listing={listing} />, {
    path: `/listings/${LISTING_ID}`,
    ...(as && { token: 'token' }),
  });
  return { ...rendered, network };
}

async function openDialog(user: ReturnType<typeof renderReport>['user']) {
  await user.click(await screen.findByRole('button', { name: REPORT_LINK }));
  return screen.findByRole('dialog', { name: 'Report this listing' });
}

describe("'Report this listing'", () => {
  it('sends a visitor to /login with the listing as the way back, like Contact Seller', async () => {
    const { user, router } = renderReport({}, { as: null });

    const link = await screen.findByRole('link', { name: REPORT_LINK });
    expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/listings/${LISTING_ID}`)}`);
    await user.click(link);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: `/listings/${LISTING_ID}` });
  });

  it('is not offered to the owner', async () => {
    await expectNothingRenderedFor(<ReportListing listing={listing} />, SELLER);
  });

  it('opens a dialog with the reasons as a radio group, the details with a counter, and the focus on the first reason', async () => {
    const { user } = renderReport();
    const trigger = await screen.findByRole('button', { name: REPORT_LINK });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');

    const dialog = await openDialog(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      'Tell the BenchMarket team what is wrong with “Eppendorf 5810R Centrifuge”. We review every report.',
    );
    const reasons = within(within(dialog).getByRole('group', { name: 'Reason' })).getAllByRole('radio');
    expect(reasons.map((radio) => radio.getAttribute('value'))).toEqual(Object.keys(REPORT_REASON_LABELS));
    for (const label of Object.values(REPORT_REASON_LABELS)) {
      expect(within(dialog).getByRole('radio', { name: label })).not.toBeChecked();
    }
    expect(reasons[0]).toHaveFocus();
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    expect(details).toHaveAttribute('maxlength', '1000');
    expect(details).toHaveAccessibleDescription('0/1000');

    await user.type(details, 'Same unit as listing 42');
    expect(within(dialog).getByText('23/1000')).toBeInTheDocument();
  });

  it('asks for a reason first, and for details with Other, sending nothing until then', async () => {
    const { user, network } = renderReport();
    const dialog = await openDialog(user);

    await submitRefused(
      user,
      dialog,
      'Send report',
      REPORT_REASON_REQUIRED,
      within(dialog).getByRole('radio', { name: 'Prohibited item' }),
    );

    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    const details = within(dialog).getByRole('textbox', { name: 'Details (required for Other)' });
    expect(details).toBeRequired();
    await submitRefused(user, dialog, 'Send report', REPORT_DETAILS_REQUIRED, details);
    expect(network.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('sends the reason and details and thanks the reporter with the API’s message; Close returns the focus', async () => {
    const { user, network } = renderReport();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('radio', { name: 'Suspected fraud' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Details/ }), '  Price far too low, seller asks for a wire transfer.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(REPORT_THANKS);
    const sent = network.requests.find((request) => request.method === 'POST');
    expect(sent?.headers.get('Authorization')).toBe('Bearer token');
    expect(await sent?.json()).toEqual({ reason: 'suspected_fraud', details: 'Price far too low, seller asks for a wire transfer.' });

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: REPORT_LINK })).toHaveFocus();
  });

  it('sends no details for a reason that needs none', async () => {
    const { user, network } = renderReport();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Duplicate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText(REPORT_THANKS);
    expect(await network.requests.find((request) => request.method === 'POST')?.json()).toEqual({ reason: 'duplicate', details: null });
  });

  it.each([
    [409, REPORT_ALREADY_OPEN],
    [403, REPORT_OWN_LISTING],
  ])("shows the API's detail when it refuses (%i)", async (status, detail) => {
    const { user } = renderReport({ [reportPath]: { status, body: { detail } } });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Duplicate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(detail);
    expect(alert).toHaveFocus();
    // Nothing to retry: the form is gone, Close is left.
    expect(within(dialog).queryByRole('button', { name: 'Send report' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('keeps the form for another try when sending failed for another reason', async () => {
    const { user } = renderReport({ [reportPath]: { status: 429, body: { detail: 'Too many attempts. Please try again in 1 minute.' } } });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Duplicate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 1 minute.');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it('closes with Escape or Cancel without sending, and keeps Tab inside while open', async () => {
    const { user, network } = renderReport();
    let dialog = await openDialog(user);

    // Tab from the last control (Send report) comes back to the first (the reason group).
    within(dialog).getByRole('button', { name: 'Send report' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('radio', { name: 'Prohibited item' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: REPORT_LINK })).toHaveFocus();

    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(network.requests.some((request) => request.method === 'POST')).toBe(false);
  });
});
