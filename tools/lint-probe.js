// The project's ESLint for the boundary tests (apps/api/test/lint-boundaries.test.ts,
// apps/web/lint/boundaries.test.ts): they lint in-memory code as if it were a file at a real
// place. Such a file belongs to no TypeScript project, so the type-aware rules are off for
// it; every other rule, the boundary rules under test among them, is the project's own.
import { ESLint } from 'eslint';
import { typeAwareRules } from '../eslint.config.js';

/** An ESLint at the repository root `cwd` whose type-aware rules are off for `files` (globs). */
export function probeLinter(cwd, files) {
  return new ESLint({
    cwd,
    overrideConfig: {
      files,
      languageOptions: { parserOptions: { projectService: false } },
      rules: Object.fromEntries(Object.keys(typeAwareRules).map((rule) => [rule, 'off'])),
    },
  });
}
