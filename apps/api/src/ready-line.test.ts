import { describe, expect, it } from 'vitest';
import type { AppConfig } from './config.js';
import { readyLine } from './ready-line.js';

const local = {
  publicUrl: 'http://localhost:3000',
  dataDir: '/srv/benchmarket/data',
  worker: { mode: 'on', enabled: true, serves: true, pollMs: 1000 },
  demoData: undefined,
  isProduction: false,
} satisfies Pick<AppConfig, 'publicUrl' | 'dataDir' | 'worker' | 'demoData' | 'isProduction'>;

describe('readyLine', () => {
  it('says where to open the app, on which database, and how to sign in to the demo data (issue 18)', () => {
    expect(readyLine(local, 'pglite')).toBe(
      [
        'BenchMarket is ready: open http://localhost:3000',
        '  Database: embedded (PGlite), in /srv/benchmarket/data',
        "  Demo accounts: buyer@benchmarket.local / demo-buyer-2026, seller@benchmarket.local / demo-seller-2026 (all of them in the README, 'Demo accounts')",
      ].join('\n'),
    );
  });

  it('names PostgreSQL, and offers no demo accounts where none were seeded', () => {
    const line = readyLine({ ...local, publicUrl: 'https://bench.example', isProduction: true }, 'postgres');
    expect(line).toBe(['BenchMarket is ready: open https://bench.example', '  Database: PostgreSQL (DATABASE_URL)'].join('\n'));
    expect(readyLine({ ...local, demoData: false }, 'pglite')).not.toContain('Demo accounts');
  });

  it('says when this process runs no background jobs, and what a worker-only process is', () => {
    expect(readyLine({ ...local, worker: { ...local.worker, mode: 'off', enabled: false } }, 'postgres')).toContain(
      'This process runs no background jobs (WORKER=off).',
    );
    expect(readyLine({ ...local, worker: { mode: 'only', enabled: true, serves: false, pollMs: 1000 } }, 'postgres')).toBe(
      "BenchMarket's worker is running with no HTTP (WORKER=only). Database: PostgreSQL (DATABASE_URL).",
    );
  });
});
