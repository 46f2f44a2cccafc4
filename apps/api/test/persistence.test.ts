import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { startRuntime } from '../src/runtime.js';
import { testEnv } from './helpers.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bm-persist-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('keeps data across a server restart', { timeout: 120_000 }, async () => {
    const config = loadConfig(testEnv(dataDir, { DEMO_DATA: '0' }));

    const first = await startRuntime(config);
    await first.database.db.insert(users).values({ email: 'kept@example.com', isVerified: true });
    await first.stop();

    const second = await startRuntime(config);
    const rows = await second.database.db.select().from(users).where(eq(users.email, 'kept@example.com'));
    const health = await second.app.inject({ method: 'GET', url: '/api/v1/health' });
    await second.stop();

    expect(rows).toHaveLength(1);
    expect(rows[0]?.isVerified).toBe(true);
    expect(health.json().database.kind).toBe('pglite');
  });
});
