import { startS3StandIn, type S3StandIn } from './s3-stand-in.js';
import { useAppWithStandIn, type StandInApp } from './stand-in-app.js';

/** The bucket and public URL the app is given against the S3 stand-in. */
export const S3_APP = {
  bucket: 'bm-photos',
  publicUrl: 'https://cdn.benchmarket.example/photos',
} as const;

/**
 * A test file's app with S3_BUCKET set, storing in a local S3 stand-in (photos and documents
 * alike): started before the file's tests, closed after them (see useAppWithStandIn).
 */
export function useAppWithS3StandIn(): StandInApp<S3StandIn> {
  return useAppWithStandIn(startS3StandIn, (s3) => ({
    S3_BUCKET: S3_APP.bucket,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: 'test-access-key',
    S3_SECRET_ACCESS_KEY: 'test-secret-key',
    S3_PUBLIC_URL: S3_APP.publicUrl,
  }));
}
