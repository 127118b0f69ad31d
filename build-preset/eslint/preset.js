// ESLint 9 flat config of one front-end package, linted from its own folder (`npm run lint -w <app>`):
// typescript-eslint (recommended, no type information), React hooks, features that never import each
// other, and the import boundary of a remote: among the project's packages only @dosar/shared.
// The monorepo's root eslint.config.js applies the same rules (and more) to every package at once.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const layersPlugin = require('./front-end-layers.cjs');

const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'require', 'module', 'exports', '__dirname', '__filename'].map((name) => [name, 'readonly']),
);

/** Flat config for a remote's folder. */
function remoteConfig() {
  return tseslint.config(
    { name: 'dosar/ignores', ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/*.d.ts'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      name: 'dosar/all',
      linterOptions: { reportUnusedDisableDirectives: 'warn' },
      languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
        ],
      },
    },
    {
      name: 'dosar/build-configs',
      files: ['*.js', '*.cjs'],
      languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
      rules: { '@typescript-eslint/no-require-imports': 'off' },
    },
    {
      name: 'dosar/react-hooks',
      files: ['src/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks },
      rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
    },
    {
      name: 'dosar/tests',
      files: ['**/*.test.{ts,tsx}'],
      rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
    },
    {
      name: 'dosar/remote-boundary',
      files: ['src/**/*.{ts,tsx,js,mjs}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@dosar/*', '!@dosar/shared'],
                message:
                  'Un remote importă dintre pachetele proiectului doar @dosar/shared (nu alt remote sau shell-ul).',
              },
              {
                group: ['@dosar/shared/*', '!@dosar/shared/testing'],
                message: 'Importă doar API-ul public: @dosar/shared (și, în teste, @dosar/shared/testing).',
              },
              {
                regex: '^(\\./)?(\\.\\./)+(shell|shared|admin-app|company-app|client-app|server)(/|$)',
                message: 'Un remote nu importă din afara folderului lui: folosește @dosar/shared.',
              },
            ],
          },
        ],
      },
    },
    {
      name: 'dosar/front-end-layers/features',
      files: ['src/features/**/*.{ts,tsx}'],
      plugins: { dosar: layersPlugin },
      rules: { 'dosar/feature-isolation': 'error' },
    },
  );
}

module.exports = { remoteConfig };
