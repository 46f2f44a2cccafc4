import { beforeAll, describe, expect, it } from 'vitest';
import { plainPdf, uploadDocuments } from './support/documents.js';
import { call, createActiveListing } from './support/listings.js';
import { useAppWithS3StandIn } from './support/s3-app.js';
import { createUser, type TestUser } from './support/users.js';

/** With S3_BUCKET set, documents go to the bucket and the API reads them back to serve a download. */

let seller: TestUser;

const stand = useAppWithS3StandIn();
beforeAll(async () => {
  seller = await createUser(stand.ctx.app);
});

describe('documents in an S3-compatible store', () => {
  it('stores the PDF in the bucket, serves it through the API, and deletes it with the document', async () => {
    const pdf = await plainPdf();
    const listing = await createActiveListing(stand.ctx.app, seller);
    const uploaded = await uploadDocuments(stand.ctx.app, listing.id, [{ data: pdf, filename: 'manual.pdf' }], {
      user: seller,
      type: 'manual',
    });
    expect(uploaded.statusCode).toBe(201);
    const [document] = uploaded.json();
    const keys = [...stand.server.objects.keys()].filter((key) => key.startsWith(`bm-photos/documents/${listing.id}/`));
    expect(keys).toHaveLength(1);
    expect(stand.server.objects.get(keys[0]!)?.contentType).toBe('application/pdf');

    const served = await stand.ctx.app.inject({ method: 'GET', url: document.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toBe('attachment; filename="manual.pdf"');
    expect(served.rawPayload.equals(pdf)).toBe(true);

    expect((await call(stand.ctx.app, 'DELETE', `/listings/${listing.id}/documents/${document.id}`, { user: seller })).statusCode).toBe(
      200,
    );
    await expect.poll(() => stand.server.objects.has(keys[0]!)).toBe(false);
    expect((await stand.ctx.app.inject({ method: 'GET', url: document.url })).statusCode).toBe(404);
  });
});
