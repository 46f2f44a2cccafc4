import { FDA_510K_INVALID, DECONTAMINATION_DATE_REQUIRED } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { expectCreateRefused, fillRequired as fillRequiredFields, openCreateForm, type FormUser } from '../testing/create-form';
import { FULL_SPECIFICATIONS, LISTING_ID, NO_SPECIFICATIONS, SELLER, makeListing } from '../testing/make-listing';

const me = { 'GET /api/v1/auth/me': { body: SELLER } };
const makers = {
  'GET /api/v1/listings/manufacturers': (request: Request) => {
    const maker = new URL(request.url).searchParams.get('manufacturer');
    if (maker === 'Thermo Fisher') return { body: [{ name: 'Sorvall ST 16R', count: 3 }] };
    return {
      body: [
        { name: 'Thermo Fisher', count: 12 },
        { name: 'Eppendorf', count: 4 },
      ],
    };
  },
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

beforeAll(async () => {
  await Promise.all([import('./create-listing'), import('./edit-listing')]);
});

const openCreate = (routes: Record<string, StubHandler> = {}) => openCreateForm({ ...makers, ...routes });

type User = FormUser;

async function fillRequired(user: User) {
  await fillRequiredFields(user, { title: 'Thermo Fisher centrifuge', price: '3000' });
}

/** Types text into the fields labelled so, or picks the named option of a select, in order. */
async function fill(user: User, steps: ReadonlyArray<readonly [label: string, entry: string | { option: string }]>) {
  for (const [label, entry] of steps) {
    if (typeof entry === 'string') await user.type(screen.getByLabelText(label), entry);
    else await user.selectOptions(screen.getByLabelText(label), entry.option);
  }
}

const bodyOf = async (network: Awaited<ReturnType<typeof openCreate>>['network'], method: string) =>
  (await network.requests.find((r) => r.method === method && new URL(r.url).pathname.startsWith('/api/v1/listings'))?.json()) as unknown;

describe('the listing form: specifications and regulatory facts (issue 15)', () => {
  it("has the groups 'Specifications' and 'Regulatory and safety', with the makers and their models as suggestions", async () => {
    const { user } = await openCreate();
    expect(screen.getByRole('heading', { name: 'Specifications' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Regulatory and safety' })).toBeVisible();
    expect(screen.getByLabelText('Serial number')).toHaveAccessibleDescription('Only you see this');
    expect(
      within(screen.getByLabelText('Warranty'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not stated', 'No warranty', '30 days', '90 days', '180 days', '365 days', "Manufacturer's warranty"]);
    expect(
      within(screen.getByLabelText('Sale restriction'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Licensed professionals only (Rx)']);

    const manufacturer = screen.getByLabelText('Manufacturer');
    const makerList = document.getElementById(manufacturer.getAttribute('list') ?? '');
    await waitFor(() => {
      expect([...(makerList?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Thermo Fisher', 'Eppendorf']);
    });
    await user.type(manufacturer, 'thermo fisher');
    const modelList = document.getElementById(screen.getByLabelText('Model').getAttribute('list') ?? '');
    await waitFor(() => {
      expect([...(modelList?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual(['Sorvall ST 16R']);
    });
  });

  it('sends the facts given with the new listing', async () => {
    const { user, network, router } = await openCreate({ 'POST /api/v1/listings': { status: 201, body: makeListing({ photos: [] }) } });
    await fillRequired(user);
    await fill(user, [
      ['Manufacturer', 'Thermo Fisher'],
      ['Model', 'Sorvall ST 16R'],
      ['Year of manufacture', '2018'],
      ['Hours of use', '3400'],
      ['Serial number', 'SN-42'],
      ['Warranty', { option: '90 days' }],
      ['Shipping', { option: 'Seller ships (freight)' }],
      ['Lead time (days)', '7'],
      ['Included accessories', 'Rotor{Enter}{Enter}Power cord'],
      ['Device class', { option: 'FDA Class II' }],
      ['FDA 510(k) number', 'k654321'],
      ['CE marking', { option: 'Yes' }],
      ['Sale restriction', { option: 'Licensed professionals only (Rx)' }],
    ]);
    expect(screen.queryByLabelText('Decontamination date')).not.toBeInTheDocument();
    await fill(user, [
      ['Decontamination', { option: 'Decontaminated, with a certificate' }],
      ['Decontamination date', '2025-02-03'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/payment/${LISTING_ID}`);
    });
    expect(await bodyOf(network, 'POST')).toEqual({
      title: 'Thermo Fisher centrifuge',
      description: 'Refrigerated benchtop centrifuge.',
      price: 3000,
      condition: 'new',
      location: null,
      duration_months: 1,
      manufacturer: 'Thermo Fisher',
      model: 'Sorvall ST 16R',
      year_of_manufacture: 2018,
      hours_of_use: 3400,
      serial_number: 'SN-42',
      warranty: '90_days',
      shipping: 'freight',
      lead_time_days: 7,
      included_accessories: ['Rotor', 'Power cord'],
      regulatory: { device_class: 'fda_ii', fda_510k_number: 'K654321', ce_marking: true, sale_restriction: 'licensed_professionals' },
      decontamination: { status: 'certified', date: '2025-02-03' },
    });
  });

  it('refuses a malformed 510(k) number with the shared message, and sends nothing', async () => {
    const { user, network } = await openCreate();
    await fillRequired(user);
    await user.type(screen.getByLabelText('FDA 510(k) number'), '123456');
    await expectCreateRefused(user, network, FDA_510K_INVALID);
    expect(screen.getByLabelText('FDA 510(k) number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the date of a decontamination', async () => {
    const { user, network } = await openCreate();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Decontamination'), 'Decontaminated');
    await expectCreateRefused(user, network, DECONTAMINATION_DATE_REQUIRED);
  });

  it("fills the edit form with the listing's facts and sends every field, a cleared one as null", async () => {
    const listing = makeListing({ ...FULL_SPECIFICATIONS, serial_number: 'SN-1' });
    const network = stubFetch({
      ...me,
      ...makers,
      [`GET /api/v1/listings/${LISTING_ID}`]: { body: listing },
      [`PUT /api/v1/listings/${LISTING_ID}`]: { body: listing },
    });
    const { user, router } = renderApp(`/edit-listing/${LISTING_ID}`, { token: 'seller-token' });
    await screen.findByRole('heading', { level: 1, name: 'Edit Listing' });

    expect(screen.getByLabelText('Manufacturer')).toHaveValue('Eppendorf');
    expect(screen.getByLabelText('Year of manufacture')).toHaveValue(2019);
    expect(screen.getByLabelText('Serial number')).toHaveValue('SN-1');
    expect(screen.getByLabelText('Warranty')).toHaveValue('90_days');
    expect(screen.getByLabelText('Included accessories')).toHaveValue('A-4-62 rotor\nPower cord');
    expect(screen.getByLabelText('CE marking')).toHaveValue('yes');
    expect(screen.getByLabelText('Decontamination date')).toHaveValue('2025-01-02');

    await user.clear(screen.getByLabelText('Model'));
    await user.clear(screen.getByLabelText('Hours of use'));
    await user.selectOptions(screen.getByLabelText('Decontamination'), 'Not stated');
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
    });
    expect(await bodyOf(network, 'PUT')).toEqual({
      title: listing.title,
      description: listing.description,
      price: listing.price,
      condition: listing.condition,
      location: 'Germany',
      ...FULL_SPECIFICATIONS,
      // What the seller cleared; every other fact is sent back as the listing had it.
      model: null,
      hours_of_use: null,
      decontamination: null,
      serial_number: 'SN-1',
    });
  });

  it('sends null for every fact of a listing that states none, except the serial number it was not shown', async () => {
    const listing = makeListing(NO_SPECIFICATIONS);
    const network = stubFetch({
      ...me,
      [`GET /api/v1/listings/${LISTING_ID}`]: { body: listing },
      [`PUT /api/v1/listings/${LISTING_ID}`]: { body: listing },
    });
    const { user, router } = renderApp(`/edit-listing/${LISTING_ID}`, { token: 'seller-token' });
    await screen.findByRole('heading', { level: 1, name: 'Edit Listing' });
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
    });
    const body = (await bodyOf(network, 'PUT')) as Record<string, unknown>;
    expect(body).toMatchObject({ manufacturer: null, warranty: null, included_accessories: null, decontamination: null });
    expect(body).not.toHaveProperty('serial_number');
  });
});
