// This test reads the package's sources from disk; it never runs in a browser.
/* eslint-disable no-restricted-imports */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
/* eslint-enable no-restricted-imports */
import { describe, expect, it } from 'vitest';

/**
 * Pages that only display values import these modules through the package; the web build
 * keeps zod (~30 KB gzip) off those pages only while none of them reaches zod.
 */
const ZOD_FREE_MODULES = [
  'constants.ts',
  'messages.ts',
  'condition-values.ts',
  'specification-values.ts',
  'document-values.ts',
  'saved-search-values.ts',
  'countries.ts',
  'taxonomy.ts',
  'category-names.ts',
  'conversation-values.ts',
  'routes.ts',
  'watchlist.ts',
  'rules/verification-badge.ts',
  'rules/expiry.ts',
  'rules/listing-actions.ts',
  'rules/relevance.ts',
  'rules/format.ts',
  'rules/payments.ts',
  'rules/auth.ts',
];

const SRC = path.dirname(fileURLToPath(import.meta.url));

function importsOf(file: string): string[] {
  const code = readFileSync(path.join(SRC, file), 'utf8');
  return [...code.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1] ?? '');
}

/** Every package a module reaches through its relative imports, itself included. */
function packagesReached(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const specifier of importsOf(file)) {
    if (specifier.startsWith('.')) {
      const target = path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, '.ts');
      for (const name of packagesReached(target, seen)) packages.add(name);
    } else {
      packages.add(specifier);
    }
  }
  return packages;
}

describe('zod-free modules', () => {
  it.each(ZOD_FREE_MODULES)('%s reaches no zod', (file) => {
    expect([...packagesReached(file)].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
  });

  it('sees the zod import of a schema module (the check itself works)', () => {
    expect(packagesReached('conditions.ts')).toContain('zod');
  });
});
