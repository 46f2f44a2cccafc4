import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import apiBoundaries from './tools/eslint-rules/api-boundaries.js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/api/drizzle/**', '**/coverage/**', 'data/**'] },
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
    // API walls (docs/decisions/012): modules talk through their plugin or public index, each
    // table has one writer, providers know no domain, and no import cycle.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    plugins: { api: apiBoundaries },
    rules: {
      'api/module-boundaries': 'error',
      'api/no-cycle': 'error',
      'api/table-ownership': [
        'error',
        {
          owners: {
            users: 'auth',
            oneTimeTokens: 'auth',
            sessions: 'auth',
            loginThrottles: 'auth',
            usedGoogleNonces: 'auth',
            listings: 'listings',
            listingPhotos: 'photos',
            payments: 'payments',
            // The sandbox adapter's own record of its intents (the payments port's local adapter).
            sandboxPaymentIntents: 'providers',
            messages: 'messages',
            feedback: 'feedback',
            jobs: 'jobs',
            rateLimitCounters: 'lib',
            // The AI answers' cache: the AI port (query embeddings, explanations) and verification keep their own keys in it.
            aiCache: ['verification', 'providers'],
            searchWords: 'search',
            searchCatalog: 'search',
          },
          // The demo seed loads accounts, listings and photos in one bulk transaction (its
          // rows derived by ListingsService.derive); it runs only on an empty database.
          allow: { seed: ['users', 'listings', 'listingPhotos'] },
        },
      ],
    },
  },
  {
    // Allow-list (docs/decisions/012): seo.ts moves onto the shared route registry in another
    // change of issue 13; its two listings imports become '../modules/listings/index.js' then.
    files: ['apps/api/src/web/seo.ts'],
    rules: { 'api/module-boundaries': 'off' },
  },
  {
    // Providers are ports to the outside world: no domain module behind them.
    files: ['apps/api/src/providers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'A provider knows no domain module (docs/decisions/012).' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the API client (src/lib/api-client.ts).' }],
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
