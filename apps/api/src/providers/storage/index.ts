/** The photo storage port and its adapters: local files (default) and S3 (S3_BUCKET set). */
export type { ListingVisibility, PhotoStorage, StoredObject } from './port.js';
export { createLocalStorage, UPLOADS_PREFIX } from './local.js';
export { createS3Client, createS3Storage } from './s3.js';
export { defineOrphanSweep, type OrphanSweepDependencies, type OrphanSweepResult, type PeriodicWorker } from './orphan-sweep.js';
