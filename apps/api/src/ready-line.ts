import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.js';
import { demoDataWanted } from './seed/seed.js';

type ReadyConfig = Pick<AppConfig, 'publicUrl' | 'dataDir' | 'worker' | 'demoData' | 'isProduction'>;

/**
 * What a person starting the server reads last (issue 18): plain text, not a pino JSON line
 * they would have to pick out of the log — where to open it, on which database, and how to
 * sign in to the demo data. The demo passwords are public on purpose (README 'Demo accounts').
 */
export function readyLine(config: ReadyConfig, databaseKind: Database['kind']): string {
  const database = databaseKind === 'pglite' ? `embedded (PGlite), in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  // docs/decisions/027 and the e2e process checks quote this one.
  if (!config.worker.serves) return `BenchMarket's worker is running with no HTTP (WORKER=only). Database: ${database}.`;
  const lines = [`BenchMarket is ready: open ${config.publicUrl}`, `  Database: ${database}`];
  if (demoDataWanted(config, databaseKind)) {
    const accounts = DEMO_ACCOUNTS.filter((account) => account.key === 'buyer' || account.key === 'seller').map(
      (account) => `${account.email} / ${account.password}`,
    );
    lines.push(`  Demo accounts: ${accounts.join(', ')} (all of them in the README, 'Demo accounts')`);
  }
  if (!config.worker.enabled) lines.push('  This process runs no background jobs (WORKER=off).');
  return lines.join('\n');
}
