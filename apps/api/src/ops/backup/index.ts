import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../config.js';
import { runMigrations, type Database } from '../../db/database.js';
import { dumpDatabase, holdsData, lastMigration, loadDatabase } from './database-dump.js';
import { copyFiles, emptyFolder, filesUnder, listBucket } from './files.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST_CHECKSUM_FILE,
  MANIFEST_FILE,
  readVerifiedManifest,
  sha256,
  sha256File,
  type Manifest,
} from './manifest.js';

/**
 * Backups (issue 17): `createBackup` writes the database (one snapshot) and the uploaded
 * files with a manifest of checksums; `restoreBackup` checks every checksum, then rebuilds a
 * database and file store from it. The command-line tools (src/cli/backup.ts, restore.ts)
 * open the server's database and call these; the tests call them directly. Lives in
 * `src/ops/`, not `src/modules/`: it is no Fastify plugin, owns no table and reads and
 * writes every module's tables, which a module may not (docs/decisions/025).
 */

export { BackupError, readVerifiedManifest, type Manifest } from './manifest.js';

/** Where the local store keeps uploads (modules/storage/plugin.ts), and where a backup keeps them. */
const UPLOADS = 'uploads';
const BACKUP_UPLOADS = 'files/uploads';
const BACKUP_S3_LIST = 'files/s3-objects.json';

/**
 * Every storage key the rows name: photos and thumbnails, documents, seller logos (the
 * photos, documents and sellers modules' columns). Read in the dump's snapshot.
 */
const STORED_KEYS_SQL = `select path as key from public.listing_photos union select thumbnail_path from public.listing_photos
  union select path from public.listing_documents union select logo_path from public.seller_profiles where logo_path is not null`;

const API_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');

export type Progress = (line: string) => void;

export interface BackupOptions {
  database: Database;
  config: Pick<AppConfig, 'dataDir' | 's3'>;
  /** The directory to create; it must not exist or be empty. */
  target: string;
  onProgress?: Progress;
  now?: () => Date;
}

export interface BackupSummary {
  dir: string;
  manifest: Manifest;
  bytes: number;
}

