import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A backup's table of contents (issue 17): what it holds and the SHA-256 of every file in it,
 * so a restore can prove the backup is whole before it touches anything. `manifest.json`
 * itself is checked against `manifest.sha256` beside it.
 */

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_CHECKSUM_FILE = 'manifest.sha256';
export const BACKUP_FORMAT = 'benchmarket-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface TableEntry {
  name: string;
  /** The columns written (generated columns are left out: the database computes them again). */
  columns: string[];
  rows: number;
  /** Relative to the backup directory. */
  file: string;
}

export interface S3ObjectEntry {
  key: string;
  size: number;
  etag: string | undefined;
  lastModified: string | undefined;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  database: {
    engine: 'postgres' | 'pglite';
    serverVersion: string;
    /** The last migration applied, as drizzle records it (hash) and as the journal names it (tag). */
    lastMigration: { tag: string | undefined; hash: string; createdAt: number };
    /** In an order that satisfies every foreign key (parents first). */
    tables: TableEntry[];
    sequences: { name: string; lastValue: string; isCalled: boolean }[];
  };
  files: (
    | { storage: 'local'; count: number; bytes: number; dir: string }
    | { storage: 's3'; bucket: string; count: number; bytes: number; listFile: string }
  ) & {
    /** Keys the database names that the file store did not have when copied or listed (deleted during the backup). */
    missing: string[];
  };
  /** Relative path (with /) → SHA-256 hex, for every file of the backup but the manifest. */
  checksums: Record<string, string>;
}

/** Why a backup cannot be used, said in one line for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A manifest path as a file under `dir`, refusing one that would leave it. */
export function fileOf(dir: string, relative: string): string {
  const normalised = path.posix.normalize(relative);
  if (normalised.startsWith('..') || path.posix.isAbsolute(normalised) || normalised.includes('\0')) {
    throw new BackupError(`The backup's manifest names a file outside the backup (${relative}): refusing it.`);
  }
  return path.join(dir, ...normalised.split('/'));
}

/**
 * Reads the manifest and checks every checksum (the manifest's own first). Throws a
 * BackupError naming the first file that is missing or differs: nothing may be restored from
 * a backup that is not exactly what was written.
 */
export async function readVerifiedManifest(dir: string, onProgress: (line: string) => void = () => undefined): Promise<Manifest> {
  let text: string;
  let expected: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${dir} is not a BenchMarket backup: it has no ${MANIFEST_FILE}.`);
  }
  try {
    expected = (await readFile(path.join(dir, MANIFEST_CHECKSUM_FILE), 'utf8')).trim().split(/\s+/)[0] ?? '';
  } catch {
    throw new BackupError(`The backup in ${dir} is incomplete: ${MANIFEST_CHECKSUM_FILE} is missing. Nothing was restored.`);
  }
  if (sha256(text) !== expected) {
    throw new BackupError(`The backup in ${dir} is damaged: ${MANIFEST_FILE} does not match its checksum. Nothing was restored.`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`The backup in ${dir} is damaged: ${MANIFEST_FILE} is not valid JSON. Nothing was restored.`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${dir} holds a backup format this version cannot read (${manifest.format} ${manifest.formatVersion}).`);
  }
  const entries = Object.entries(manifest.checksums);
  onProgress(`Checking ${entries.length} files against their checksums…`);
  for (const [relative, checksum] of entries) {
    let actual: string;
    try {
      actual = await sha256File(fileOf(dir, relative));
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`The backup in ${dir} is incomplete: ${relative} is missing. Nothing was restored.`);
    }
    if (actual !== checksum) {
      throw new BackupError(`The backup in ${dir} is damaged: ${relative} does not match its checksum. Nothing was restored.`);
    }
  }
  for (const table of manifest.database.tables) {
    if (!(table.file in manifest.checksums)) throw new BackupError(`The backup in ${dir} is incomplete: ${table.file} has no checksum.`);
  }
  return manifest;
}
