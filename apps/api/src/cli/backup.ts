/**
 * `npm run backup [-- <directory>]` (issue 17): writes a backup of the database (one
 * snapshot) and the uploaded files, with a manifest of checksums, to the directory given or
 * to BACKUP_DIR/benchmarket-<time> (BACKUP_DIR defaults to DATA_DIR/backups). Uses the
 * server's configuration (DATABASE_URL, or the embedded database in DATA_DIR; S3_*). With
 * PostgreSQL it may run while the server runs; the embedded database must be stopped first.
 * See docs/backup-and-restore.md.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, backupName, createBackup } from '../ops/backup/index.js';
import { openForBackup } from '../ops/backup/open-database.js';

export const USAGE = 'Usage: npm run backup [-- <new directory>]   (default: BACKUP_DIR/benchmarket-<time>)';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function runBackupCommand(args: readonly string[], say: (line: string) => void): Promise<number> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
    say(USAGE);
    return 2;
  }
  const config = loadConfig();
  const started = Date.now();
  const now = new Date();
  const target = args[0] ? path.resolve(args[0]) : path.join(config.backupDir, backupName(now));
  const database = await openForBackup(config, 'backup');
  try {
    const { dir, manifest, bytes } = await createBackup({ database, config, target, onProgress: say, now: () => now });
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    say(
      `Backup complete in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir} (${megabytes(bytes)}; ${rows} rows, ` +
        `${manifest.files.count} ${manifest.files.storage === 's3' ? 'objects listed' : 'files'}, migration ${manifest.database.lastMigration.tag ?? manifest.database.lastMigration.hash}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/** One line for the operator, never a stack trace. */
export function describeFailure(what: string, error: unknown): string {
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  return `The ${what} failed: ${error instanceof Error ? error.message : String(error)}`;
}

runBackupCommand(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
  (exitCode) => {
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`${describeFailure('backup', error)}\n`);
    process.exitCode = 1;
  },
);
