import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { BackupError, createBackup, restoreBackup, type Manifest } from '../src/ops/backup/index.js';
import { sha256 } from '../src/ops/backup/manifest.js';
import { seedDemoData } from '../src/seed/seed.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, setupTestApp, testEnv, type TestContext } from './helpers.js';
import { startS3StandIn } from './support/s3-stand-in.js';
import { call, createListing, createUser } from './support/messages-fixtures.js';

/**
 * Issue 17: a backup of the demo catalog (with a conversation and payments) restored into a
 * fresh database and a fresh data directory holds the same rows and the same file bytes; a
 * damaged backup and a non-empty target are refused. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

const SLOW = 240_000;
const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The tables compared row by row (each as PostgreSQL's own JSON text, in key order). */
const COMPARED = {
  users: 'id',
  listings: 'id',
  listing_photos: 'id',
  listing_documents: 'id',
  payments: 'id',
  conversations: 'id',
  conversation_messages: 'id',
  messages: 'id',
} as const;

async function rowsOf(database: Database, table: keyof typeof COMPARED): Promise<string[]> {
  const { rows } = await database.pool.query<{ row: string }>(
    `select row_to_json(t)::text as row from ${table} t order by ${COMPARED[table]}`,
  );
  return rows.map((row) => row.row);
}

/** Every storage key the database names (photos, thumbnails, documents, seller logos). */
async function storedKeys(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ key: string }>(
    `select path as key from listing_photos union select thumbnail_path from listing_photos
     union select path from listing_documents union select logo_path from seller_profiles where logo_path is not null
     order by key`,
  );
  return rows.map((row) => row.key);
}

function checksumOf(dataDir: string, key: string): string {
  return sha256(readFileSync(path.join(dataDir, 'uploads', ...key.split('/'))));
}

