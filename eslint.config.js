// ESLint 9 flat config for the whole monorepo: `npx eslint .` at the root.
// typescript-eslint (recommended, no type information: fast), React hooks rules on the
// front end, and import-boundary rules: a remote imports only @dosar/shared
// among the workspaces; @dosar/shared never imports an app; the server never imports
// front-end code.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const layers = require('./scripts/eslint/layers.cjs');
const layersPlugin = require('./build-preset/eslint/front-end-layers.cjs');

const REMOTES = ['admin-app', 'company-app', 'client-app'];
const FRONT_END = ['shell', 'shared', ...REMOTES];
const WORKSPACES = [...FRONT_END, 'server', 'e2e', 'build-preset'];

const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'require',
    'module',
    'exports',
    '__dirname',
    '__filename',
    'Buffer',
    'URL',
    'URLSearchParams',
    'fetch',
    'AbortController',
    'AbortSignal',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'structuredClone',
    'TextDecoder',
    'TextEncoder',
    'globalThis',
    'performance',
    'FormData',
    'Blob',
  ].map((name) => [name, 'readonly']),
);
// e2e tests hand functions to page.evaluate(); those run in the browser.
const browserGlobals = Object.fromEntries(
  ['window', 'document', 'localStorage', 'navigator', 'location'].map((name) => [name, 'readonly']),
);

/** A relative import that climbs out of its folder into one of the named workspaces. */
const relativeInto = (folders) => ({
  regex: `^(\\./)?(\\.\\./)+(${folders.join('|')})(/|$)`,
  message: 'Importurile relative nu trec dintr-un pachet în altul: folosește @dosar/shared.',
});

const EXTENSIONS = '{ts,tsx,js,jsx,mjs,cjs}';
const MAX_DEPTH = 12;

/**
 * no-restricted-imports for the files of one workspace. With `sealed`, a relative
 * import in its src/ may not climb out of the workspace folder at all: a file N
 * folders below src/ may use at most N + 1 `../`, so one block per depth carries its
 * own limit. (Build configs beside src/ read @dosar/build-preset.)
 */
const boundary = (folder, patterns, { paths = [], sealed = false } = {}) => {
  const blocks = [
    {
      name: `dosar/boundary/${folder}`,
      files: [`${folder}/**/*.${EXTENSIONS}`],
      rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
    },
  ];
  if (!sealed) return blocks;
  for (let depth = 0; depth <= MAX_DEPTH; depth += 1) {
    const escape = {
      regex: `^(\\./)?(\\.\\./){${depth + 2},}`,
      message: `Importul iese din ${folder}/: un pachet importă din alt pachet doar prin numele lui (@dosar/shared).`,
    };
    blocks.push({
      name: `dosar/boundary/${folder}/depth-${depth}`,
      files: [`${folder}/src/${'*/'.repeat(depth)}*.${EXTENSIONS}`],
      rules: { 'no-restricted-imports': ['error', { paths, patterns: [...patterns, escape] }] },
    });
  }
  return blocks;
};

const remoteBoundary = (remote) =>
  boundary(
    remote,
    [
      {
        group: ['@dosar/*', '!@dosar/shared'],
        message: 'Un remote importă dintre pachetele proiectului doar @dosar/shared (nu alt remote sau shell-ul).',
      },
      // '@dosar/shared/testing' holds the jest helpers the remotes' tests share.
      {
        group: ['@dosar/shared/*', '!@dosar/shared/testing'],
        message: 'Importă doar API-ul public: @dosar/shared (și, în teste, @dosar/shared/testing).',
      },
      relativeInto(WORKSPACES.filter((w) => w !== remote)),
    ],
    { sealed: true },
  );

module.exports = tseslint.config(
  {
    name: 'dosar/ignores',
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'data/**',
      '**/data/**',
      'bench/out/**',
      'e2e/artifacts/**',
      '**/*.d.ts',
    ],
  },
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
    name: 'dosar/node-scripts',
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    name: 'dosar/commonjs',
    files: [
      '**/*.cjs',
      '*.config.js',
      'jest.*.js',
      '**/webpack.*.js',
      'webpack.*.js',
      '**/jest.config.js',
      '**/eslint.config.js',
      'build-preset/**/*.js',
    ],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Browser tests and benchmarks hand functions to page.evaluate(); those run in the browser.
    name: 'dosar/e2e',
    files: ['e2e/**/*.{js,mjs}', 'bench/**/*.{js,mjs}'],
    languageOptions: { globals: { ...nodeGlobals, ...browserGlobals } },
  },
  {
    name: 'dosar/react-hooks',
    files: FRONT_END.map((f) => `${f}/src/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // File names and headers are cleaned of control characters on purpose.
    name: 'dosar/server',
    files: ['server/**/*.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    name: 'dosar/tests',
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Layers of the server (docs/ARCHITECTURE.md): scripts/eslint/layers.cjs.
    name: 'dosar/layers',
    files: ['server/src/**/*.ts'],
    plugins: { dosar: { rules: { layers } } },
    rules: { 'dosar/layers': 'error' },
  },
  {
    // A server source file stays readable in one sitting.
    name: 'dosar/server-file-size',
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  // Import boundaries.
  ...REMOTES.flatMap(remoteBoundary),
  ...boundary(
    'shell',
    [
      { group: ['@dosar/*', '!@dosar/shared'], message: 'Shell-ul încarcă remote-urile doar prin module federation.' },
      { group: ['@dosar/shared/*'], message: 'Importă doar API-ul public: @dosar/shared.' },
      relativeInto(WORKSPACES.filter((w) => w !== 'shell')),
    ],
    { sealed: true },
  ),
  ...boundary(
    'shared',
    [
      { group: ['@dosar/*', '!@dosar/shared'], message: '@dosar/shared nu importă din aplicații.' },
      relativeInto(WORKSPACES.filter((w) => w !== 'shared')),
    ],
    { sealed: true },
  ),
  ...boundary(
    'server',
    [
      { group: ['@dosar/*'], message: 'Serverul nu importă cod de front-end.' },
      { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'Serverul nu importă cod de front-end.' },
      relativeInto(WORKSPACES.filter((w) => w !== 'server')),
    ],
    {
      paths: ['axios', 'sweetalert2', 'react-router-dom', 'react-redux', '@reduxjs/toolkit'].map((name) => ({
        name,
        message: 'Serverul nu importă cod de front-end.',
      })),
    },
  ),
  // Front-end layers: a feature never imports another feature (in every app with features/),
  // and the shared UI primitives make no HTTP call and read no session.
  {
    name: 'dosar/front-end-layers/features',
    files: ['{shell,admin-app,company-app,client-app}/src/features/**/*.{ts,tsx}'],
    plugins: { dosar: layersPlugin },
    rules: { 'dosar/feature-isolation': 'error' },
  },
  {
    name: 'dosar/front-end-layers/shared-ui',
    files: ['shared/src/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { dosar: layersPlugin },
    rules: { 'dosar/no-http-in-ui': 'error', 'dosar/no-session-in-ui': 'error' },
  },
);
