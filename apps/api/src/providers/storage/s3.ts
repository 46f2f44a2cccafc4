import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, paginateListObjectsV2, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../config.js';
import { safeKey } from './local.js';
import type { PhotoStorage } from './port.js';

type S3Settings = NonNullable<AppConfig['s3']>;

/** The client of the configured bucket, for the storage adapter and the backups (ops/backup). */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // default (CRC32 trailers) on plain uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Photos in an S3-compatible object store (ARCHITECTURE: the photo storage port), served to
 * browsers from S3_PUBLIC_URL — the bucket itself or a CDN in front of it. Keys are
 * content-unique and never overwritten, so every object is cached for a year.
 */
export function createS3Storage(settings: S3Settings): PhotoStorage {
  const client = createS3Client(settings);
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: safeKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success: removing twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: safeKey(key) }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: safeKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    url: (key) => `${settings.publicUrl}/${safeKey(key)}`,
    async *list(prefix, startAfter) {
      const input = { Bucket: settings.bucket, Prefix: safeKey(prefix), StartAfter: startAfter };
      for await (const page of paginateListObjectsV2({ client }, input)) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
        }
      }
    },
  };
}
