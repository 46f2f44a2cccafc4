import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { fillRequired as fillRequiredFields, openCreateForm, type FormUser } from '../testing/create-form';
import { LISTING_ID, makeFile, makeListing } from '../testing/make-listing';

const created = makeListing({
  photos: [],
  thumbnails: [],
  payment_status: 'unpaid',
  expiry_date: null,
  is_verified: false,
  verification: null,
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

async function fillRequired(user: FormUser) {
  await fillRequiredFields(user, { title: 'Eppendorf 5810R Centrifuge', price: '4250.50' });
}

function submit() {
  return screen.getByRole('button', { name: 'Create Listing' });
}

const postsTo = (network: Awaited<ReturnType<typeof openCreateForm>>['network'], path: string) =>
  network.requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path);

// The page is a lazy route: load its code once up front so the first test does not wait for it.
beforeAll(async () => {
  await import('./create-listing');
});

describe('/create-listing', () => {
  it("tells a visitor 'You must be logged in to create listings' and sends them to /login after 2 s", async () => {
    stubFetch({});
    const { router } = renderApp('/create-listing');

    expect(await screen.findByText('You must be logged in to create listings')).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(router.state.location.pathname).toBe('/create-listing');
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login');
      },
      { timeout: 2000 },
    );
  });

  it('has the fields of spec §5 with their labels, nine conditions and four durations', async () => {
    await openCreateForm();
    expect(screen.getByLabelText('Title')).toBeRequired();
    expect(screen.getByLabelText('Description')).toBeRequired();
    const price = screen.getByLabelText('Price');
    expect(price).toHaveAttribute('type', 'number');
    expect(price).toHaveAttribute('step', '0.01');
    expect(price).toHaveAttribute('min', '0');
    const conditions = within(screen.getByLabelText('Condition')).getAllByRole('option');
    expect(conditions.map((o) => o.textContent)).toEqual([
      'New',
      'New (Other)',
      'Certified Refurbished',
      'Excellent - Refurbished',
      'Very Good - Refurbished',
      'Good - Refurbished',
      'Seller Refurbished',
      'Pre-owned',
      'For Parts or Not Working',
    ]);
    expect(screen.getByRole('combobox', { name: 'Location' })).not.toBeRequired();
    const durations = within(screen.getByLabelText('Duration')).getAllByRole('option');
    expect(durations.map((o) => o.getAttribute('value'))).toEqual(['1', '3', '6', '12']);
  });

  it("says 'Please fill in all required fields' once, and sends nothing, when a required field is blank", async () => {
    const { user, network } = await openCreateForm();
    await user.type(screen.getByLabelText('Title'), 'Centrifuge');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getAllByText('Please fill in all required fields')).toHaveLength(1);
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(postsTo(network, '/api/v1/listings')).toHaveLength(0);
  });

  it('refuses a negative price under the field', async () => {
    const { user, network } = await openCreateForm();
    await user.type(screen.getByLabelText('Title'), 'Centrifuge');
    await user.type(screen.getByLabelText('Description'), 'Works.');
    await user.type(screen.getByLabelText('Price'), '-5');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Price must be 0 or more');
    expect(postsTo(network, '/api/v1/listings')).toHaveLength(0);
  });

  it('creates the listing, uploads the queued photos one by one, then opens the payment step', async () => {
    let uploads = 0;
    const { user, network, router } = await openCreateForm({
      'POST /api/v1/listings': { status: 201, body: created },
      [`POST /api/v1/listings/${LISTING_ID}/photos`]: () => {
        uploads += 1;
        return { body: { ...created, photos: Array.from({ length: uploads }, (_, i) => `/uploads/${String(i)}.webp`) } };
      },
    });
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Condition'), 'Pre-owned');
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'germ');
    await user.keyboard('{Enter}');
    await user.selectOptions(screen.getByLabelText('Duration'), '6 months');
    await user.upload(screen.getByLabelText('browse'), [makeFile('front.png', 'image/png'), makeFile('back.jpg', 'image/jpeg')]);
    await user.click(submit());

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/payment/${LISTING_ID}`);
    });
    const [create] = postsTo(network, '/api/v1/listings');
    expect(await create?.json()).toEqual({
      title: 'Eppendorf 5810R Centrifuge',
      description: 'Refrigerated benchtop centrifuge.',
      price: 4250.5,
      condition: 'pre-owned',
      location: 'Germany',
      duration_months: 6,
    });
    expect(create?.headers.get('Authorization')).toBe('Bearer seller-token');
    const photoPosts = postsTo(network, `/api/v1/listings/${LISTING_ID}/photos`);
    expect(photoPosts).toHaveLength(2);
    // spec §7: multipart with a `files` field (jsdom's File loses its name on the way into Node's Request).
    const form = await photoPosts[0]?.formData();
    expect(form?.getAll('files')).toHaveLength(1);
  });

  it('goes straight to payment when no photos are queued', async () => {
    const { user, router } = await openCreateForm({ 'POST /api/v1/listings': { status: 201, body: created } });
    await fillRequired(user);
    await user.click(submit());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/payment/${LISTING_ID}`);
    });
  });

  it("keeps the created listing when photos fail: 'Failed to upload photos. Please try again.', retry or continue", async () => {
    let failing = true;
    const { user, network, router } = await openCreateForm({
      'POST /api/v1/listings': { status: 201, body: created },
      [`POST /api/v1/listings/${LISTING_ID}/photos`]: () =>
        failing ? { status: 500, body: { detail: 'Internal server error' } } : { body: created },
    });
    await fillRequired(user);
    await user.upload(screen.getByLabelText('browse'), [makeFile('front.png', 'image/png')]);
    await user.click(submit());

    expect(await screen.findByText('Failed to upload photos. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-listing');
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Continue to payment without these photos' })).toHaveAttribute(
      'href',
      `/payment/${LISTING_ID}`,
    );

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry photo upload' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/payment/${LISTING_ID}`);
    });
    // The listing was created once; only the photos were sent again.
    expect(postsTo(network, '/api/v1/listings')).toHaveLength(1);
    expect(postsTo(network, `/api/v1/listings/${LISTING_ID}/photos`)).toHaveLength(2);
  });

  it("shows the server's detail, or 'Failed to create listing. Please try again.' without one", async () => {
    let answer = { status: 400, body: { detail: 'Title must be at most 150 characters' } as unknown };
    const { user } = await openCreateForm({ 'POST /api/v1/listings': () => answer });
    await fillRequired(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Title must be at most 150 characters');

    answer = { status: 500, body: undefined };
    await user.click(submit());
    expect(await screen.findByText('Failed to create listing. Please try again.')).toBeInTheDocument();
  });

  it("says 'An error occurred. Please check your connection and try again.' when the request gets no answer", async () => {
    const { user } = await openCreateForm();
    await fillRequired(user);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please check your connection and try again.');
  });

  it("ends an expired session: 'Your session has expired. Please log in again.' then /login after 2 s", async () => {
    const { user, router } = await openCreateForm({
      'POST /api/v1/listings': { status: 401, body: { detail: 'Could not validate credentials' } },
    });
    await fillRequired(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Please log in again.');
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login');
      },
      { timeout: 3000 },
    );
    expect(window.localStorage.getItem('access_token')).toBeNull();
  });
});
