// The floors of the house, checked on every `npm test` (`npm run lint:deps`). docs/architecture.md
// draws them; this file is the rule. A room may import rooms on its own floor or below it, never
// one above: what several features use lives below them, whatever Express mounts lives above.
// There is no list of exceptions: an import that breaks a rule is moved, not waved through.

/** The server's floors, top to bottom. Tests and test helpers (server/testing/) stand above them all. */
const FLOORS = [
  ['entry', '^server/(index|dev|app|jobs)\\.ts$|^server/seed/'],
  ['routes', '^server/routes/'],
  ['http', '^server/http/'],
  ['app router', '^server/app-router\\.ts$'],
  ['features', '^server/features/'],
  ['trpc', '^server/trpc/'],
  ['mail', '^server/mail/'],
  ['invoices', '^server/invoices/'],
  ['shared pieces', '^server/(settings|sessions|audit|demo)/'],
  ['deps', '^server/deps\\.ts$'],
  ['adapters', '^server/(payments|images|couriers)/'],
  ['env', '^server/env\\.ts$'],
  ['lib', '^server/lib/'],
  ['db', '^server/db/'],
  ['ground', '^server/(errors|idle-gc)\\.ts$'],
];

const TESTS = '\\.test\\.tsx?$|\\.fixtures\\.ts$|^server/testing/|^server/attacks/|^tests/|^scripts/';

const upward = FLOORS.slice(1).map(([name, path], index) => ({
  name: `no-upward-from-${name.replace(/ /g, '-')}`,
  comment: `The ${name} floor imports its own floor and what stands below it (${FLOORS.slice(index + 2)
    .map(([below]) => below)
    .join(', ')}, shared/ and packages), never a floor above it. A piece several floors need belongs below them all.`,
  severity: 'error',
  from: { path, pathNot: TESTS },
  to: {
    path: FLOORS.slice(0, index + 1)
      .map(([, above]) => above)
      .join('|'),
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other in a loop cannot be read, or moved, one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...upward,
    {
      name: 'server-in-floors',
      comment: 'Every server folder stands on a floor: add a new one to FLOORS (and to docs/architecture.md) where it belongs.',
      severity: 'error',
      from: { path: '^server/', pathNot: `${TESTS}|${FLOORS.map(([, path]) => path).join('|')}` },
      to: {},
    },
    {
      name: 'feature-through-its-service',
      comment: 'Another feature is reached through its service only (<feature>/*.service.ts), never its queries, router or helpers.',
      severity: 'error',
      from: { path: '^server/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^server/features/', pathNot: ['^server/features/$1/', '\\.service\\.ts$'] },
    },
    {
      name: 'features-through-their-services',
      comment: 'Outside the features, a feature is reached through its service only; its router only by the app router.',
      severity: 'error',
      from: { path: '^server/', pathNot: `^server/features/|^server/app-router\\.ts$|${TESTS}` },
      to: { path: '^server/features/', pathNot: '\\.service\\.ts$' },
    },
    {
      name: 'routers-only-in-the-app-router',
      comment: 'A router is mounted by server/app-router.ts alone; routers never import routers.',
      severity: 'error',
      from: { pathNot: `^server/app-router\\.ts$|${TESTS}` },
      to: { path: '\\.router\\.ts$' },
    },
    {
      name: 'server-renders-src-from-routes-only',
      comment: 'Only the server-rendered pages (server/routes/pages/) run client code; the rest of the server knows nothing of src/.',
      severity: 'error',
      from: { path: '^server/', pathNot: `^server/routes/|${TESTS}` },
      to: { path: '^src/' },
    },
    {
      name: 'client-sees-server-types-only',
      comment: 'The client sees the server only as types (the AppRouter): use `import type`.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-features-apart',
      comment: "A client feature does not import another feature's internals: what two features use goes to src/components/ or src/lib/.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'client-shared-rooms-below-features',
      comment: 'src/components/ and src/lib/ are used by the features and the app, and import neither.',
      severity: 'error',
      from: { path: '^src/(components|lib)/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'shared-knows-neither-side',
      comment: 'shared/ knows neither server/ nor src/: both import it.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|src)/' },
    },
    {
      name: 'shared-runs-everywhere',
      comment: 'shared/ runs in the browser and on the server alike: no node:, react or kysely.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-no-runtime-libraries',
      comment: 'shared/ runs in the browser and on the server alike: no react or kysely.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: { path: 'node_modules/(react|react-dom|kysely)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dist-server|data|coverage|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
