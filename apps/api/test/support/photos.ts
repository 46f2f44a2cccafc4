import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { TestUser } from './users.js';

/** Image fixtures made on the fly with sharp, and multipart uploads as a browser sends them. */

export interface UploadFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body with each file in the repeated field 'files' (spec §3). */
export function multipartBody(files: readonly UploadFile[]): { payload: Buffer; contentType: string } {
  const boundary = `----BenchMarketTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  files.forEach((file, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\n` +
          `Content-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.filename ?? `photo-${i + 1}.jpg`}"\r\n` +
          `Content-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  });
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadPhotos(
  app: FastifyInstance,
  listingId: string,
  files: readonly UploadFile[],
  user?: TestUser,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody(files);
  return app.inject({
    method: 'POST',
    url: `/api/v1/listings/${listingId}/photos`,
    payload,
    headers: { ...(user?.headers ?? {}), 'content-type': contentType },
  });
}

type Rgb = { r: number; g: number; b: number };
export const RED: Rgb = { r: 220, g: 20, b: 20 };
export const GREEN: Rgb = { r: 20, g: 200, b: 20 };
export const BLUE: Rgb = { r: 20, g: 20, b: 220 };

/** A plain JPEG of one colour. */
export function jpeg(colour: Rgb = RED, width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function png(colour: Rgb = GREEN, width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * A phone photo: 300 × 200 pixels stored sideways (EXIF Orientation 6, "rotate 90° to
 * view"), with the camera's make and a GPS position in its EXIF.
 */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: RED } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'BenchCam', Model: 'Field Unit 7' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2646/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3972/100' },
    })
    .toBuffer();
}

/** The tags of IFD0 in an EXIF block (sharp's `metadata().exif`: 'Exif\0\0' then TIFF). */
export function exifIfd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const count = u16(ifd0);
  return Array.from({ length: count }, (_, i) => u16(ifd0 + 2 + i * 12));
}
/** EXIF tag of the pointer to the GPS IFD. */
export const GPS_IFD_POINTER = 0x8825;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A decompression bomb: a few hundred bytes of PNG whose header declares `width` × `height`
 * RGB pixels (100 000 × 100 000 = 30 GB decoded). Its pixel data is a short run of zeros.
 */
export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The colour of an image's centre pixel. */
async function centreColour(image: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

/** Which of the test colours an image mostly is. */
export async function colourName(image: Buffer): Promise<'red' | 'green' | 'blue'> {
  const { r, g, b } = await centreColour(image);
  if (r > g && r > b) return 'red';
  return g > b ? 'green' : 'blue';
}
