// Jest in ES-module mode (Nest 12 is ESM only): run with NODE_OPTIONS=--experimental-vm-modules.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@team/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@team/projections$': '<rootDir>/projections/src/index.ts',
    '^@test-support/(.*)\\.js$': '<rootDir>/test-support/$1.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};

export default {
  // A project-level testTimeout is ignored by Jest 30; integration tests need the room.
  testTimeout: 60000,
  // Jest in ES-module mode keeps part of each test file's module graph: one process running all
  // of them in band outgrew its 4 GB heap. A worker is replaced once it holds more than this after
  // a file.
  workerIdleMemoryLimit: '2GB',
  // One worker per core: Jest's default leaves one core to its parent, which only hands out
  // files. Most integration tests wait on PostgreSQL or child processes; two files at a time took
  // the integration run on this 2-core machine from 529 s to 356 s (2026-11-29). The browser
  // tests stay in band (scripts/test.mjs passes --runInBand): each drives Chromium and a server.
  maxWorkers: '100%',
  globalSetup: '<rootDir>/scripts/jest/global-setup.mjs',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.mjs',
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{contracts,projections,backend}/src/**/*.unit.spec.ts', '<rootDir>/backend/test/**/*.unit.spec.ts'],
    },
    {
      ...shared,
      displayName: 'int',
      testMatch: ['<rootDir>/{contracts,projections,backend}/src/**/*.int.spec.ts', '<rootDir>/backend/test/**/*.int.spec.ts'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
      // Each browser test's own limit (the project-level testTimeout is ignored): see the file.
      setupFilesAfterEnv: ['<rootDir>/e2e/support/jest-timeout.ts'],
    },
  ],
};
