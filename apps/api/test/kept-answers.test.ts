import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers.js';
import { plainPdf, uploadDocuments } from './support/documents.js';
import { call, createActiveListing } from './support/listings.js';
import { createUser, type TestUser } from './support/users.js';

/**
 * Issue 19: a visitor's view of a listing and the latest listings are kept as sent while the
 * catalog version holds (docs/decisions/031). Whatever the answer shows must then move the
 * version: a change is in the very next answer, never a kept one.
 */
let ctx: TestContext;
let seller: TestUser;
let listingId: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  seller = await createUser(ctx.app);
  listingId = (await createActiveListing(ctx.app, seller, { title: 'Leica RM2235 rotary microtome', serial_number: 'RM-0042' }))
    .id as string;
});
afterAll(() => ctx.close());

const asVisitor = async () => (await call(ctx.app, 'GET', `/listings/${listingId}`)).json();
const latestOne = async () => (await call(ctx.app, 'GET', '/listings/latest?limit=1')).json()[0];

describe('answers kept for every caller', () => {
  it('show a document the moment it is added or removed', async () => {
    expect((await asVisitor()).documents).toEqual([]);
    const upload = await uploadDocuments(ctx.app, listingId, [{ data: await plainPdf(), filename: 'manual.pdf' }], {
      user: seller,
      type: 'manual',
    });
    expect(upload.statusCode).toBe(201);
    const [document] = upload.json();
    expect((await asVisitor()).documents).toEqual([document]);
    expect((await call(ctx.app, 'DELETE', `/listings/${listingId}/documents/${document.id}`, { user: seller })).statusCode).toBe(200);
    expect((await asVisitor()).documents).toEqual([]);
  });

  it("show the seller's new name at once, on the listing and in the latest listings", async () => {
    expect((await asVisitor()).id).toBe(listingId);
    expect((await latestOne()).id).toBe(listingId);
    const saved = await call(ctx.app, 'PUT', '/account/profile', {
      user: seller,
      payload: { display_name: 'Lyon Histology Supply', country: 'France' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await asVisitor()).seller_name).toBe('Lyon Histology Supply');
    expect((await latestOne()).seller_name).toBe('Lyon Histology Supply');
  });

  it("are never the owner's view: the owner still gets the serial number, a visitor never", async () => {
    expect(await asVisitor()).not.toHaveProperty('serial_number');
    const owned = await call(ctx.app, 'GET', `/listings/${listingId}`, { user: seller });
    expect(owned.json().serial_number).toBe('RM-0042');
    expect(await asVisitor()).not.toHaveProperty('serial_number');
  });
});
