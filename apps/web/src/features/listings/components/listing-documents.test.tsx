import type { ListingDocument } from '@benchmarket/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answersInTurn, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { LISTING_ID, SELLER, makeFile, makeListing } from '../testing/make-listing';

const detail = `GET /api/v1/listings/${LISTING_ID}`;
const documentsUrl = `POST /api/v1/listings/${LISTING_ID}/documents`;

const CERTIFICATE: ListingDocument = {
  id: '7b0c7c55-5b8a-4c1e-9d7e-2f0a1c3b4d5e',
  type: 'calibration_certificate',
  title: 'Calibration certificate 2025',
  bytes: 1_234_567,
  created_at: '2025-03-04T10:00:00.000Z',
  url: `/api/v1/listings/${LISTING_ID}/documents/7b0c7c55-5b8a-4c1e-9d7e-2f0a1c3b4d5e`,
};

beforeAll(async () => {
  await Promise.all([import('../routes/listing-detail'), import('../routes/edit-listing')]);
});

describe("the listing page's Documents", () => {
  it('lists each document with its type, title, date and size, and a download link', async () => {
    stubFetch({ [detail]: { body: makeListing({ documents: [CERTIFICATE] }) } });
    renderApp(`/listings/${LISTING_ID}`);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Documents' })).closest('section')!;
    expect(within(section).getByText('Calibration certificate')).toBeInTheDocument();
    expect(within(section).getByText('Calibration certificate 2025')).toBeInTheDocument();
    expect(section).toHaveTextContent('Mar 4, 2025');
    expect(section).toHaveTextContent('PDF, 1.2 MB');
    const link = within(section).getByRole('link', { name: 'Download Calibration certificate 2025 (PDF)' });
    expect(link).toHaveAttribute('href', CERTIFICATE.url);
    expect(link).toHaveAttribute('download');
  });

  it('shows nothing when the listing has no documents', async () => {
    stubFetch({ [detail]: { body: makeListing({ documents: [] }) } });
    renderApp(`/listings/${LISTING_ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
  });
});

describe("the edit page's Documents", () => {
  async function openAsOwner(routes: Parameters<typeof stubFetch>[0]) {
    const network = stubFetch({ 'GET /api/v1/auth/me': { body: SELLER }, ...routes });
    const rendered = renderApp(`/edit-listing/${LISTING_ID}`, { token: 'seller-token' });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Documents' })).closest('section')!;
    return { network, section, ...rendered };
  }

  it('uploads a chosen PDF with its type, then lists it', async () => {
    const { user, network, section } = await openAsOwner({
      [detail]: answersInTurn({ body: makeListing({ documents: [] }) }, { body: makeListing({ documents: [CERTIFICATE] }) }),
      [documentsUrl]: { status: 201, body: [CERTIFICATE] },
    });
    await user.selectOptions(within(section).getByLabelText('Document type'), 'Calibration certificate');
    await user.upload(within(section).getByLabelText('PDF files'), makeFile('cert.pdf', 'application/pdf'));
    await user.click(within(section).getByRole('button', { name: 'Upload document' }));
    expect(await within(section).findByRole('button', { name: 'Remove Calibration certificate 2025' })).toBeInTheDocument();
    const sent = network.requests.find((request) => request.method === 'POST' && request.url.endsWith('/documents'))!;
    const form = await sent.formData();
    expect(form.get('type')).toBe('calibration_certificate');
    expect(form.getAll('files')).toHaveLength(1);
  });

  it("shows the server's refusal in the alert", async () => {
    const { user, section } = await openAsOwner({
      [detail]: { body: makeListing({ documents: [] }) },
      [documentsUrl]: { status: 415, body: { detail: 'This PDF contains JavaScript or a launch action and cannot be uploaded' } },
    });
    await user.upload(within(section).getByLabelText('PDF files'), makeFile('manual.pdf', 'application/pdf'));
    await user.click(within(section).getByRole('button', { name: 'Upload document' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This PDF contains JavaScript or a launch action and cannot be uploaded',
    );
  });

  it('removes a document, and offers no upload once the listing has five', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({
      ...CERTIFICATE,
      id: `7b0c7c55-5b8a-4c1e-9d7e-2f0a1c3b4d5${i}`,
      title: `Doc ${i}`,
    }));
    const { user, network, section } = await openAsOwner({
      [detail]: answersInTurn({ body: makeListing({ documents: five }) }, { body: makeListing({ documents: five.slice(1) }) }),
      [`DELETE /api/v1/listings/${LISTING_ID}/documents/${five[0]!.id}`]: { body: five.slice(1) },
    });
    expect(within(section).queryByLabelText('PDF files')).not.toBeInTheDocument();
    expect(section).toHaveTextContent('Remove one to add another.');
    await user.click(within(section).getByRole('button', { name: 'Remove Doc 0' }));
    await waitFor(() => {
      expect(within(section).queryByRole('button', { name: 'Remove Doc 0' })).not.toBeInTheDocument();
    });
    expect(within(section).getByLabelText('PDF files')).toBeInTheDocument();
    expect(network.requests.some((request) => request.method === 'DELETE')).toBe(true);
  });
});
