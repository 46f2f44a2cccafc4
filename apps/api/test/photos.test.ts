import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { activate, call, createListing } from './support/listings.js';
import {
  BLUE,
  colourName,
  exifIfd0Tags,
  GPS_IFD_POINTER,
  GREEN,
  jpeg,
  jpegWithGps,
  png,
  pngBomb,
  RED,
  uploadPhotos,
  type UploadFile,
} from './support/photos.js';
import { useSellerApp } from './support/users.js';
import { expectDetail } from './support/responses.js';

const NO_PERMISSION = 'You do not have permission to edit this listing';
const MB = 1024 * 1024;

const setup = useSellerApp();
const app = () => setup.ctx.app;
/** An upload by the listing's owner, as the dashboard sends it. */
const sellerUploads = (listingId: string, files: readonly UploadFile[]) => uploadPhotos(app(), listingId, files, setup.seller);
const redJpeg = await jpeg(RED);

/** The bytes behind a photo URL, fetched as a browser would. */
async function fetchPhoto(url: string) {
  return app().inject({ method: 'GET', url });
}

function uploadedFiles(listingId: string): string[] {
  const dir = path.join(setup.ctx.dataDir, 'uploads', 'listings', listingId);
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function photosOf(listingId: string): Promise<string[]> {
  const response = await call(app(), 'GET', `/listings/${listingId}`, { user: setup.seller });
  return response.json().photos;
}

describe('POST /api/v1/listings/:id/photos', () => {
  it('stores each photo as WebP with a thumbnail, served from /uploads (privately to the owner of an unpaid listing)', async () => {
    const listing = await createListing(app(), setup.seller);
    const response = await sellerUploads(listing.id, [
      { data: redJpeg },
      { data: await png(GREEN), filename: 'b.png', contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.id).toBe(listing.id);
    expect(body.photos).toHaveLength(2);
    expect(body.thumbnails).toHaveLength(2);
    for (const url of [...body.photos, ...body.thumbnails]) {
      // Not paid yet: only the owner sees the listing, and gets signed URLs.
      expect(url).toMatch(new RegExp(`^/uploads/listings/${listing.id}/[0-9a-f-]{36}(-thumb)?\\.webp\\?access=\\d+\\.[\\w-]+$`));
    }
    expect(body.thumbnails[0].split('?')[0]).toBe(body.photos[0].split('?')[0].replace(/\.webp$/, '-thumb.webp'));

    const served = await fetchPhoto(body.photos[0]);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect(await colourName(served.rawPayload)).toBe('red');
    expect(await colourName((await fetchPhoto(body.photos[1])).rawPayload)).toBe('green');
  });

  it('accepts WebP, GIF and AVIF too, whatever name and type the browser gave them', async () => {
    const listing = await createListing(app(), setup.seller);
    const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: BLUE } });
    const files = [
      { data: await base().webp().toBuffer(), filename: 'a.webp', contentType: 'image/webp' },
      { data: await base().gif().toBuffer(), filename: 'b.gif', contentType: 'image/gif' },
      { data: await base().avif().toBuffer(), filename: 'c.bin', contentType: 'application/octet-stream' },
    ];
    const response = await sellerUploads(listing.id, files);
    expect(response.statusCode).toBe(201);
    expect(response.json().photos).toHaveLength(3);
  });

  it('removes EXIF and GPS from a stored photo, after turning it upright', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(exifIfd0Tags(before.exif!)).toContain(GPS_IFD_POINTER); // the fixture really carries a GPS position

    const listing = await createListing(app(), setup.seller);
    const response = await sellerUploads(listing.id, [{ data: original, filename: 'IMG_0001.JPG' }]);
    expect(response.statusCode).toBe(201);
    const { photos, thumbnails } = response.json();
    for (const url of [photos[0], thumbnails[0]]) {
      const stored = (await fetchPhoto(url)).rawPayload;
      const after = await sharp(stored).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('BenchCam'))).toBe(false);
      expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    }
    // Stored sideways as 300 × 200 with "rotate 90°": upright it is 200 × 300.
    const upright = await sharp((await fetchPhoto(photos[0])).rawPayload).metadata();
    expect([upright.width, upright.height]).toEqual([200, 300]);
  });

  it('resizes a large photo to fit 1600 px and its thumbnail to fit 400 px', async () => {
    const listing = await createListing(app(), setup.seller);
    const wide = await jpeg(BLUE, 3200, 1200);
    const response = await sellerUploads(listing.id, [{ data: wide }]);
    expect(response.statusCode).toBe(201);
    const photo = await sharp((await fetchPhoto(response.json().photos[0])).rawPayload).metadata();
    const thumbnail = await sharp((await fetchPhoto(response.json().thumbnails[0])).rawPayload).metadata();
    expect([photo.width, photo.height]).toEqual([1600, 600]);
    expect([thumbnail.width, thumbnail.height]).toEqual([400, 150]);
  });

  it('allows 5 photos in total across several uploads, and refuses more with the spec text', async () => {
    const listing = await createListing(app(), setup.seller);
    const three = [{ data: redJpeg }, { data: redJpeg }, { data: redJpeg }];
    expect((await sellerUploads(listing.id, three)).statusCode).toBe(201);

    const tooMany = await sellerUploads(listing.id, three);
    expectDetail(tooMany, 400, 'You can only have up to 5 photos (currently have 3)');
    expect(await photosOf(listing.id)).toHaveLength(3);

    const two = await sellerUploads(listing.id, [{ data: redJpeg }, { data: redJpeg }]);
    expect(two.statusCode).toBe(201);
    expect(two.json().photos).toHaveLength(5);

    const sixth = await sellerUploads(listing.id, [{ data: redJpeg }]);
    expectDetail(sixth, 400, 'You can only have up to 5 photos (currently have 5)');
    expect(uploadedFiles(listing.id)).toHaveLength(10); // 5 photos + 5 thumbnails, nothing else
  });

  it('refuses six photos in one upload', async () => {
    const listing = await createListing(app(), setup.seller);
    const six = Array.from({ length: 6 }, () => ({ data: redJpeg }));
    const response = await sellerUploads(listing.id, six);
    expectDetail(response, 400, 'You can only have up to 5 photos (currently have 0)');
    expect(await photosOf(listing.id)).toHaveLength(0);
  });

  it('refuses a text file renamed .jpg and declared as a JPEG', async () => {
    const listing = await createListing(app(), setup.seller);
    const fake = Buffer.from('Not a photo at all, just some text pretending to be one.\n'.repeat(20));
    const response = await sellerUploads(listing.id, [{ data: fake, filename: 'centrifuge.jpg', contentType: 'image/jpeg' }]);
    expectDetail(response, 415, 'Please drop image files only');
    expect(uploadedFiles(listing.id)).toHaveLength(0);
  });

  it('refuses other files that are not images whatever their name (a PDF named .png, an SVG)', async () => {
    const listing = await createListing(app(), setup.seller);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const file of [
      { data: pdf, filename: 'photo.png', contentType: 'image/png' },
      { data: svg, filename: 'photo.svg', contentType: 'image/svg+xml' },
    ]) {
      const response = await sellerUploads(listing.id, [file]);
      expect(response.statusCode, file.filename).toBe(415);
      expect(response.json().detail).toBe('Please drop image files only');
    }
  });

  it('stores nothing when one file of an upload is refused', async () => {
    const listing = await createListing(app(), setup.seller);
    const response = await sellerUploads(listing.id, [{ data: redJpeg }, { data: Buffer.from('plain text'), filename: 'b.jpg' }]);
    expect(response.statusCode).toBe(415);
    expect(await photosOf(listing.id)).toHaveLength(0);
    expect(uploadedFiles(listing.id)).toHaveLength(0);
  });

  it('refuses a file over 10 MB with 413 and a detail naming the limit', async () => {
    const listing = await createListing(app(), setup.seller);
    const big = Buffer.concat([redJpeg, Buffer.alloc(10 * MB)]);
    const response = await sellerUploads(listing.id, [{ data: big }]);
    expectDetail(response, 413, 'Each photo must be at most 10 MB');
    expect(await photosOf(listing.id)).toHaveLength(0);
  });

  it('accepts a photo larger than the 1 MB JSON body limit', async () => {
    const listing = await createListing(app(), setup.seller);
    // Noise does not compress: a 1400 × 1400 noisy PNG is several megabytes.
    const noise = await sharp(randomBytes(1400 * 1400 * 3), {
      raw: { width: 1400, height: 1400, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * MB);
    const response = await sellerUploads(listing.id, [{ data: noise, filename: 'noise.png', contentType: 'image/png' }]);
    expect(response.statusCode).toBe(201);
  });

  it('refuses a decompression bomb (a tiny PNG declaring 100 000 × 100 000 pixels) with 413', async () => {
    const listing = await createListing(app(), setup.seller);
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2048);
    const started = Date.now();
    const response = await sellerUploads(listing.id, [{ data: bomb, filename: 'bomb.png', contentType: 'image/png' }]);
    expectDetail(response, 413, 'Each photo can have at most 40 megapixels (this one is 100000 × 100000 pixels)');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses an image just over the 40 megapixel limit, far below the library default', async () => {
    const listing = await createListing(app(), setup.seller);
    const response = await sellerUploads(listing.id, [{ data: pngBomb(8000, 5001), filename: 'big.png' }]);
    expect(response.statusCode).toBe(413);
  });

  it('lets only the owner add photos', async () => {
    const listing = await createListing(app(), setup.seller);
    const byOther = await uploadPhotos(app(), listing.id, [{ data: redJpeg }], setup.other);
    expectDetail(byOther, 403, NO_PERMISSION);
    expect((await uploadPhotos(app(), listing.id, [{ data: redJpeg }])).statusCode).toBe(401);
    const unknown = await sellerUploads('6f1c8a52-3a55-4f0e-9a43-0c6f1f0f4b11', [{ data: redJpeg }]);
    expectDetail(unknown, 404, 'Listing not found');
    expect(uploadedFiles(listing.id)).toHaveLength(0);
  });

  it('answers 400 for an upload with no file, and 415 for a body that is not multipart', async () => {
    const listing = await createListing(app(), setup.seller);
    const empty = await sellerUploads(listing.id, []);
    expect(empty.statusCode).toBe(400);
    const json = await call(app(), 'POST', `/listings/${listing.id}/photos`, { user: setup.seller, payload: { files: ['a.jpg'] } });
    expect(json.statusCode).toBe(415);
  });
});

