import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { probeLinter } from '../../../tools/lint-probe.js';

/**
 * The web app's layers, as the project's lint (eslint.config.js) keeps them: shared
 * (src/lib, src/components) → features → app, no feature importing another, no layout
 * importing a feature, no import cycle (docs/decisions/011-web-structure-and-forms.md).
 * Each forbidden import below is a virtual file at a real place in src, linted with the
 * project's own configuration; the cycle is a real pair of files under lint/fixtures/
 * (ignored by the normal lint run, outside the build).
 */
// import.meta.dirname, not import.meta.url: under jsdom (the suite's environment) the URL is not a file URL.
const repoRoot = `${resolve(import.meta.dirname, '../../..')}/`;
const src = (path: string) => `${repoRoot}apps/web/src/${path}`;

const eslint = probeLinter(repoRoot, ['apps/web/src/**/*.{ts,tsx}']);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: src(filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'import-x/no-cycle')
    .map((message) => `${message.ruleId ?? ''}: ${message.message}`);
}

describe('the web layer boundaries', () => {
  it.each([
    [
      'a feature importing another feature',
      'features/search/probe.ts',
      "export { ContactSellerSlot } from '@/features/listings/components/contact-seller-slot';",
      /never imports another feature/,
    ],
    [
      'a feature importing another feature by a relative path',
      'features/dashboard/probe.ts',
      "export { FeedbackPanel } from '../feedback/components/feedback-panel';",
      /never imports another feature/,
    ],
    [
      'a feature importing the app shell',
      'features/payments/probe.ts',
      "export { AppProviders } from '@/app/providers';",
      /never import the app shell/,
    ],
    ['the shared lib importing a feature', 'lib/probe.ts', "export { Login } from '@/features/auth/routes/login';", /shared layer/],
    ['a shared component importing the app', 'components/probe.ts', "export { createRoutes } from '@/app/router';", /shared layer/],
    [
      'the layout importing a feature',
      'app/layout/probe.ts',
      "export { FeedbackPanel } from '@/features/feedback/components/feedback-panel';",
      /layout imports no feature/,
    ],
  ])('refuses %s', async (_name, file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it("allows shared code in a feature, a feature in the app, and a feature's own modules", async () => {
    expect(
      await boundaryErrors(
        'features/search/probe.ts',
        [
          "export { useAuth } from '@/lib/session/use-auth';",
          "export { ConditionBadge } from '@/components/listing/condition-badge';",
          "export { listingPath } from '@/features/search/listing-link';",
          "export { searchKeys } from './api/query-keys';",
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(await boundaryErrors('app/probe.ts', "export { FeedbackPanel } from '@/features/feedback/components/feedback-panel';")).toEqual(
      [],
    );
    expect(await boundaryErrors('app/layout/probe.ts', "export { useAuth } from '@/lib/session/use-auth';")).toEqual([]);
  });

  it('refuses an import cycle', async () => {
    const fixtures = new ESLint({ cwd: repoRoot, ignore: false });
    const [result] = await fixtures.lintFiles(['apps/web/lint/fixtures/cycle/first.ts']);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
  });

  it('keeps the fixtures out of the normal lint run', async () => {
    expect(await eslint.isPathIgnored(`${repoRoot}apps/web/lint/fixtures/cycle/first.ts`)).toBe(true);
  });
});
