import type { ESLint } from 'eslint';

/** An ESLint at the repository root `cwd` whose type-aware rules are off for `files` (globs). */
export function probeLinter(cwd: string, files: string[]): ESLint;