describe('DELETE /api/v1/listings/:id/photos/:index', () => {
  it('removes the photo at the index, its files, and keeps the others in order', async () => {
    const listing = await createListing(app(), setup.seller);
    const upload = await sellerUploads(listing.id, [{ data: await jpeg(RED) }, { data: await jpeg(GREEN) }, { data: await jpeg(BLUE) }]);
    const [red, green, blue] = upload.json().photos as string[];
    const greenThumb = upload.json().thumbnails[1] as string;
    // Seen once before it is removed (so a copy kept in memory must not outlive the file).
    expect((await fetchPhoto(green!)).statusCode).toBe(200);

    const response = await call(app(), 'DELETE', `/listings/${listing.id}/photos/1`, { user: setup.seller });
    expect(response.statusCode).toBe(200);
    expect(response.json().photos).toEqual([red, blue]);
    expect(response.json().thumbnails).toHaveLength(2);
    expect((await fetchPhoto(green!)).statusCode).toBe(404);
    expect((await fetchPhoto(greenThumb)).statusCode).toBe(404);
    expect(uploadedFiles(listing.id)).toHaveLength(4);

    // Positions were renumbered: index 1 is now the blue one.
    const again = await call(app(), 'DELETE', `/listings/${listing.id}/photos/1`, { user: setup.seller });
    expect(again.json().photos).toEqual([red]);
    // A new upload goes after the remaining photo.
    const added = await sellerUploads(listing.id, [{ data: await jpeg(GREEN) }]);
    const photos = added.json().photos as string[];
    expect(photos[0]).toBe(red);
    expect(await colourName((await fetchPhoto(photos[1]!)).rawPayload)).toBe('green');
  });

  it('answers 404 for an index with no photo', async () => {
    const listing = await createListing(app(), setup.seller);
    await sellerUploads(listing.id, [{ data: redJpeg }]);
    const response = await call(app(), 'DELETE', `/listings/${listing.id}/photos/1`, { user: setup.seller });
    expectDetail(response, 404, 'Photo not found');
    expect((await call(app(), 'DELETE', `/listings/${listing.id}/photos/-1`, { user: setup.seller })).statusCode).toBe(400);
  });

  it('lets only the owner remove photos', async () => {
    const listing = await createListing(app(), setup.seller);
    await sellerUploads(listing.id, [{ data: redJpeg }]);
    const response = await call(app(), 'DELETE', `/listings/${listing.id}/photos/0`, { user: setup.other });
    expectDetail(response, 403, NO_PERMISSION);
    expect((await call(app(), 'DELETE', `/listings/${listing.id}/photos/0`)).statusCode).toBe(401);
    expect(await photosOf(listing.id)).toHaveLength(1);
  });

  it('does not change the photos of a removed listing', async () => {
    const listing = await createListing(app(), setup.seller);
    await sellerUploads(listing.id, [{ data: redJpeg }]);
    await call(app(), 'DELETE', `/listings/${listing.id}`, { user: setup.seller });
    expect((await call(app(), 'DELETE', `/listings/${listing.id}/photos/0`, { user: setup.seller })).statusCode).toBe(409);
    expect((await sellerUploads(listing.id, [{ data: redJpeg }])).statusCode).toBe(409);
    expect((await call(app(), 'DELETE', `/listings/${listing.id}/photos/0`, { user: setup.other })).statusCode).toBe(404);
  });
});

