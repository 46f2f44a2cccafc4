import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { createS3Client } from '../../providers/storage/index.js';
import type { AppConfig } from '../../config.js';
import type { S3ObjectEntry } from './manifest.js';

/**
 * The uploaded files (photos, seller logos, documents): the local store's files are copied
 * into the backup; an S3 bucket's objects stay where they are (the bucket, versioned, keeps
 * them) and the backup records their list with sizes and ETags, to check a restore against.
 */

export type S3Settings = NonNullable<AppConfig['s3']>;

/** Every file under `root`, as paths relative to it with '/', in name order. */
export async function filesUnder(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Copies each of `relatives` from `from` to `to`, keeping the folders. */
export async function copyFiles(from: string, to: string, relatives: readonly string[], onProgress: (done: number) => void): Promise<void> {
  let done = 0;
  const folders = new Set<string>();
  for (const relative of relatives) {
    const target = path.join(to, ...relative.split('/'));
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    await copyFile(path.join(from, ...relative.split('/')), target);
    done += 1;
    if (done % 200 === 0) onProgress(done);
  }
}

/** Empties a folder (the restore's --force on a file store that has files). */
export async function emptyFolder(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
}

/** Every object of the bucket, in key order. */
export async function listBucket(settings: S3Settings): Promise<S3ObjectEntry[]> {
  const client = createS3Client(settings);
  const objects: S3ObjectEntry[] = [];
  try {
    for await (const page of paginateListObjectsV2({ client }, { Bucket: settings.bucket })) {
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        objects.push({
          key: object.Key,
          size: object.Size ?? 0,
          etag: object.ETag,
          lastModified: object.LastModified?.toISOString(),
        });
      }
    }
  } finally {
    client.destroy();
  }
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
