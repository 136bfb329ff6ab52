import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * API layering (DESIGN §3): repositories (`*.repository.ts`) hold all SQL. Anywhere else in the
 * API, kysely gives types only (a transaction passed through, a row type), never `sql` or a query.
 */
const API_NOT_SQL = {
  name: 'kysely',
  allowTypeImports: true,
  message:
    'SQL and query building belong in a *.repository.ts (DESIGN §3): call a repository method, or add one.',
};
/** Features and plugins get repositories and services, never the pool. */
const API_NO_POOL = {
  group: ['**/db/index.ts'],
  importNames: ['Db', 'createDb'],
  message:
    'Features get repositories (created in app.ts), not the pool: take a repository in the deps object.',
};
const API_LAYER_IGNORES = [
  'apps/api/src/**/*.repository.ts',
  'apps/api/src/db/**',
  'apps/api/src/**/*.test.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.screens/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: API_LAYER_IGNORES,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [API_NOT_SQL] }],
    },
  },
  {
    files: ['apps/api/src/features/**/*.ts', 'apps/api/src/plugins/**/*.ts'],
    ignores: API_LAYER_IGNORES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [API_NOT_SQL], patterns: [API_NO_POOL] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
