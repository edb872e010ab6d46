// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'test/contract/openapi.d.ts'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      // `_name` marks what a destructuring or a signature must name but does not use (`const { accountId: _, ...view }`).
      // Control characters are matched on purpose: NUL, which PostgreSQL cannot store, and ASCII ranges.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // Dependencies point down: common/ and database/ know no feature (features plug in through ports, docs/architecture.md).
    files: ['src/common/**/*.ts', 'src/database/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules/', message: 'common/ and database/ import no feature: use a port' }] }],
    },
  },
  {
    // Tracker -> tailoring one way: tailoring reaches applications through its TailoringApplications port.
    files: ['src/modules/tailoring/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)tracker/', message: 'tailoring imports nothing of the tracker: use TailoringApplications' }] },
      ],
    },
  },
  {
    // The pages' one script runs in the browser, as a classic script.
    files: ['src/views/static/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // Tests read response bodies as the loose JSON they are; the contract test checks their types against the document.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'tools/cluster-drill/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // CommonJS by necessity: Jest's global setup, teardown, test environment and reporters load outside its module mapper.
    files: ['**/*.cjs', 'test/setup/*.js', 'test/setup/global-*.ts', 'test/setup/e2e-environment.ts', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
