import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

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
/** node-postgres is the pool under kysely: a client or a query of its own is SQL too (db/ has the pool). */
const API_NOT_PG = {
  name: 'pg',
  allowTypeImports: true,
  message:
    'node-postgres (pg) belongs in db/ and the *.repository.ts files (DESIGN §3): call a repository method, or add one.',
};
/** Features and plugins get repositories and services, never the pool. */
const API_NO_POOL = {
  group: ['**/db/index.ts'],
  importNames: ['Db', 'createDb'],
  message:
    'Features get repositories (created in app.ts), not the pool: take a repository in the deps object.',
};
// ---- API feature boundaries (DESIGN §3) --------------------------------------------------------
/**
 * A feature uses another feature through its service (`../Y/Y.service.ts`, or its `index.ts`),
 * never its repository or its routes: not even a repository's types. The SQL a feature needs of
 * another's tables is a method of the owning repository, exposed by the owning service; or the
 * other feature's service is injected (app.ts). Its own files import its repository as `./…`.
 * Core `no-restricted-imports` (not the typescript-eslint one the layering rules use), so that
 * both apply to the same file and type-only imports are refused too.
 */
const API_FEATURE_BOUNDARY = {
  group: [
    '../*/*.repository',
    '../*/*.repository.ts',
    '../*/*.routes',
    '../*/*.routes.ts',
    '../../*/*.repository.ts',
    '../../*/*.routes.ts',
    '**/features/*/*.repository.ts',
    '**/features/*/*.routes.ts',
  ],
  message:
    "A feature uses another feature through its service, never its repository or routes (docs/architecture.md): call the owning feature's service (add the method there, with the SQL in its repository), or take that service in the deps object.",
};
const API_FEATURE_BOUNDARY_BLOCK = {
  files: ['apps/api/src/features/**/*.ts'],
  ignores: ['apps/api/src/**/*.test.ts'],
  rules: { 'no-restricted-imports': ['error', { patterns: [API_FEATURE_BOUNDARY] }] },
};
// ---- end of the API feature boundaries ---------------------------------------------------------

const API_LAYER_IGNORES = [
  'apps/api/src/**/*.repository.ts',
  'apps/api/src/db/**',
  'apps/api/src/**/*.test.ts',
];

/**
 * Web boundaries (DESIGN §3, bulletproof-react): a feature never imports another feature; `lib/`
 * and `components/` import no feature; the app (`src/app`) composes features. The e2e journeys
 * use the API over HTTP and never import its source.
 */
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ANY_FEATURE = {
  group: ['@/features/**', '**/features/**'],
  message:
    'lib/ and components/ import no feature: move the shared piece here, or compose in src/app.',
};
/**
 * Classes, course material, course facts and the assistant check (what a teacher does with a
 * class) use each other one way only (classes → course-material → course-facts; classes and
 * course-material → assistant-check), and only through the used folder's index.ts; the app
 * imports a feature that has an index.ts through it too (a route's lazy `import()` of its page
 * is not an import this rule reads).
 */
const WEB_FEATURE_USES = {
  classes: ['course-material', 'assistant-check'],
  'course-material': ['course-facts', 'assistant-check'],
};
const insideOf = (features) => ({
  group: features.flatMap((used) =>
    ['@/features/', '../', '../../', '../../../', '**/features/'].map((at) => `${at}${used}/**`),
  ),
  message:
    "Import another feature through its index.ts ('@/features/<name>'), never a file inside it.",
});
const WEB_FEATURES_WITH_INDEX = WEB_FEATURES.filter((feature) =>
  fs.existsSync(new URL(`./apps/web/src/features/${feature}/index.ts`, import.meta.url)),
);
const otherFeatures = (feature) => ({
  group: WEB_FEATURES.filter(
    (other) => other !== feature && !WEB_FEATURE_USES[feature]?.includes(other),
  ).flatMap((other) => [
    `@/features/${other}`,
    `@/features/${other}/**`,
    `../${other}`,
    `../${other}/**`,
    `../../${other}`,
    `../../${other}/**`,
    `../../../${other}`,
    `../../../${other}/**`,
    `**/features/${other}`,
    `**/features/${other}/**`,
  ]),
  message: `A feature imports no other feature (DESIGN §3): compose in src/app, or move what is shared to lib/ or components/.`,
});
/** The web app takes zod from the contracts, which configure it for a browser (contracts' zod.ts). */
const ZOD_FROM_CONTRACTS = {
  name: 'zod',
  message: "Import { z } from '@app/contracts': it is configured for the browser's CSP there.",
  allowTypeImports: true,
};
const WEB_FEATURE_BLOCKS = WEB_FEATURES.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [ZOD_FROM_CONTRACTS],
        patterns: [
          otherFeatures(feature),
          ...(WEB_FEATURE_USES[feature] ? [insideOf(WEB_FEATURE_USES[feature])] : []),
        ],
      },
    ],
  },
}));
const NO_API_SOURCE = {
  group: ['**/api/src', '**/api/src/**', '**/api/test/**', '@app/api', '@app/api/**'],
  message: 'e2e journeys use the API over HTTP (fixtures.ts), never its source.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.screens/**',
      'apps/web/dist-prerender/**',
      '.scratch/**',
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
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [API_NOT_SQL, API_NOT_PG] }],
    },
  },
  {
    files: ['apps/api/src/features/**/*.ts', 'apps/api/src/plugins/**/*.ts'],
    ignores: API_LAYER_IGNORES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [API_NOT_SQL, API_NOT_PG], patterns: [API_NO_POOL] },
      ],
    },
  },
  API_FEATURE_BOUNDARY_BLOCK,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [ZOD_FROM_CONTRACTS] }],
    },
  },
  ...WEB_FEATURE_BLOCKS,
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [ZOD_FROM_CONTRACTS], patterns: [insideOf(WEB_FEATURES_WITH_INDEX)] },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [ZOD_FROM_CONTRACTS], patterns: [ANY_FEATURE] },
      ],
    },
  },
  {
    files: ['apps/web/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_API_SOURCE] }],
    },
  },
);
