import { beforeAll, describe, expect, it } from 'vitest';
import { call, createListing } from './support/listings.js';
import { jpeg, RED, uploadPhotos } from './support/photos.js';
import { S3_APP, useAppWithS3StandIn } from './support/s3-app.js';
import { createUser, type TestUser } from './support/users.js';

/** With S3_BUCKET set, photos go to an S3-compatible store and browsers load them from S3_PUBLIC_URL. */

const CDN = S3_APP.publicUrl;
let seller: TestUser;

const stand = useAppWithS3StandIn();
beforeAll(async () => {
  seller = await createUser(stand.ctx.app);
});

const keyOf = (url: string) => `bm-photos/${url.slice(CDN.length + 1)}`;

describe('photos in an S3-compatible store', () => {
  it('uploads each photo and its thumbnail as WebP, cached for a year, and links them from S3_PUBLIC_URL', async () => {
    const listing = await createListing(stand.ctx.app, seller);
    const response = await uploadPhotos(stand.ctx.app, listing.id, [{ data: await jpeg(RED) }], seller);
    expect(response.statusCode).toBe(201);
    const { photos, thumbnails } = response.json() as { photos: string[]; thumbnails: string[] };
    expect(photos).toHaveLength(1);
    for (const url of [...photos, ...thumbnails]) {
      expect(url.startsWith(`${CDN}/listings/${listing.id}/`)).toBe(true);
      const object = stand.server.objects.get(keyOf(url));
      expect(object?.contentType).toBe('image/webp');
      expect(object?.cacheControl).toBe('public, max-age=31536000, immutable');
      expect(object?.body.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    // Signed requests, as a real store needs; nothing is written or served locally.
    expect(stand.server.authorizations.every((header) => header?.startsWith('AWS4-HMAC-SHA256 Credential=test-access-key/'))).toBe(true);
    const localPath = `/uploads/${photos[0]!.slice(CDN.length + 1)}`;
    expect((await stand.ctx.app.inject({ method: 'GET', url: localPath })).statusCode).toBe(404);
  });

  it('deletes the objects when the seller removes the photo', async () => {
    const listing = await createListing(stand.ctx.app, seller);
    const uploaded = (await uploadPhotos(stand.ctx.app, listing.id, [{ data: await jpeg(RED) }], seller)).json() as {
      photos: string[];
      thumbnails: string[];
    };
    const keys = [...uploaded.photos, ...uploaded.thumbnails].map(keyOf);
    expect(keys.every((key) => stand.server.objects.has(key))).toBe(true);
    const removed = await call(stand.ctx.app, 'DELETE', `/listings/${listing.id}/photos/0`, { user: seller });
    expect(removed.statusCode).toBe(200);
    await expect.poll(() => keys.filter((key) => stand.server.objects.has(key))).toEqual([]);
  });
});