async function appVersion(): Promise<string> {
  try {
    return (JSON.parse(await readFile(API_PACKAGE, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** `benchmarket-2026-11-25T04-40-00Z`: sorts by time, safe in every file system. */
export function backupName(at: Date): string {
  return `benchmarket-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}`;
}

export async function createBackup(options: BackupOptions): Promise<BackupSummary> {
  const onProgress = options.onProgress ?? (() => undefined);
  const createdAt = (options.now ?? (() => new Date()))();
  const target = path.resolve(options.target);
  if (!(await isEmptyOrAbsent(target))) throw new BackupError(`${target} exists and is not empty: choose a new directory for the backup.`);
  // Written beside its final name and renamed at the end: a backup cut short is never taken for a whole one.
  const draft = `${target}.partial`;
  await rm(draft, { recursive: true, force: true });
  await mkdir(path.join(draft, 'database'), { recursive: true });
  try {
    onProgress(`Backing up to ${target}`);
    const { database, storedKeys } = await dumpDatabase(options.database.pool, options.database.kind, draft, onProgress, STORED_KEYS_SQL);
    const missingOf = (present: Iterable<string>) => {
      const have = new Set(present);
      return storedKeys.filter((key) => !have.has(key)).sort();
    };

    let files: Manifest['files'];
    if (options.config.s3) {
      const objects = await listBucket(options.config.s3);
      await mkdir(path.join(draft, 'files'), { recursive: true });
      await writeFile(path.join(draft, ...BACKUP_S3_LIST.split('/')), `${JSON.stringify(objects, null, 1)}\n`);
      const bytes = objects.reduce((sum, object) => sum + object.size, 0);
      files = {
        storage: 's3',
        bucket: options.config.s3.bucket,
        count: objects.length,
        bytes,
        listFile: BACKUP_S3_LIST,
        missing: missingOf(objects.map((object) => object.key)),
      };
      onProgress(
        `Files: ${objects.length} objects listed in the bucket ${options.config.s3.bucket} (they stay there; keep its versioning on).`,
      );
    } else {
      // After the snapshot: a file uploaded meanwhile is extra (the orphan sweep removes it after a restore).
      const from = path.join(options.config.dataDir, UPLOADS);
      const relatives = await filesUnder(from);
      await copyFiles(from, path.join(draft, ...BACKUP_UPLOADS.split('/')), relatives, (done) =>
        onProgress(`  files: ${done} of ${relatives.length} copied`),
      );
      files = { storage: 'local', count: relatives.length, bytes: 0, dir: BACKUP_UPLOADS, missing: missingOf(relatives) };
      onProgress(`Files: ${relatives.length} uploaded files copied.`);
    }

    if (files.missing.length > 0) {
      onProgress(
        `Warning: ${files.missing.length} files the database names were not in the file store (first: ${files.missing[0]}); deleted during the backup, or lost before it.`,
      );
    }
    const checksums: Record<string, string> = {};
    let bytes = 0;
    for (const relative of await filesUnder(draft)) {
      const file = path.join(draft, ...relative.split('/'));
      checksums[relative] = await sha256File(file);
      const size = (await stat(file)).size;
      bytes += size;
      if (files.storage === 'local' && relative.startsWith(`${BACKUP_UPLOADS}/`)) files.bytes += size;
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      appVersion: await appVersion(),
      database,
      files,
      checksums,
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(path.join(draft, MANIFEST_FILE), text);
    await writeFile(path.join(draft, MANIFEST_CHECKSUM_FILE), `${sha256(text)}  ${MANIFEST_FILE}\n`);
    await rm(target, { recursive: true, force: true });
    await rename(draft, target);
    onProgress(`Checksums: ${Object.keys(checksums).length} files (SHA-256) in ${MANIFEST_FILE}.`);
    return { dir: target, manifest, bytes: bytes + Buffer.byteLength(text) };
  } catch (error) {
    await rm(draft, { recursive: true, force: true });
    throw error;
  }
}

export interface RestoreOptions {
  /** The database to rebuild (migrated here if it is not). */
  database: Database;
  config: Pick<AppConfig, 'dataDir' | 's3'>;
  source: string;
  /** Replace a database (and file store) that holds data already. */
  force?: boolean;
  /** The backup's manifest when the caller has verified it already (readVerifiedManifest): not checked twice. */
  verified?: Manifest;
  onProgress?: Progress;
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  files: number;
  /** S3: objects the backup lists that the bucket no longer has (restore them from its versions). */
  missingObjects: string[];
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const onProgress = options.onProgress ?? (() => undefined);
  const source = path.resolve(options.source);
  const manifest = options.verified ?? (await readVerifiedManifest(source, onProgress));
  onProgress(`Backup of ${manifest.createdAt} (app ${manifest.appVersion}, ${manifest.database.engine}): all checksums match.`);
  if (manifest.files.missing.length > 0) {
    onProgress(`Warning: this backup lacks ${manifest.files.missing.length} files its rows name (first: ${manifest.files.missing[0]}).`);
  }

  const { pool } = options.database;
  await runMigrations(options.database);
  const migrationHere = await (async () => {
    const client = await pool.connect();
    try {
      return await lastMigration(client);
    } finally {
      client.release();
    }
  })();
  const backupMigration = manifest.database.lastMigration;
  if (migrationHere?.hash !== backupMigration.hash) {
    throw new BackupError(
      `This backup was made at migration ${backupMigration.tag ?? backupMigration.hash} (app ${manifest.appVersion}); this code is at ${migrationHere?.tag ?? migrationHere?.hash ?? 'none'}. ` +
        'Restore it with the app version that made it, then upgrade.',
    );
  }
  if (!options.force && (await holdsData(pool))) {
    throw new BackupError(
      'The target database already holds accounts or listings: restore into a new, empty database, or pass --force to replace its data.',
    );
  }
  const uploads = path.join(options.config.dataDir, UPLOADS);
  let restoredFiles = 0;
  if (manifest.files.storage === 'local') {
    if (options.config.s3) {
      throw new BackupError(
        'This backup holds local files but S3_BUCKET is set: restore it with the local store (unset S3_*), then copy the files to the bucket.',
      );
    }
    if (!options.force && (await filesUnder(uploads)).length > 0) {
      throw new BackupError(`${uploads} already holds files: restore into a new DATA_DIR, or pass --force to replace them.`);
    }
  }

  onProgress('Database: loading rows…');
  await loadDatabase(pool, source, manifest.database, onProgress);
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  onProgress(`Database: ${rows} rows in ${manifest.database.tables.length} tables restored.`);

  let missingObjects: string[] = [];
  if (manifest.files.storage === 'local') {
    const prefix = `${manifest.files.dir}/`;
    const relatives = Object.keys(manifest.checksums)
      .filter((relative) => relative.startsWith(prefix))
      .map((relative) => relative.slice(prefix.length));
    await emptyFolder(uploads);
    await copyFiles(path.join(source, ...manifest.files.dir.split('/')), uploads, relatives, (done) =>
      onProgress(`  files: ${done} of ${relatives.length} copied`),
    );
    restoredFiles = relatives.length;
    onProgress(`Files: ${restoredFiles} uploaded files restored to ${uploads}.`);
  } else {
    const listed = JSON.parse(await readFile(path.join(source, ...manifest.files.listFile.split('/')), 'utf8')) as { key: string }[];
    if (!options.config.s3) {
      onProgress(`Files: the backup's ${listed.length} objects are in the bucket ${manifest.files.bucket}; set S3_* to use them.`);
    } else {
      const present = new Set((await listBucket(options.config.s3)).map((object) => object.key));
      missingObjects = listed.map((object) => object.key).filter((key) => !present.has(key));
      restoredFiles = listed.length - missingObjects.length;
      onProgress(`Files: ${restoredFiles} of ${listed.length} objects the backup lists are in the bucket ${options.config.s3.bucket}.`);
    }
  }
  return { manifest, rows, files: restoredFiles, missingObjects };
}
