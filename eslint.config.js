import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import apiBoundaries from './tools/eslint-rules/api-boundaries.js';
import tseslint from 'typescript-eslint';

// The web app's layers (docs/decisions/011-web-structure-and-forms.md): imports flow
// shared (src/lib, src/components) → features (src/features/<name>) → app (src/app).
// A feature never imports another one; the layout (src/app/layout) imports no feature.
const WEB = 'apps/web/src';
const webFeatures = readdirSync(`${import.meta.dirname}/${WEB}/features`, { withFileTypes: true })
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

// The rules that need the TypeScript program (decision 014): a promise nobody awaits loses its
// error; a promise passed where a callback is expected is never awaited; an assertion that
// changes nothing hides the day the types do change. tools/lint-probe.js turns them off for
// the boundary tests' virtual files, which belong to no TypeScript project.
export const typeAwareRules = {
  '@typescript-eslint/no-floating-promises': 'error',
  '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
  '@typescript-eslint/await-thenable': 'error',
  '@typescript-eslint/no-unnecessary-type-assertion': 'error',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
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
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from AppConfig (src/config.ts).' },
      ],
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
            sandboxRefunds: 'providers',
            messages: 'messages',
            feedback: 'feedback',
            jobs: 'jobs',
            rateLimitCounters: 'lib',
            // The AI answers' cache: the AI port (query embeddings, explanations) and verification keep their own keys in it.
            aiCache: ['verification', 'providers'],
            searchWords: 'search',
            searchCatalog: 'search',
            // Issue 14: the operations console's tables.
            auditLog: 'audit',
            listingReports: 'moderation',
            supportRequests: 'support',
            paymentRefunds: 'payments',
            providerEvents: 'payments',
            appSettings: 'settings',
            dailyCounters: 'activity',
            // Issue 15: seller pages.
            sellerProfiles: 'sellers',
            // Issue 15: a listing's PDF documents (docs/decisions/018).
            listingDocuments: 'documents',
            // Issue 16: saved searches and the listings their alerts offered (docs/decisions/020).
            savedSearches: 'saved-searches',
            savedSearchAlerts: 'saved-searches',
            // Issue 16: watchlists (docs/decisions/021).
            watches: 'watchlist',
            // Issue 16: buyer–seller conversations and offers (docs/decisions/022).
            conversations: 'conversations',
            conversationMessages: 'conversations',
            offers: 'conversations',
            userBlocks: 'conversations',
            conversationReports: 'conversations',
          },
          // The demo seed loads accounts, listings and photos in one bulk transaction (its
          // rows derived by ListingsService.derive), the console's demo reports (issue 14), a
          // payment history in its final state, dated in the past (no payments call takes a past
          // date or the seed's transaction), the demo sellers' profiles and documents (issue 15), the
          // demo buyer's conversations, watches and saved search as those journeys leave them (issue
          // 16: the services mail and take no past date); it runs only on an empty database.
          allow: {
            seed: [
              'users',
              'listings',
              'listingPhotos',
              'listingDocuments',
              'listingReports',
              'payments',
              'sellerProfiles',
              'messages',
              'conversations',
              'conversationMessages',
              'offers',
              'watches',
              'savedSearches',
            ],
          },
        },
      ],
    },
  },
  {
    // Providers are ports to the outside world: no domain module behind them.
    files: ['apps/api/src/providers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'A provider knows no domain module (docs/decisions/012).' }] },
      ],
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
  {
    // Type-aware rules (issue 13) on the product's sources. Tests are left to the non-typed rules.
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: typeAwareRules,
  },
);
