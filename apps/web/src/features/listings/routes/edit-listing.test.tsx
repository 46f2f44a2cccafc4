import { listingProhibitedMessage } from '@benchmarket/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answersInTurn, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { submitExpectingEach } from '@/testing/forms';
import { renderApp } from '@/testing/render-app';
import { expectVisitorSentToLogin } from '@/testing/visitor';
import { BUYER, LISTING_ID, SELLER, makeFile, makeListing } from '../testing/make-listing';

const path = `/edit-listing/${LISTING_ID}`;
const detail = `GET /api/v1/listings/${LISTING_ID}`;
const update = `PUT /api/v1/listings/${LISTING_ID}`;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

async function openAsOwner(routes: Record<string, StubHandler> = {}) {
  const network = stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, [detail]: { body: makeListing() }, ...routes });
  const rendered = renderApp(path, { token: 'seller-token' });
  await screen.findByRole('heading', { level: 1, name: 'Edit Listing' });
  return { network, ...rendered };
}

// The page is a lazy route: load its code once up front so the first test does not wait for it.
beforeAll(async () => {
  await import('./edit-listing');
});

describe('/edit-listing/{id}', () => {
  it('sends a visitor to /login', async () => {
    await expectVisitorSentToLogin(path);
  });

  it("tells another user 'You do not have permission to edit this listing'", async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: BUYER }, [detail]: { body: makeListing() } });
    renderApp(path, { token: 'buyer-token' });
    expect(await screen.findByText('You do not have permission to edit this listing')).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it("says 'Error loading listing data' when the listing cannot be loaded", async () => {
    stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, [detail]: { status: 500, body: { detail: 'boom' } } });
    renderApp(path, { token: 'seller-token' });
    expect(await screen.findByText('Error loading listing data')).toBeInTheDocument();
  });

  it('fills the form with the listing, without a duration, and saves it, then opens the listing', async () => {
    const { user, network, router } = await openAsOwner({ [update]: { body: makeListing({ title: 'Eppendorf 5810R' }) } });
    expect(screen.getByLabelText('Title')).toHaveValue('Eppendorf 5810R Centrifuge');
    expect(screen.getByLabelText('Price')).toHaveValue(4250.5);
    expect(screen.getByLabelText('Condition')).toHaveValue('certified-refurbished');
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Germany');
    expect(screen.queryByLabelText('Duration')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Eppendorf 5810R');
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
    });
    const put = network.requests.find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({
      title: 'Eppendorf 5810R',
      description: 'Refrigerated benchtop centrifuge.\n\nIncludes A-4-62 rotor.',
      price: 4250.5,
      condition: 'certified-refurbished',
      location: 'Germany',
    });
  });

  it("confirms 'Changes saved' on the listing's page, once: not again after going away and back (issue 18)", async () => {
    const { user, router } = await openAsOwner({ [update]: { body: makeListing() } });
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Changes saved');
    expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
    // The page takes the flag off its history entry (a replace, after it renders); a person
    // going away is slower than that, a test is not: it waits for it, as a person would.
    await waitFor(() => {
      expect(router.state.location.state).toBeNull();
    });
    await act(() => router.navigate(`/edit-listing/${LISTING_ID}`));
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Eppendorf 5810R Centrifuge' });
    expect(screen.queryByText('Changes saved')).not.toBeInTheDocument();
  });

  it("says 'Please fill in all required fields' when a required field is emptied", async () => {
    const { user, network } = await openAsOwner();
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(network.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's detail, or 'Failed to update listing. Please try again.'", async () => {
    const forbidden = 'You do not have permission to edit this listing';
    const { user } = await openAsOwner({ [update]: answersInTurn({ status: 403, body: { detail: forbidden } }, { status: 500 }) });
    await submitExpectingEach(user, 'Update Listing', [forbidden, 'Failed to update listing. Please try again.']);
  });

  it('shows what to fix above the form, without a link to the page itself (issue 14)', async () => {
    await openAsOwner({
      [detail]: {
        body: makeListing({
          is_verified: false,
          verification: { status: 'auto_rejected', verification_notes: 'Remove the phone number from the description.' },
        }),
      },
    });
    const notice = await screen.findByRole('region', { name: 'Verification Needed: please fix the following.' });
    expect(within(notice).getByRole('listitem')).toHaveTextContent('Remove the phone number from the description.');
    expect(within(notice).getByText('The check runs again when you save your changes.')).toBeInTheDocument();
    expect(within(notice).queryByRole('link', { name: 'Fix this listing' })).not.toBeInTheDocument();
  });

  it("shows a live listing's refused edit as the API words it (a prohibited item: nothing saved)", async () => {
    const refusal = listingProhibitedMessage('Prescription drugs cannot be sold on BenchMarket (found: insulin).');
    const { user, router } = await openAsOwner({ [update]: { status: 403, body: { detail: refusal, code: 'listing_prohibited' } } });
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(router.state.location.pathname).toBe(path);
  });

  it("ends an expired session: 'Your session has expired. Please log in again.' then /login", async () => {
    const { user, router } = await openAsOwner({ [update]: { status: 401, body: { detail: 'Not authenticated' } } });
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired. Please log in again.');
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/login');
      },
      { timeout: 3000 },
    );
  });

  it('removes a current photo by its index', async () => {
    let photos = makeListing().photos;
    const { user, network } = await openAsOwner({
      [detail]: () => ({ body: makeListing({ photos, thumbnails: photos }) }),
      [`DELETE /api/v1/listings/${LISTING_ID}/photos/1`]: () => {
        photos = photos.filter((_, i) => i !== 1);
        return { body: makeListing({ photos, thumbnails: photos }) };
      },
    });
    expect(screen.getAllByRole('button', { name: /^Remove photo/ })).toHaveLength(3);
    screen.getByRole('button', { name: 'Remove photo 2' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getAllByRole('button', { name: /^Remove photo/ })).toHaveLength(2);
    });
    expect(network.requests.some((r) => r.method === 'DELETE')).toBe(true);
    // The button went with its photo: the focus is on the next photo's (now 'Remove photo 2').
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Remove photo 2' })).toHaveFocus();
    });
  });

  it('moves the focus to the "no photos" text when the last photo is removed', async () => {
    let photos = makeListing().photos.slice(0, 1);
    const { user } = await openAsOwner({
      [detail]: () => ({ body: makeListing({ photos, thumbnails: photos }) }),
      [`DELETE /api/v1/listings/${LISTING_ID}/photos/0`]: () => {
        photos = [];
        return { body: makeListing({ photos, thumbnails: photos }) };
      },
    });
    screen.getByRole('button', { name: 'Remove photo 1' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByText('This listing has no photos yet.')).toHaveFocus();
    });
  });

  it("alerts 'Failed to delete photo. Please try again.' when a removal fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = await openAsOwner({ [`DELETE /api/v1/listings/${LISTING_ID}/photos/0`]: { status: 500 } });
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await waitFor(() => {
      expect(alert).toHaveBeenCalledWith('Failed to delete photo. Please try again.');
    });
    expect(screen.getAllByRole('button', { name: /^Remove photo/ })).toHaveLength(3);
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Remove photo 1' })).toHaveFocus();
    });
  });

  it('adds photos up to 5 in total and uploads them after saving', async () => {
    const { user, network, router } = await openAsOwner({
      [update]: { body: makeListing() },
      [`POST /api/v1/listings/${LISTING_ID}/photos`]: { body: makeListing() },
    });
    const browse = screen.getByLabelText('browse');
    await user.upload(browse, [makeFile('a.png', 'image/png'), makeFile('b.png', 'image/png'), makeFile('c.png', 'image/png')]);
    expect(screen.getByRole('alert')).toHaveTextContent('You can only have up to 5 photos (currently have 3)');
    await user.upload(browse, [makeFile('a.png', 'image/png'), makeFile('b.png', 'image/png')]);
    await user.click(screen.getByRole('button', { name: 'Update Listing' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/listings/${LISTING_ID}`);
    });
    expect(network.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/photos'))).toHaveLength(2);
  });
});
