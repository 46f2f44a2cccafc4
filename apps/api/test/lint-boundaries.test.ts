import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeLinter } from '../../../tools/lint-probe.js';

/**
 * The API's walls (docs/decisions/012) are kept by lint, not by habit: each rule is shown
 * refusing a fixture (in-memory code linted as if it were the named file, with the project's
 * eslint.config.js) and the real code passing.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = probeLinter(root, ['apps/api/src/**/*.ts']);

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('API boundary lint', () => {
  it("refuses a module importing another module's internals, and accepts its public index", async () => {
    const internal = `import { listingColumns } from '../listings/mapper.js';\nexport const columns = listingColumns;\n`;
    expect(await ruleIds('apps/api/src/modules/payments/fixture.ts', internal)).toContain('api/module-boundaries');
    const publicFace = `import { listingColumns } from '../listings/index.js';\nexport const columns = listingColumns;\n`;
    expect(await ruleIds('apps/api/src/modules/payments/fixture.ts', publicFace)).toEqual([]);
    const fromSeed = `import { hashPassword } from '../modules/auth/passwords.js';\nexport const hash = hashPassword;\n`;
    expect(await ruleIds('apps/api/src/seed/fixture.ts', fromSeed)).toContain('api/module-boundaries');
  });

  it('refuses a provider importing a domain module', async () => {
    const code = `import { ListingsService } from '../../modules/listings/index.js';\nexport const service = ListingsService;\n`;
    expect(await ruleIds('apps/api/src/providers/storage/fixture.ts', code)).toContain('no-restricted-imports');
  });

  it("refuses a module writing another module's table (drizzle and raw SQL), and accepts the owner", async () => {
    const drizzle = [
      `import type { Db } from '../../db/database.js';`,
      `import { listings } from '../../db/schema.js';`,
      `export async function expire(db: Db): Promise<void> {`,
      `  await db.update(listings).set({ isActive: false });`,
      `}`,
      ``,
    ].join('\n');
    expect(await ruleIds('apps/api/src/modules/payments/fixture.ts', drizzle)).toEqual(['api/table-ownership']);
    expect(await ruleIds('apps/api/src/modules/listings/fixture.ts', drizzle)).toEqual([]);

    const raw = [
      `import { sql } from 'drizzle-orm';`,
      `import type { Db } from '../../db/database.js';`,
      `import { listings, users } from '../../db/schema.js';`,
      `export async function embed(db: Db, id: string): Promise<void> {`,
      '  await db.execute(sql`update ${listings} set embedding = null where ${listings.id} = ${id}`);',
      '  await db.execute(sql`delete from ${users} where false`);',
      '  await db.execute(sql`select 1 from ${listings}`);',
      `}`,
      ``,
    ].join('\n');
    expect(await ruleIds('apps/api/src/modules/search/fixture.ts', raw)).toEqual(['api/table-ownership', 'api/table-ownership']);
  });

  it('refuses an import cycle (a runtime one; a type-only import is no cycle)', async () => {
    // listings/service.ts imports mapper.ts: mapper importing the service back closes a loop.
    const cycle = `import { ListingsService } from './service.js';\nexport const service = ListingsService;\n`;
    expect(await ruleIds('apps/api/src/modules/listings/mapper.ts', cycle)).toContain('api/no-cycle');
    const typeOnly = `import type { ListingsService } from './service.js';\nexport type Service = ListingsService;\n`;
    expect(await ruleIds('apps/api/src/modules/listings/mapper.ts', typeOnly)).not.toContain('api/no-cycle');
  });

  it('passes the real API code', { timeout: 180_000 }, async () => {
    const results = await eslint.lintFiles(['apps/api/src']);
    const problems = results.flatMap((result) =>
      result.messages.map((message) => `${path.relative(root, result.filePath)}:${message.line} ${message.ruleId}: ${message.message}`),
    );
    expect(problems).toEqual([]);
  });
});
