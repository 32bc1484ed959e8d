import tseslint from 'typescript-eslint';

/** Import rules that keep the workspaces' boundaries (docs/architecture.md). */
const zone = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/** What no contracts file imports. */
const contractsPatterns = [
  { group: ['@team/*', '../../backend/*', '../../projections/*', '../../frontend/*'], message: 'contracts imports nothing of ours.' },
  { group: ['knex', 'pg', 'node:*', 'react', '@nestjs/*'], message: 'contracts has no I/O and no framework.' },
];
/** The folders of contracts above the wire schemas: the events, parsers and imports built on them, and the OpenAPI document. */
const CONTRACTS_ABOVE_API = ['cms', 'ladder', 'record-match', 'players', 'import', 'openapi', 'audit'];
/** An import of any of these contracts folders, from a file at contracts/src/ or one or two folders below it. */
const contractsLayer = (folders, message) => ({ group: folders.flatMap((folder) => [`./${folder}/*`, `../${folder}/*`, `../../${folder}/*`]), message });

/** What every backend file must not import; repeated where a stricter backend rule replaces it. */
const backendPatterns = [
  { group: ['**/projections/src/**', '@team/projections/*'], message: 'Use the public entry: @team/projections.' },
  { group: ['@team/frontend', '**/frontend/**'], message: 'The backend does not import the client.' },
];

/**
 * Only app.ts and http/ know the HTTP framework: controllers and guards take WebRequest
 * (http/request-facts.ts) and Node's ServerResponse, so a change of adapter touches only those.
 */
const frameworkPattern = {
  group: ['express', 'express/*', '@nestjs/platform-*', 'fastify', '@fastify/*'],
  message: "Only app.ts and backend/src/http/ import the HTTP framework: take WebRequest (http/request-facts.ts) and Node's ServerResponse.",
};

/** Production code never imports test code: the tests' helpers live in backend/test/ and frontend/src/test/. */
const testCodePattern = {
  group: ['**/test/**', '**/testing/**', '@test-support/*', '**/*.spec', '**/*.spec.js', '**/*.test', '@/test/*'],
  message: 'Production code does not import test code (backend/test/, frontend/src/test/, *.spec, *.test).',
};
const testFiles = ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', 'frontend/src/test/**'];

/**
 * A block of import rules twice: for production files with test code barred too, and as it is
 * for the tests beside them (the same option replaces, not merges, in a later block).
 */
function withTestCodeBarred(block) {
  const [level, options] = block.rules['no-restricted-imports'];
  return [
    { ...block, ignores: testFiles, rules: { 'no-restricted-imports': [level, { ...options, patterns: [...options.patterns, testCodePattern] }] } },
    { ...block, files: block.files.flatMap((files) => testFiles.map((test) => `${files.replace(/\/\*\*$/, '')}/${test}`)) },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'e2e/screenshots/**'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // contracts is shared by client and server: no I/O, nothing of ours, no npm packages.
  zone(['contracts/src/**'], contractsPatterns),
  // contracts' layers (docs/architecture.md): the rules and fixed lists, then the wire schemas
  // (api/), then what builds on them, then the OpenAPI document. No layer imports one above it.
  { ...zone(['contracts/src/**'], [...contractsPatterns, contractsLayer([...CONTRACTS_ABOVE_API, 'api'], 'The rules and fixed lists sit below the wire schemas (api/) and what builds on them.')]), ignores: [...CONTRACTS_ABOVE_API.map((folder) => `contracts/src/${folder}/**`), 'contracts/src/api/**', 'contracts/src/index.ts', ...testFiles] },
  { ...zone(['contracts/src/api/**'], [...contractsPatterns, contractsLayer(CONTRACTS_ABOVE_API, 'The wire schemas (api/) sit below the events, parsers and operation lists that build on them.')]), ignores: testFiles },
  // The read side knows the contracts only; the backend reaches projections through its public entry.
  zone(['projections/src/**'], [
    { group: ['@team/backend', '@team/frontend', '**/backend/**', '**/frontend/**'], message: 'projections do not depend on the API or the client.' },
  ]),
  { ...zone(['backend/src/**'], [...backendPatterns, frameworkPattern, testCodePattern]), ignores: testFiles },
  zone(testFiles.map((pattern) => `backend/src/${pattern}`), [...backendPatterns, frameworkPattern]),
  { ...zone(['backend/src/http/**', 'backend/src/app.ts'], [...backendPatterns, testCodePattern]), ignores: testFiles },
  // Commands decide from the event store alone (docs/architecture.md): a command handler never reads a
  // read model, nor waits for one. The one exception is about the projector itself: setting an
  // event aside needs the projector's checkpoint (which events are applied already).
  {
    files: ['backend/src/**/*.command.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@team/projections',
              allowImportNames: ['foldSetAside', 'Projector', 'READ_MODELS_CHECKPOINT', 'readCheckpoint'],
              message: 'Commands decide from the event store only: read the streams (or a reservation or index stream), not a read model.',
            },
          ],
          patterns: [...backendPatterns, frameworkPattern, testCodePattern],
        },
      ],
    },
  },
  ...withTestCodeBarred(
    zone(['frontend/src/**'], [
      { group: ['@team/backend', '@team/projections', '**/backend/**', '**/projections/**'], message: 'The client talks to the API over HTTP only.' },
    ]),
  ),
  // Front-end: app/ composes (router, routes, providers), lib/ serves (API slice, cache tags,
  // shared mutations, theme). Features do not import each other nor app/, so the dependency
  // runs one way: app/ -> features/ -> lib/ and components/.
  ...withTestCodeBarred({
    files: ['frontend/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../features/*', '../../../features/*', '@/features/*'], message: 'Features do not import each other; move shared code to components/ or lib/.' },
            { group: ['@/app', '@/app/*', '**/app/*'], message: 'Features do not import app/ (it composes them); shared code lives in lib/ or components/.' },
            { group: ['@team/backend', '@team/projections'], message: 'The client talks to the API over HTTP only.' },
          ],
          paths: [
            { name: 'antd', importNames: ['Tooltip'], message: "Use @/components/ui/Tooltip: it keeps docs/product.md#constants-and-limits's 700 ms delay and 300 ms skip delay." },
          ],
        },
      ],
    },
  }),
  ...withTestCodeBarred({
    files: ['frontend/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app', '@/app/*', '**/app/*', '@/features/*', '**/features/*'], message: 'lib/ serves app/ and the features: it imports neither.' },
            { group: ['@team/backend', '@team/projections'], message: 'The client talks to the API over HTTP only.' },
          ],
        },
      ],
    },
  }),
);
