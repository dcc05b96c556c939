import fs from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// ---- Layers point one way (style.md: "Principles" 2, "Dependencies point down") ----
// Each kind of file gets one complete `no-restricted-imports` list: a later config object that
// names the rule replaces an earlier one's list rather than adding to it.

const FEATURES = fs
  .readdirSync(new URL('./server/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The restrictions, by name, so that a known crossing can lift exactly the one it breaks. */
const RESTRICTIONS = {
  depsHome: {
    regex: '(^|/)trpc/context$|^\\./context$',
    importNames: ['Deps', 'SessionHandle'],
    message: 'Deps lives in server/deps.ts and SessionHandle in server/http/session.ts.',
  },
  rest: {
    regex: '(^|/)rest/',
    message: 'Only server/app.ts mounts the /api adapter; the HTTP layer is below it (server/http/envelope.ts, error-reply.ts).',
  },
  trpcLayer: {
    regex: '(^|/)trpc/',
    message: 'Services and queries know nothing of tRPC: they take Deps (server/deps.ts) or a DB.',
  },
  trpcContextTypes: {
    regex: '(^|/)trpc/context$',
    allowTypeImports: true,
    message: 'A router reaches the context through its procedure builders (server/trpc/init.ts); import its type only.',
  },
  http: {
    regex: '(^|/)http/',
    allowTypeImports: true,
    message: 'Features know nothing of HTTP (requests, cookies, replies): that is server/http/, which calls them.',
  },
  ...Object.fromEntries(
    FEATURES.map((feature) => [
      `feature:${feature}`,
      {
        regex: `(^|/)${escapeRegex(feature)}/(?![^/]*\\.service$)[^/]+$`,
        message: `Another feature is reached through its service only (${feature}/*.service.ts), never its queries or router.`,
      },
    ]),
  ),
  server: {
    regex: '(^|/)server(/|$)',
    allowTypeImports: true,
    message: 'The client sees the server only as types (the AppRouter): use `import type`.',
  },
  sharedOnly: {
    regex: '(^|/)(server|src)(/|$)',
    message: 'shared/ knows neither server/ nor src/: both import it.',
  },
  runtimeSpecific: {
    regex: `^(node:|(${builtinModules.map(escapeRegex).join('|')}|react|react-dom|kysely)(/|$))`,
    message: 'shared/ runs in the browser and on the server alike: no node:, react or kysely.',
  },
};

const serverNames = ['depsHome', 'rest'];
const featureNames = (feature, router) => [
  ...serverNames,
  ...FEATURES.filter((other) => other !== feature).map((other) => `feature:${other}`),
  router ? 'trpcContextTypes' : 'trpcLayer',
  'http',
];

/** Which restriction names apply to a server file (path from the repository root). */
function serverNamesOf(file) {
  const feature = /^server\/features\/([^/]+)\//.exec(file)?.[1];
  if (feature) return featureNames(feature, file.endsWith('.router.ts'));
  if (file === 'server/app.ts' || file.startsWith('server/rest/')) return ['depsHome'];
  return serverNames;
}

const restrict = (names) => ({ 'no-restricted-imports': ['error', { patterns: names.map((name) => RESTRICTIONS[name]) }] });

/**
 * Imports that cross a boundary today, each allowed only the restrictions it names. Fix the
 * file, delete its entry, and lint keeps it fixed.
 */
const KNOWN_CROSSINGS = [
  // Under the response-cache rewrite: to import Deps from server/deps (and init.ts SessionHandle
  // from server/http/session); server/trpc/context.ts re-exports both until then.
  { files: ['server/trpc/init.ts', 'server/seed/seed.ts', 'server/http/procedure-replies.ts'], lift: ['depsHome'] },
  { files: ['server/features/catalog/catalog.service.ts'], lift: ['depsHome', 'trpcLayer'] },
  // Stock moves (catalog/stock.queries), product columns and parseImages (catalog.queries) are
  // not reachable through catalog.service.ts yet (catalog is under another change), and order has
  // no service at all: its order-line stock bookkeeping, written in both admin.service.ts and
  // fulfilment.service.ts, would be the first thing in one.
  { files: ['server/features/cart/cart.queries.ts', 'server/features/checkout/checkout.queries.ts', 'server/features/order/order.queries.ts'], lift: ['feature:catalog'] },
  {
    files: [
      'server/features/admin/admin.queries.ts',
      'server/features/admin/admin.service.ts',
      'server/features/checkout/checkout.service.ts',
      'server/features/checkout/cod.service.ts',
      'server/features/checkout/fulfilment.service.ts',
    ],
    lift: ['feature:catalog', 'feature:order'],
  },
];

const layerBoundaries = [
  { files: ['server/**/*.ts'], rules: restrict(serverNames) },
  { files: ['server/app.ts', 'server/rest/**/*.ts'], rules: restrict(['depsHome']) },
  ...FEATURES.flatMap((feature) => [
    { files: [`server/features/${feature}/**/*.ts`], rules: restrict(featureNames(feature, false)) },
    { files: [`server/features/${feature}/**/*.router.ts`], rules: restrict(featureNames(feature, true)) },
  ]),
  ...KNOWN_CROSSINGS.flatMap(({ files, lift }) => files.map((file) => ({ files: [file], rules: restrict(serverNamesOf(file).filter((name) => !lift.includes(name))) }))),
  { files: ['src/**/*.{ts,tsx}'], rules: restrict(['server']) },
  { files: ['shared/**/*.ts'], rules: restrict(['sharedOnly', 'runtimeSpecific']) },
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests poke at JSON replies whose shape they assert; `any` there keeps them readable.
    files: ['**/*.test.{ts,tsx}', 'server/testing/**', 'tests/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  ...layerBoundaries,
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
