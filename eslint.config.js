// ESLint 9 flat config for the whole monorepo: `npx eslint .` at the root.
// typescript-eslint (recommended, no type information: fast), React hooks rules on the
// front end, and import-boundary rules (STYLE.md): a remote imports only @dosar/shared
// among the workspaces; @dosar/shared never imports an app; the server never imports
// front-end code.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const layers = require('./scripts/eslint/layers.cjs');

const REMOTES = ['admin-app', 'company-app', 'client-app'];
const FRONT_END = ['shell', 'shared', ...REMOTES];
const WORKSPACES = [...FRONT_END, 'server', 'e2e'];

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
 * own limit. (Build configs beside src/ may still reach ../webpack.common.js.)
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

/**
 * Two front-end layer rules, as a local plugin so they judge the resolved path of an
 * import (a relative path may climb any number of folders) rather than its spelling.
 * Every static import, re-export and dynamic import() counts.
 */
const path = require('node:path');

const importSources = (context, check) => {
  const visit = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') {
      check(node.source, node.source.value);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
};

const resolvedFrom = (context, source) =>
  source.startsWith('.') ? path.resolve(path.dirname(context.filename), source) : null;

const layersPlugin = {
  rules: {
    // <app>/src/features/X/** never imports <app>/src/features/Y/**: what two features share
    // lives in the app's lib/ (or in @dosar/shared), so a feature can move or go alone.
    'feature-isolation': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const match = /^(.*\/src\/features)\/([^/]+)\//.exec(file);
        if (!match) return {};
        const [, featuresDir, own] = match;
        return importSources(context, (node, source) => {
          const target = resolvedFrom(context, source);
          let other = null;
          if (target) {
            const [first] = path.relative(featuresDir, target).split(path.sep);
            if (first && first !== '..') other = first;
          } else {
            other = /(^|\/)features\/([^/]+)/.exec(source)?.[2] ?? null;
          }
          if (other && other !== own) {
            context.report({
              node,
              message: `Feature-ul „${own}” nu importă din feature-ul „${other}”: ce folosesc amândouă stă în lib/ sau în @dosar/shared.`,
            });
          }
        });
      },
    },
    // shared/src/ui/** is presentation only: no HTTP client, no axios, no api/ module, no fetch.
    // The calls live beside their feature (files/api, session/api, …) and reach ui as props.
    'no-http-in-ui': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const message =
          'shared/src/ui nu face apeluri HTTP: apelul stă în modulul api/ al funcționalității, iar componenta îl primește prin props.';
        const srcDir = path.resolve(__dirname, 'shared/src');
        return {
          ...importSources(context, (node, source) => {
            const target = resolvedFrom(context, source);
            const rel = target ? path.relative(srcDir, target).split(path.sep) : [];
            const http = source === 'axios' || source.startsWith('axios/') || rel[0] === 'http' || rel.includes('api');
            if (http) context.report({ node, message });
          }),
          CallExpression(node) {
            if (node.callee.type === 'Identifier' && node.callee.name === 'fetch') context.report({ node, message });
          },
          NewExpression(node) {
            if (node.callee.type === 'Identifier' && node.callee.name === 'XMLHttpRequest')
              context.report({ node, message });
          },
        };
      },
    },
  },
};

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
    files: ['**/*.cjs', '*.config.js', 'jest.*.js', '**/webpack.*.js', 'webpack.*.js', '**/jest.config.js'],
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
    // Layers inside the server and the front-end apps (docs/ARCHITECTURE.md): scripts/eslint/layers.cjs.
    name: 'dosar/layers',
    files: ['server/src/**/*.ts', ...FRONT_END.map((f) => `${f}/src/**/*.{ts,tsx}`)],
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
  // Import boundaries (STYLE.md "Imports run one way").
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
  // and the shared UI primitives make no HTTP call.
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
    rules: { 'dosar/no-http-in-ui': 'error' },
  },
);
