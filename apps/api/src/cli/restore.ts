/**
 * `npm run restore -- <backup directory> [--force]` (issue 17): checks every checksum of the
 * backup, then rebuilds the database (DATABASE_URL, or the embedded one in DATA_DIR) and the
 * uploaded files (DATA_DIR/uploads) from it. Refuses a damaged backup, and a database that
 * holds accounts or listings (or a file store with files) unless --force. Stop the server
 * first. See docs/backup-and-restore.md.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, readVerifiedManifest, restoreBackup } from '../ops/backup/index.js';
import { openForBackup } from '../ops/backup/open-database.js';

export const USAGE = 'Usage: npm run restore -- <backup directory> [--force]   (--force replaces a database that holds data)';

export function parseArguments(args: readonly string[]): { source: string; force: boolean } | undefined {
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const [source] = rest;
  if (rest.length !== 1 || !source || source.startsWith('-')) return undefined;
  return { source, force };
}

export async function runRestoreCommand(args: readonly string[], say: (line: string) => void): Promise<number> {
  const parsed = parseArguments(args);
  if (!parsed) {
    say(USAGE);
    return 2;
  }
  const config = loadConfig();
  const started = Date.now();
  // A damaged backup is refused before any database is opened.
  const verified = await readVerifiedManifest(path.resolve(parsed.source), say);
  const database = await openForBackup(config, 'restore');
  try {
    const summary = await restoreBackup({ database, config, source: parsed.source, force: parsed.force, onProgress: say, verified });
    say(
      `Restore complete in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.rows} rows and ${summary.files} files from the backup of ${summary.manifest.createdAt}.`,
    );
    if (summary.missingObjects.length > 0) {
      say(
        `Warning: ${summary.missingObjects.length} objects the backup lists are not in the bucket (first: ${summary.missingObjects[0]}); restore them from the bucket's versions.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  return `The restore failed: ${error instanceof Error ? error.message : String(error)}`;
}

runRestoreCommand(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`${describeFailure(error)}\n`);
    process.exitCode = 1;
  },
);