describe('photos in listing responses', () => {
  it('lists photos in upload order in the detail, the owner’s list and latest', async () => {
    const listing = await createListing(app(), setup.seller);
    const first = await sellerUploads(listing.id, [{ data: await jpeg(BLUE) }, { data: await jpeg(RED) }]);
    const second = await sellerUploads(listing.id, [{ data: await jpeg(GREEN) }]);
    const expected = second.json().photos as string[];
    expect(expected.slice(0, 2)).toEqual(first.json().photos);
    const colours = await Promise.all(expected.map(async (url) => colourName((await fetchPhoto(url)).rawPayload)));
    expect(colours).toEqual(['blue', 'red', 'green']);
    const mine = await call(app(), 'GET', '/listings/user?show_all=true', { user: setup.seller });
    const listed = (mine.json() as { id: string; photos: string[] }[]).find((item) => item.id === listing.id);
    expect(listed?.photos).toEqual(expected);
  });
});

describe('who can load a photo file (issue 12)', () => {
  it('serves the photos of a public listing to anyone, and answers 404 to all but the owner once it is removed', async () => {
    const listing = await createListing(app(), setup.seller);
    await sellerUploads(listing.id, [{ data: redJpeg }]);
    await activate(app(), listing.id);

    const [publicUrl] = (await call(app(), 'GET', `/listings/${listing.id}`)).json().photos as string[];
    expect(publicUrl).not.toContain('?');
    const served = await fetchPhoto(publicUrl!);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=600');

    expect((await call(app(), 'DELETE', `/listings/${listing.id}`, { user: setup.seller })).statusCode).toBe(200);
    const gone = await fetchPhoto(publicUrl!);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ detail: 'Photo not found' });
    expect((await fetchPhoto(publicUrl!.replace(/\.webp$/, '-thumb.webp'))).statusCode).toBe(404);

    // The owner still sees the removed listing on the dashboard, photos included.
    const [ownerUrl] = (await call(app(), 'GET', `/listings/${listing.id}`, { user: setup.seller })).json().photos as string[];
    expect(ownerUrl).toMatch(/\?access=/);
    const forOwner = await fetchPhoto(ownerUrl!);
    expect(forOwner.statusCode).toBe(200);
    expect(forOwner.headers['cache-control']).toMatch(/^private, /);
  });

  it("serves only the files its listing holds: another file in the listing's folder answers 404", async () => {
    const listing = await createListing(app(), setup.seller);
    await sellerUploads(listing.id, [{ data: redJpeg }]);
    await activate(app(), listing.id);
    const [publicUrl] = (await call(app(), 'GET', `/listings/${listing.id}`)).json().photos as string[];
    expect((await fetchPhoto(publicUrl!)).statusCode).toBe(200);

    // A file no photo of the listing names (left behind, or put there by hand) is not the listing's.
    const [stored] = uploadedFiles(listing.id).filter((name) => !name.endsWith('-thumb.webp'));
    const folder = path.join(setup.ctx.dataDir, 'uploads', 'listings', listing.id);
    copyFileSync(path.join(folder, stored!), path.join(folder, '00000000-0000-4000-8000-000000000000.webp'));
    const stray = await fetchPhoto(publicUrl!.replace(/[^/]+\.webp$/, '00000000-0000-4000-8000-000000000000.webp'));
    expect(stray.statusCode).toBe(404);
    expect(stray.json()).toMatchObject({ detail: 'Photo not found' });
  });

  it('answers 304 with no body to a browser that already has the photo, by its tag or by its date', async () => {
    const listing = await createListing(app(), setup.seller);
    await sellerUploads(listing.id, [{ data: redJpeg }]);
    await activate(app(), listing.id);
    const [url] = (await call(app(), 'GET', `/listings/${listing.id}`)).json().photos as string[];

    const first = await fetchPhoto(url!);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await colourName(first.rawPayload)).toBe('red');
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^W\/"/);

    for (const headers of [{ 'if-none-match': etag }, { 'if-modified-since': lastModified }]) {
      const again = await app().inject({ method: 'GET', url: url!, headers });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers['cache-control']).toBe('public, max-age=600');
    }
    const otherCopy = await app().inject({ method: 'GET', url: url!, headers: { 'if-none-match': 'W/"1-1"' } });
    expect(otherCopy.statusCode).toBe(200);
    expect(otherCopy.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers 404 for the photos of an unpaid listing without a valid signature', async () => {
    const listing = await createListing(app(), setup.seller);
    const uploaded = (await sellerUploads(listing.id, [{ data: redJpeg }])).json();
    const [signed] = uploaded.photos as string[];
    const [signedThumb] = uploaded.thumbnails as string[];
    const [bare, access] = signed!.split('?');
    expect((await fetchPhoto(signed!)).statusCode).toBe(200);
    expect((await fetchPhoto(bare!)).statusCode).toBe(404);
    expect((await call(app(), 'GET', `/listings/${listing.id}`, { user: setup.other })).statusCode).toBe(404);
    // A signature is for one file only, and cannot be altered.
    expect((await fetchPhoto(`${signedThumb!.split('?')[0]}?${access}`)).statusCode).toBe(404);
    expect((await fetchPhoto(`${bare}?${access!.slice(0, -2)}xx`)).statusCode).toBe(404);
    const [expiry, mac] = access!.replace('access=', '').split('.');
    expect((await fetchPhoto(`${bare}?access=${Number(expiry) + 3600}.${mac}`)).statusCode).toBe(404);
    // Nothing else under /uploads is served.
    expect((await fetchPhoto('/uploads/listings/not-a-listing/x.webp')).statusCode).toBe(404);
    expect((await fetchPhoto('/uploads/..%2f..%2fjwt-secret')).statusCode).toBe(404);
  });
});