const dirs: string[] = [];
function freshDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('npm run backup and npm run restore (issue 17)', () => {
  let source: TestContext;
  let backup: string;
  let manifest: Manifest;
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let targetDir: string;
  const progress: string[] = [];

  beforeAll(async () => {
    source = await setupTestApp();
    const seeded = await seedDemoData(source.app, { concurrency: 2 });
    expect(seeded.seeded).toBe(true);
    // A conversation with a message, beside the seed's payments.
    const seller = await createUser(source.app);
    const buyer = await createUser(source.app);
    const listing = await createListing(source.app, seller.id);
    const sent = await call(source.app, 'POST', '/messages', {
      token: buyer.token,
      payload: { listing_id: listing.id, sender_name: 'Dr. Ada Byron', sender_email: buyer.email, message: 'Is the rotor included?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    backup = path.join(freshDir('bm-backup-test-'), 'backup');
    manifest = (
      await createBackup({ database: source.database, config: source.config, target: backup, onProgress: (line) => progress.push(line) })
    ).manifest;
    target = await createTestDatabase();
    targetDir = freshDir('bm-restore-test-');
  }, SLOW);
  afterAll(async () => {
    await target?.dropped();
    await source?.close();
  });

  it('writes a manifest with the time, version, last migration, row counts and a SHA-256 of every file', async () => {
    expect(manifest.database.lastMigration.tag).toMatch(/^\d{4}_/);
    expect(manifest.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(manifest.createdAt)).not.toBeNaN();
    const counts = Object.fromEntries(manifest.database.tables.map((table) => [table.name, table.rows]));
    const listingCount = (await source.database.pool.query<{ n: number }>('select count(*)::int as n from listings')).rows[0]!.n;
    expect(counts.listings).toBe(listingCount);
    expect(counts.payments).toBeGreaterThan(0);
    expect(counts.conversation_messages).toBeGreaterThan(0);
    const keys = await storedKeys(source.database);
    expect(manifest.files).toMatchObject({ storage: 'local', count: keys.length, missing: [] });
    for (const key of keys) expect(manifest.checksums[`files/uploads/${key}`]).toBe(checksumOf(source.dataDir, key));
    expect(manifest.checksums['database/listings.jsonl']).toMatch(/^[0-9a-f]{64}$/);
    expect(progress.join('\n')).toMatch(/Database: \d+ tables, \d+ rows/);
  });

  it('restores into a fresh database and data directory: the same listings, photos, payments and messages', async () => {
    const summary = await restoreBackup({ database: target, config: { dataDir: targetDir, s3: undefined }, source: backup });
    expect(summary.rows).toBe(manifest.database.tables.reduce((sum, table) => sum + table.rows, 0));
    for (const table of Object.keys(COMPARED) as (keyof typeof COMPARED)[]) {
      expect(await rowsOf(target, table), table).toEqual(await rowsOf(source.database, table));
    }
    const keys = await storedKeys(target);
    expect(keys.length).toBeGreaterThan(200);
    for (const key of keys) expect(checksumOf(targetDir, key), key).toBe(checksumOf(source.dataDir, key));
    // What the database computes itself came back too: search finds the same listings.
    const searched = (database: Database) =>
      database.pool.query<{ id: string }>(
        `select id from listings where search_vector @@ plainto_tsquery('english', 'centrifuge') order by id`,
      );
    const found = (await searched(target)).rows;
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual((await searched(source.database)).rows);
  });

  it('refuses a target that holds data without --force, and replaces it with --force', async () => {
    const restore = (force: boolean) =>
      restoreBackup({ database: target, config: { dataDir: targetDir, s3: undefined }, source: backup, force });
    await expect(restore(false)).rejects.toThrow(/already holds accounts or listings.*--force/);
    await target.pool.query(
      `update listings set title = 'Changed after the backup' where id = (select id from listings order by id limit 1)`,
    );
    await restore(true);
    expect(await rowsOf(target, 'listings')).toEqual(await rowsOf(source.database, 'listings'));
  });

  it('refuses a damaged backup, naming the file, before touching the database', async () => {
    const damaged = path.join(freshDir('bm-backup-damaged-'), 'backup');
    cpSync(backup, damaged, { recursive: true });
    const photoDir = path.join(damaged, 'files', 'uploads', 'listings');
    const listingDir = readdirSync(photoDir)[0]!;
    const photo = readdirSync(path.join(photoDir, listingDir))[0]!;
    const file = path.join(photoDir, listingDir, photo);
    const bytes = readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    writeFileSync(file, bytes);
    const before = await rowsOf(target, 'listings');
    const attempt = restoreBackup({
      database: target,
      config: { dataDir: freshDir('bm-restore-damaged-'), s3: undefined },
      source: damaged,
      force: true,
    });
    await expect(attempt).rejects.toThrow(BackupError);
    await expect(attempt).rejects.toThrow(
      `damaged: files/uploads/listings/${listingDir}/${photo} does not match its checksum. Nothing was restored.`,
    );
    expect(await rowsOf(target, 'listings')).toEqual(before);
  });

  it('with S3, lists the bucket (sizes, ETags) and on restore names the objects the bucket lost', async () => {
    const s3 = await startS3StandIn();
    try {
      const bucket = 'bm-photos';
      for (const [key, body] of [
        ['listings/a/1.webp', 'first photo'],
        ['listings/b/2.webp', 'second photo, longer'],
      ] as const) {
        s3.objects.set(`${bucket}/${key}`, {
          body: Buffer.from(body),
          contentType: 'image/webp',
          cacheControl: undefined,
          lastModified: new Date(),
        });
      }
      const dataDir = freshDir('bm-backup-s3-');
      const config = loadConfig(
        testEnv(dataDir, {
          S3_BUCKET: bucket,
          S3_ENDPOINT: s3.url,
          S3_ACCESS_KEY_ID: 'test-access-key',
          S3_SECRET_ACCESS_KEY: 'test-secret-key',
        }),
      );
      const dir = path.join(dataDir, 'backup');
      const { manifest: withS3 } = await createBackup({ database: source.database, config, target: dir });
      expect(withS3.files).toMatchObject({ storage: 's3', bucket, count: 2, bytes: 'first photo'.length + 'second photo, longer'.length });
      const listed = JSON.parse(readFileSync(path.join(dir, 'files', 's3-objects.json'), 'utf8')) as {
        key: string;
        size: number;
        etag: string;
      }[];
      expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
        { key: 'listings/a/1.webp', size: 11 },
        { key: 'listings/b/2.webp', size: 20 },
      ]);
      expect(listed[0]?.etag).toBeTruthy();
      // The demo's photos are not in this bucket: the backup says which files its rows name and the bucket lacks.
      expect(withS3.files.missing).toEqual(await storedKeys(source.database));
      expect(withS3.checksums['files/s3-objects.json']).toMatch(/^[0-9a-f]{64}$/);

      s3.objects.delete(`${bucket}/listings/b/2.webp`);
      const summary = await restoreBackup({ database: target, config, source: dir, force: true });
      expect(summary.missingObjects).toEqual(['listings/b/2.webp']);
      expect(await rowsOf(target, 'payments')).toEqual(await rowsOf(source.database, 'payments'));
    } finally {
      await s3.close();
    }
  });

  it('the command refuses a directory that is no backup in one line, with exit code 1', () => {
    const dataDir = freshDir('bm-restore-cli-');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/restore.ts', path.join(dataDir, 'nothing-here')], {
      cwd: API_ROOT,
      env: { ...process.env, ...testEnv(dataDir), DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`${path.join(dataDir, 'nothing-here')} is not a BenchMarket backup: it has no manifest.json.`);
  }, 120_000);
});
