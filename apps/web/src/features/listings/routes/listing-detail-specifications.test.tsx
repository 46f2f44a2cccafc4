import {
  LICENSED_PROFESSIONAL_CONFIRMATION,
  LICENSED_PROFESSIONAL_REQUIRED,
  NO_DECONTAMINATION_CAUTION,
  RESTRICTED_SALE_NOTICE,
} from '@benchmarket/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { BUYER, FULL_SPECIFICATIONS, LISTING_ID, NO_SPECIFICATIONS, SELLER, makeListing } from '../testing/make-listing';

const path = `/listings/${LISTING_ID}`;
const detail = `GET /api/v1/listings/${LISTING_ID}`;
const restricted = {
  ...NO_SPECIFICATIONS,
  regulatory: { ...NO_SPECIFICATIONS.regulatory, sale_restriction: 'licensed_professionals' as const },
};

beforeAll(async () => {
  await Promise.all([import('./listing-detail'), import('../components/contact-seller/contact-form')]);
});

/** The rows of the 'Specifications' table, label → text. */
function specificationRows(): Record<string, string> {
  const section = screen.getByRole('region', { name: 'Specifications' });
  const labels = within(section).getAllByRole('term');
  return Object.fromEntries(labels.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

function openAsBuyer(routes: Record<string, StubHandler>) {
  const network = stubFetch({ 'GET /api/v1/auth/me': { body: BUYER }, ...routes });
  return { network, ...renderApp(path, { token: 'buyer-token' }) };
}

describe('/listings/{id}: specifications and regulatory facts (issue 15)', () => {
  it('shows the stated facts in a Specifications table, shipping with its lead time', async () => {
    stubFetch({ [detail]: { body: makeListing(FULL_SPECIFICATIONS) } });
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
    expect(specificationRows()).toEqual({
      Manufacturer: 'Eppendorf',
      Model: '5810R',
      'Year of manufacture': '2019',
      'Hours of use': '1,200 hours',
      Warranty: '90 days',
      Shipping: 'Seller ships (freight), ships within 5 days',
      'Included accessories': 'A-4-62 rotorPower cord',
      'Device class': 'FDA Class II',
      'FDA 510(k)': 'K123456',
      'CE marking': 'Yes',
      Decontamination: 'Decontaminated (January 2, 2025)',
    });
    expect(screen.queryByText(NO_DECONTAMINATION_CAUTION, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByText(RESTRICTED_SALE_NOTICE, { exact: false })).not.toBeInTheDocument();
  });

  it('shows only the rows with values, the serial number to its owner only', async () => {
    stubFetch({
      'GET /api/v1/auth/me': { body: SELLER },
      [detail]: { body: makeListing({ ...NO_SPECIFICATIONS, manufacturer: 'Eppendorf', lead_time_days: 1, serial_number: 'SN-1' }) },
    });
    renderApp(path, { token: 'seller-token' });
    await screen.findByRole('link', { name: 'Edit Listing' });
    expect(specificationRows()).toEqual({ Manufacturer: 'Eppendorf', Shipping: 'Ships within 1 day', 'Serial number': 'SN-1' });
  });

  it('shows no table when the listing states nothing, and a caution for used equipment without a decontamination statement', async () => {
    stubFetch({ [detail]: { body: makeListing({ ...NO_SPECIFICATIONS, condition: 'pre-owned' }) } });
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
    expect(screen.queryByRole('region', { name: 'Specifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(NO_DECONTAMINATION_CAUTION);
    expect(screen.getByText(NO_DECONTAMINATION_CAUTION)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has no decontamination caution for new equipment', async () => {
    stubFetch({ [detail]: { body: makeListing({ ...NO_SPECIFICATIONS, condition: 'new' }) } });
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says a restricted device is for licensed professionals, and asks the buyer to confirm before the message goes', async () => {
    const { user, network } = openAsBuyer({
      [detail]: { body: makeListing({ ...restricted, condition: 'new' }) },
      'POST /api/v1/messages': { status: 201, body: {} },
    });
    expect(await screen.findByRole('note')).toHaveTextContent(RESTRICTED_SALE_NOTICE);
    expect(screen.getByText(RESTRICTED_SALE_NOTICE)).toBeVisible();

    const confirmation = await screen.findByRole('checkbox', { name: LICENSED_PROFESSIONAL_CONFIRMATION });
    expect(confirmation).toBeRequired();
    await user.type(screen.getByLabelText('Message'), 'Is it available?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LICENSED_PROFESSIONAL_REQUIRED);
    expect(confirmation).toHaveFocus();
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(network.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(confirmation);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Your message has been sent to the seller.')).toBeInTheDocument();
    const sent = network.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/v1/messages'));
    expect(await sent?.json()).toMatchObject({ listing_id: LISTING_ID, message: 'Is it available?', licensed_professional: true });
  });

  it("shows the API's refusal of a restricted listing's message as it words it", async () => {
    const { user } = openAsBuyer({
      [detail]: { body: makeListing({ ...restricted, condition: 'new' }) },
      'POST /api/v1/messages': { status: 403, body: { detail: LICENSED_PROFESSIONAL_REQUIRED } },
    });
    await user.click(await screen.findByRole('checkbox', { name: LICENSED_PROFESSIONAL_CONFIRMATION }));
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LICENSED_PROFESSIONAL_REQUIRED);
  });

  it('asks for no confirmation on a listing without a restriction', async () => {
    const { network, user } = openAsBuyer({
      [detail]: { body: makeListing(FULL_SPECIFICATIONS) },
      'POST /api/v1/messages': { status: 201, body: {} },
    });
    await user.type(await screen.findByLabelText('Message'), 'Hello');
    expect(screen.queryByRole('checkbox', { name: LICENSED_PROFESSIONAL_CONFIRMATION })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Your message has been sent to the seller.');
    const sent = network.requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/v1/messages'));
    expect(await sent?.json()).not.toHaveProperty('licensed_professional');
  });
});
