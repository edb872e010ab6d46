const { availableParallelism } = require('node:os');

/**
 * Tests run against the compiled service in dist/ (`npm test` builds first), so they exercise exactly what
 * `npm start` serves, Swagger plugin metadata included. `@src/x` in a test resolves to `dist/x`.
 */

// Packages published as ES modules only, which the service loads with Node's require(esm) but Jest's CommonJS
// runtime cannot: compiled to CommonJS for the tests (htmlparser2 and the DOM packages it imports).
const ESM_ONLY = ['htmlparser2', 'domhandler', 'domutils', 'domelementtype', 'dom-serializer', 'entities'];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' }, isolatedModules: true }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
  moduleNameMapper: { '^@src/(.*)$': '<rootDir>/dist/$1' },
  setupFiles: ['reflect-metadata'],
};

/**
 * Tests against the running service: one template database migrated per run, copied into a database of each file's
 * own with a Redis prefix of its own (test/setup/e2e-environment.ts).
 */
const e2e = {
  ...shared,
  testEnvironment: '<rootDir>/test/setup/e2e-environment.ts',
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
};

module.exports = {
  testTimeout: 30_000,
  // Three files at a time on two cores: an e2e file spends much of its time waiting on PostgreSQL, Redis, a browser
  // or a child process, and the files marked `@long-running` start first (test/setup/long-running-first.js).
  // (Jest reads a percentage only up to 100%: '150%' would mean 150 workers.)
  maxWorkers: Math.floor(availableParallelism() * 1.5),
  testSequencer: '<rootDir>/test/setup/long-running-first.js',
  reporters: ['default', '<rootDir>/test/setup/closing-line-reporter.js'],
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/test/**/*.spec.ts'] },
    { ...e2e, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
    // The contract fuzzer: a bounded budget inside `npm test`, a large one with `npm run test:fuzz` (FUZZ_BUDGET).
    { ...e2e, displayName: 'fuzz', testMatch: ['<rootDir>/test/**/*.fuzz-spec.ts'] },
  ],
};
