import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's layers (docs/decisions/011-web-structure-and-forms.md): imports flow
// shared (src/lib, src/components) → features (src/features/<name>) → app (src/app).
// A feature never imports another one; the layout (src/app/layout) imports no feature.
const WEB = 'apps/web/src';
const webFeatures = readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayerZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move what both need to src/lib or src/components.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features never import the app shell (src/app): the app composes features, not the other way round.',
  },
  {
    target: [`${WEB}/lib`, `${WEB}/components`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'The shared layer (src/lib, src/components) imports no feature and no app code.',
  },
  {
    target: `${WEB}/app/layout`,
    from: `${WEB}/features`,
    message: 'The layout imports no feature: pass feature parts in from src/app (e.g. as children or props).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/api/drizzle/**',
      '**/coverage/**',
      'data/**',
      // Forbidden on purpose: apps/web/lint/boundaries.test.ts lints them and expects errors.
      'apps/web/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Configuration is read once (STYLE: "Configuration is read once").
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config.ts', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from AppConfig (src/config.ts).' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // TypeScript files are parsed to follow their imports (no-cycle); '@/…' resolves by tsconfig paths.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the API client (src/lib/api-client.ts).' }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webLayerZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts', 'apps/web/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Shared is imported by the browser: no Node APIs, no environment.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fastify*', 'drizzle-orm*', 'react*'] }],
    },
  },
);
