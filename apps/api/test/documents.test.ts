import { describe, expect, it } from 'vitest';
import { sweepOrphanDocuments } from '../src/modules/documents/index.js';
import { encryptedPdf, pdfWithObjectStream, pdfWithOpenAction, plainPdf, uploadDocuments } from './support/documents.js';
import { activate, call, createActiveListing, createListing } from './support/listings.js';
import { expectDetail } from './support/responses.js';
import { useSellerApp, type TestUser } from './support/users.js';

const PDF_ONLY = 'Documents must be PDF files';
const HAS_SCRIPT = 'This PDF contains JavaScript or a launch action and cannot be uploaded';
const NO_PERMISSION = 'You do not have permission to edit this listing';
const MB = 1024 * 1024;

const setup = useSellerApp();
const app = () => setup.ctx.app;
const pdf = await plainPdf();

async function download(url: string, user?: TestUser) {
  return app().inject({ method: 'GET', url, headers: user ? user.headers : {} });
}

describe('POST /api/v1/listings/:id/documents', () => {
  it("stores a PDF with its type and a title from the file name, and answers the listing's documents", async () => {
    const listing = await createActiveListing(app(), setup.seller);
    const response = await uploadDocuments(app(), listing.id, [{ data: pdf, filename: 'Calibration_cert 2025.pdf' }], {
      user: setup.seller,
      type: 'calibration_certificate',
    });
    expect(response.statusCode).toBe(201);
    const [document, ...rest] = response.json();
    expect(rest).toHaveLength(0);
    expect(document).toMatchObject({ type: 'calibration_certificate', title: 'Calibration cert 2025', bytes: pdf.length });
    expect(document.url).toBe(`/api/v1/listings/${listing.id}/documents/${document.id}`);

    // The listing (for anyone: it is public) carries it.
    const seen = await call(app(), 'GET', `/listings/${listing.id}`);
    expect(seen.json().documents).toEqual([document]);
  });

  it('takes a title field for a single document, and several files at once', async () => {
    const listing = await createListing(app(), setup.seller);
    const titled = await uploadDocuments(app(), listing.id, [{ data: pdf }], {
      user: setup.seller,
      type: 'manual',
      title: 'Operator manual',
    });
    expect(titled.statusCode).toBe(201);
    expect(titled.json()[0].title).toBe('Operator manual');
    const two = await uploadDocuments(
      app(),
      listing.id,
      [
        { data: pdf, filename: 'service-2023.pdf' },
        { data: pdf, filename: 'service-2024.pdf' },
      ],
      { user: setup.seller, type: 'service_history' },
    );
    expect(two.statusCode).toBe(201);
    expect(two.json().map((d: { title: string }) => d.title)).toEqual(['Operator manual', 'service-2023', 'service-2024']);
  });

  it("refuses a file that is not a PDF, whatever its name says: 415 'Documents must be PDF files'", async () => {
    const listing = await createListing(app(), setup.seller);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expectDetail(
      await uploadDocuments(app(), listing.id, [{ data: html, filename: 'cert.pdf' }], { user: setup.seller, type: 'other' }),
      415,
      PDF_ONLY,
    );
    // The magic bytes alone are not enough: it must parse into a document.
    const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('not really a pdf '.repeat(100))]);
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: fake }], { user: setup.seller, type: 'other' }), 415, PDF_ONLY);
    expectDetail(
      await uploadDocuments(app(), listing.id, [{ data: Buffer.alloc(0) }], { user: setup.seller, type: 'other' }),
      415,
      PDF_ONLY,
    );
  });

  it('refuses a PDF that runs JavaScript when opened, also when it is hidden in a compressed object stream', async () => {
    const listing = await createListing(app(), setup.seller);
    const plainJs = await pdfWithOpenAction('javascript', { inObjectStream: false });
    expect(plainJs.includes('/JavaScript')).toBe(true);
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: plainJs }], { user: setup.seller, type: 'manual' }), 415, HAS_SCRIPT);

    const hiddenJs = await pdfWithOpenAction('javascript', { inObjectStream: true });
    // Not in the raw bytes: only a parser that unpacks the object stream finds it.
    expect(hiddenJs.includes('/JavaScript')).toBe(false);
    expect(hiddenJs.includes('/JS')).toBe(false);
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: hiddenJs }], { user: setup.seller, type: 'manual' }), 415, HAS_SCRIPT);

    // A name written with #xx escapes is the same name.
    const escaped = Buffer.from(plainJs.toString('latin1').replace('/JavaScript', '/J#61vaScript'), 'latin1');
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: escaped }], { user: setup.seller, type: 'manual' }), 415, HAS_SCRIPT);
  });

  it('finds JavaScript in a hand-written object stream, and refuses one the parser cannot unpack', async () => {
    const listing = await createListing(app(), setup.seller);
    const handWritten = pdfWithObjectStream();
    expect(handWritten.includes('/JS')).toBe(false);
    expectDetail(
      await uploadDocuments(app(), listing.id, [{ data: handWritten }], { user: setup.seller, type: 'manual' }),
      415,
      HAS_SCRIPT,
    );
    // /First points past the objects: the parser cannot unpack the stream, so nothing in it can be checked — refused.
    const broken = pdfWithObjectStream({ first: 9999 });
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: broken }], { user: setup.seller, type: 'manual' }), 415, PDF_ONLY);
    // The same stream without active content is an ordinary PDF.
    const harmless = pdfWithObjectStream({ content: '<< /S /URI /URI (https://example.com/manual) >>' });
    expect((await uploadDocuments(app(), listing.id, [{ data: harmless }], { user: setup.seller, type: 'manual' })).statusCode).toBe(201);
  });

  it('refuses a compression bomb (an object stream that decodes to more than 32 MB) without decoding it all', async () => {
    const listing = await createListing(app(), setup.seller);
    const bomb = pdfWithObjectStream({ padding: 40 * MB, content: '<< /S /URI /URI (https://example.com) >>' });
    expect(bomb.length).toBeLessThan(100_000);
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: bomb }], { user: setup.seller, type: 'manual' }), 415, PDF_ONLY);
  });

  it('refuses an encrypted PDF', async () => {
    const listing = await createListing(app(), setup.seller);
    expectDetail(
      await uploadDocuments(app(), listing.id, [{ data: await encryptedPdf() }], { user: setup.seller, type: 'manual' }),
      415,
      'This PDF is password-protected or encrypted and cannot be uploaded',
    );
  });

  it('refuses a PDF with a launch action, plain or in an object stream', async () => {
    const listing = await createListing(app(), setup.seller);
    for (const inObjectStream of [false, true]) {
      const launch = await pdfWithOpenAction('launch', { inObjectStream });
      expectDetail(await uploadDocuments(app(), listing.id, [{ data: launch }], { user: setup.seller, type: 'other' }), 415, HAS_SCRIPT);
    }
    expect((await call(app(), 'GET', `/listings/${listing.id}`, { user: setup.seller })).json().documents).toEqual([]);
  });

  it("refuses a document over 10 MB: 413 'A document can be at most 10 MB'", async () => {
    const listing = await createListing(app(), setup.seller);
    const big = Buffer.concat([pdf, Buffer.alloc(10 * MB + 1 - pdf.length, 0x20)]);
    expectDetail(
      await uploadDocuments(app(), listing.id, [{ data: big }], { user: setup.seller, type: 'manual' }),
      413,
      'A document can be at most 10 MB',
    );
  });

  it("refuses a sixth document: 400 'A listing can have at most 5 documents', nothing stored", async () => {
    const listing = await createListing(app(), setup.seller);
    const four = await uploadDocuments(app(), listing.id, [{ data: pdf }, { data: pdf }, { data: pdf }, { data: pdf }], {
      user: setup.seller,
      type: 'other',
    });
    expect(four.statusCode).toBe(201);
    const tooMany = 'A listing can have at most 5 documents';
    expectDetail(
      await uploadDocuments(app(), listing.id, [{ data: pdf }, { data: pdf }], { user: setup.seller, type: 'other' }),
      400,
      tooMany,
    );
    expect((await uploadDocuments(app(), listing.id, [{ data: pdf }], { user: setup.seller, type: 'other' })).statusCode).toBe(201);
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: pdf }], { user: setup.seller, type: 'other' }), 400, tooMany);
    expect((await call(app(), 'GET', `/listings/${listing.id}`, { user: setup.seller })).json().documents).toHaveLength(5);
  });

  it('needs a known type and at least one file', async () => {
    const listing = await createListing(app(), setup.seller);
    const noType = await uploadDocuments(app(), listing.id, [{ data: pdf }], { user: setup.seller });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().detail).toMatch(/^Please choose the document's type/);
    expect((await uploadDocuments(app(), listing.id, [{ data: pdf }], { user: setup.seller, type: 'invoice' })).statusCode).toBe(400);
    expect((await uploadDocuments(app(), listing.id, [], { user: setup.seller, type: 'manual' })).statusCode).toBe(400);
    const json = await call(app(), 'POST', `/listings/${listing.id}/documents`, { user: setup.seller, payload: { type: 'manual' } });
    expect(json.statusCode).toBe(415);
  });

  it('is for the owner only: 401 anonymous, 403 another account, 404 an unknown listing', async () => {
    const listing = await createListing(app(), setup.seller);
    expect((await uploadDocuments(app(), listing.id, [{ data: pdf }], { type: 'manual' })).statusCode).toBe(401);
    expectDetail(await uploadDocuments(app(), listing.id, [{ data: pdf }], { user: setup.other, type: 'manual' }), 403, NO_PERMISSION);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await uploadDocuments(app(), unknown, [{ data: pdf }], { user: setup.seller, type: 'manual' })).statusCode).toBe(404);
    expect((await uploadDocuments(app(), 'not-a-uuid', [{ data: pdf }], { user: setup.seller, type: 'manual' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/listings/:id/documents/:documentId', () => {
  it('removes a document for its owner only', async () => {
    const listing = await createListing(app(), setup.seller);
    const [first, second] = (
      await uploadDocuments(app(), listing.id, [{ data: pdf }, { data: pdf }], { user: setup.seller, type: 'service_history' })
    ).json();
    const path = `/listings/${listing.id}/documents/${first.id}`;
    expect((await call(app(), 'DELETE', path)).statusCode).toBe(401);
    expectDetail(await call(app(), 'DELETE', path, { user: setup.other }), 403, NO_PERMISSION);
    const removed = await call(app(), 'DELETE', path, { user: setup.seller });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().map((d: { id: string }) => d.id)).toEqual([second.id]);
    expectDetail(await call(app(), 'DELETE', path, { user: setup.seller }), 404, 'Document not found');
    expect((await call(app(), 'DELETE', `/listings/${listing.id}/documents/nope`, { user: setup.seller })).statusCode).toBe(404);
    expect((await download(`/api/v1${path}`, setup.seller)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/listings/:id/documents/:documentId', () => {
  it('serves the PDF as an attachment with a safe file name', async () => {
    const listing = await createActiveListing(app(), setup.seller);
    const [document] = (
      await uploadDocuments(app(), listing.id, [{ data: pdf }], {
        user: setup.seller,
        type: 'decontamination_certificate',
        title: 'Décontamination "cert" <2025>.pdf',
      })
    ).json();
    const response = await download(document.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Decontamination-cert-2025.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 for a document of a listing the viewer may not see; its owner downloads it (signed link or token)', async () => {
    const listing = await createListing(app(), setup.seller); // unpaid: only its owner sees it
    const [document] = (await uploadDocuments(app(), listing.id, [{ data: pdf }], { user: setup.seller, type: 'manual' })).json();
    expect(document.url).toMatch(/\?access=\d+\.[\w-]+$/);
    const bare = document.url.split('?')[0];
    expectDetail(await download(bare), 404, 'Document not found');
    expectDetail(await download(bare, setup.other), 404, 'Document not found');
    expectDetail(await download(`${bare}?access=99999999999.forged`), 404, 'Document not found');
    expect((await download(bare, setup.seller)).statusCode).toBe(200);
    expect((await download(document.url)).statusCode).toBe(200);
    // Not in the listing for others either: the listing itself is 404 to them.
    expect((await call(app(), 'GET', `/listings/${listing.id}`, { user: setup.other })).statusCode).toBe(404);

    // Once paid it is public, and so is the document.
    await activate(app(), listing.id);
    expect((await download(bare)).statusCode).toBe(200);
    // A document id under another listing's id is not found.
    const otherListing = await createActiveListing(app(), setup.other);
    expect((await download(`/api/v1/listings/${otherListing.id}/documents/${document.id}`)).statusCode).toBe(404);
  });
});

describe('the orphan document sweep', () => {
  it('removes document files no row names once they are old enough, and keeps every file in use', async () => {
    const listing = await createListing(app(), setup.seller);
    const [kept] = (await uploadDocuments(app(), listing.id, [{ data: pdf }], { user: setup.seller, type: 'manual' })).json();
    const orphan = `documents/${listing.id}/00000000-0000-4000-8000-000000000001.pdf`;
    await app().storage.put(orphan, pdf, 'application/pdf');
    const deps = { db: app().db, storage: app().storage, clock: app().clock, log: app().log };

    // Within the grace period nothing goes: an upload may be between storing its file and committing its row.
    expect((await sweepOrphanDocuments(deps)).removed).toEqual([]);
    const swept = await sweepOrphanDocuments(deps, { graceMs: -60_000 });
    expect(swept.removed).toEqual([orphan]);
    expect(await app().storage.get(orphan)).toBeUndefined();
    expect((await download(kept.url)).statusCode).toBe(200);
  });
});
