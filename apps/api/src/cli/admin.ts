/**
 * `npm run admin -- grant someone@example.com` / `revoke` (issue 14): the only way to make an
 * administrator — there is no API for it, so no request can. Run on the server's machine, with
 * the server's configuration (the same environment): DATABASE_URL, or the embedded database
 * in DATA_DIR. PGlite allows one process per data directory, so while the server runs the
 * command connects through the socket the server published there; otherwise it opens the
 * directory itself. Every change is written to the audit log (actor: the command line).
 */
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { connectToRunningEmbedded, openDatabase, runMigrations, type Database } from '../db/database.js';
import { findPublishedSocket } from '../db/embedded-postgres.js';
import { grantAdmin, revokeAdmin, type RoleChange } from '../modules/auth/index.js';

export const USAGE = [
  'Usage: npm run admin -- grant <email>    make the account with this email an administrator',
  '       npm run admin -- revoke <email>   make it an ordinary account again',
].join('\n');

type Command = 'grant' | 'revoke';

export interface CliResult {
  exitCode: number;
  /** What the operator reads (stdout on success, stderr otherwise). */
  message: string;
}

export function parseArguments(args: readonly string[]): { command: Command; email: string } | undefined {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0 || !email.includes('@')) return undefined;
  return { command, email: email.trim().toLowerCase() };
}

/** The database the server uses (see the file comment). */
async function openServersDatabase(config: AppConfig): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl, pgliteDir: undefined, poolSize: 1 });
  const running = await findPublishedSocket(config.dataDir);
  if (running) return connectToRunningEmbedded(running.connection);
  return openDatabase({ url: undefined, pgliteDir: path.join(config.dataDir, 'pglite'), poolSize: 1 });
}

export function describeChange(command: Command, email: string, change: RoleChange): CliResult {
  if (change.outcome === 'unknown_email') {
    return { exitCode: 1, message: `No account uses the email ${email}. They must register on BenchMarket first.` };
  }
  if (change.outcome === 'granted') return { exitCode: 0, message: `${change.email} is now an administrator (the console is at /admin).` };
  if (change.outcome === 'revoked') return { exitCode: 0, message: `${change.email} is no longer an administrator.` };
  return {
    exitCode: 0,
    message:
      command === 'grant'
        ? `${change.email} is already an administrator: nothing changed.`
        : `${change.email} is not an administrator: nothing changed.`,
  };
}

/** Who ran the command, for the audit log: the system account and machine. */
function whoRuns(): string {
  let user = 'unknown user';
  try {
    user = os.userInfo().username;
  } catch {
    // A container user without a passwd entry.
  }
  return `${user}@${os.hostname()}`;
}

export async function runAdminCommand(args: readonly string[]): Promise<CliResult> {
  const parsed = parseArguments(args);
  if (!parsed) return { exitCode: 2, message: USAGE };
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return { exitCode: 1, message: error.message };
    throw error;
  }
  const database = await openServersDatabase(config);
  try {
    // As the server does at start: the schema this code expects (a no-op when it is current).
    await runMigrations(database);
    const actor = { kind: 'cli' as const, description: whoRuns() };
    const change = await (parsed.command === 'grant' ? grantAdmin : revokeAdmin)(database.db, parsed.email, actor);
    return describeChange(parsed.command, parsed.email, change);
  } finally {
    await database.close();
  }
}

runAdminCommand(process.argv.slice(2)).then(
  ({ exitCode, message }) => {
    (exitCode === 0 ? process.stdout : process.stderr).write(`${message}\n`);
    process.exitCode = exitCode;
  },
  (error: unknown) => {
    process.stderr.write(`The admin command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
