// @dosar/build-preset: one webpack factory for the shell and the three remotes.
// Each app's webpack.config.js calls createConfig({ name, dir, port, exposes }); an app builds from its own
// folder plus installed packages (this one, @dosar/shared), never from another app's source (docs/remotes.md).
const fs = require('node:fs');
const path = require('node:path');
// webpack stays at 5.106: from 5.107 it moved internals that @module-federation/enhanced
// 2.9.2 deep-imports (module-federation/core#4747).
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const compilerWebpack = require('webpack');
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const ReactRefreshTypeScript = require('react-refresh-typescript').default;
const { BudgetsPlugin } = require('./budgets');
const { RemoteContractPlugin, ShellContractPlugin, provisionsOf } = require('./contract');
const { BuildManifestPlugin } = require('./manifest');

const API_TARGET = process.env.DOSAR_API_URL || 'http://localhost:8080';

/**
 * Dev-server ports, each overridable by its variable (DOSAR_SHELL_PORT=4000 …); the shell's dev
 * /remotes.json points at the remotes' dev servers on the same ports.
 */
const DEV_PORTS = { shell: 3000, admin_app: 3001, company_app: 3002, client_app: 3003 };
const PORT_VARIABLES = {
  shell: 'DOSAR_SHELL_PORT',
  admin_app: 'DOSAR_ADMIN_PORT',
  company_app: 'DOSAR_COMPANY_PORT',
  client_app: 'DOSAR_CLIENT_PORT',
};
function devPort(name, fallback = DEV_PORTS[name]) {
  const raw = process.env[PORT_VARIABLES[name]];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`${PORT_VARIABLES[name]}=${raw}: not a port number`);
  }
  return port;
}

/**
 * Development: a remote's exposed modules first connect its own React Refresh runtime to the page's
 * React (the plugin does that only for the remote's own page, not for the container the shell loads).
 */
function withRefreshEntry(exposes) {
  const refreshEntry = require.resolve('@pmmmwh/react-refresh-webpack-plugin/client/ReactRefreshEntry.js');
  return Object.fromEntries(
    Object.entries(exposes).map(([key, request]) => [key, { import: [refreshEntry, request] }]),
  );
}

/** Printed by a remote's dev server: it needs the API, and how to start it (docs/remotes.md). */
function apiHint(name) {
  return (
    `[${name}] this remote's page talks to the API through /api → ${API_TARGET} (DOSAR_API_URL). ` +
    'Start it in another terminal with `npm run dev -w server` (or everything with `npm run dev`).'
  );
}

function shellHint(port) {
  return `\n  Dosar (dezvoltare): deschide http://localhost:${port}/ — API la ${API_TARGET}\n`;
}

/**
 * Production size budgets, enforced by budgets.js: over one, the build fails.
 * "Shell initial JS" is every JS file a visitor's browser fetches to show the home page `/`:
 * the entry (with the federation runtime), the bootstrap chunk, the shared singletons consumed
 * before the first render, and the page's own chunk (the shell names those modules: `startupModules`).
 */
const BUDGETS = { shellInitialKb: 150, remoteEntryKb: 15 };

/**
 * The shell hands its federation runtime to the production remotes (`experiments.externalRuntime`:
 * remoteEntry.js carries none) through this runtime plugin rather than MF's
 * `provideExternalRuntime`, which bundled a second, CommonJS copy of the whole runtime into the
 * shell's entry (≈ 22 KB gz). It hands over the exports it imports, nothing more.
 */
const RUNTIME_CORE_PROVIDER = path.resolve(__dirname, 'federation/provide-runtime-core.mjs');

/** The runtime-core exports the shell provides to the remotes: the names the provider imports. */
function providedRuntimeCoreExports() {
  const source = fs.readFileSync(RUNTIME_CORE_PROVIDER, 'utf8');
  const match = /import\s*\{([^}]*)\}\s*from\s*'@module-federation\/runtime-core'/.exec(source);
  if (!match) throw new Error(`${RUNTIME_CORE_PROVIDER}: no import from '@module-federation/runtime-core'`);
  return match[1]
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '));
}

/**
 * A production remote reads the federation runtime from the shell: its build fails if its
 * runtime needs an export the shell does not provide (e.g. after an MF upgrade).
 */
class ExternalRuntimeContractPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DosarExternalRuntimeContract', (compilation) => {
      compilation.hooks.afterSeal.tap('DosarExternalRuntimeContract', () => {
        const provided = new Set(providedRuntimeCoreExports());
        for (const module of compilation.modules) {
          if (module.constructor.name !== 'ExternalModule' || module.request !== '_FEDERATION_RUNTIME_CORE') continue;
          const used = compilation.moduleGraph.getExportsInfo(module).getUsedExports(undefined);
          const names = used === true ? ['(the whole namespace)'] : used ? [...used] : [];
          const lacking = names.filter((name) => !provided.has(name));
          if (lacking.length) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `[federation] this remote's runtime needs ${lacking.join(', ')} from the shell's federation runtime, ` +
                  `which @dosar/build-preset/federation/provide-runtime-core.mjs does not provide: add them there.`,
              ),
            );
          }
        }
      });
    });
  }
}

/** The package.json of `pkg` as the app in `dir` resolves it (installed, or a workspace link). */
const packageJson = (pkg, dir) => require(require.resolve(`${pkg}/package.json`, { paths: [dir] }));
/** @module-federation/runtime-core exports no ./package.json: read it beside its entry (dist/). */
const runtimeCoreVersion = () =>
  JSON.parse(
    fs.readFileSync(path.join(require.resolve('@module-federation/runtime-core'), '../../package.json'), 'utf8'),
  ).version;
const caret = (version) => `^${version}`;

/**
 * Shared singletons: exactly one copy of each at run time. Subpaths of react and
 * react-dom ('react/jsx-runtime', 'react-dom/client') are separate requests, hence
 * the 'react/' and 'react-dom/' prefixes. Versions are explicit: @dosar/shared is a
 * workspace package whose version cannot be inferred.
 */
function sharedModules(dir) {
  const singleton = (pkg, request = pkg) => {
    const { version } = packageJson(pkg, dir);
    return [request, { singleton: true, version, requiredVersion: caret(version) }];
  };
  const sharedPkg = packageJson('@dosar/shared', dir);
  return Object.fromEntries([
    singleton('react'),
    singleton('react', 'react/'),
    singleton('react-dom'),
    singleton('react-dom', 'react-dom/'),
    singleton('react-router'),
    singleton('react-router-dom'),
    singleton('react-redux'),
    singleton('@reduxjs/toolkit'),
    singleton('axios'),
    singleton('sweetalert2'),
    [
      '@dosar/shared',
      {
        singleton: true,
        version: sharedPkg.version,
        // Remotes deploy independently and run against the copy loaded first: it must stay backward compatible.
        requiredVersion: caret(sharedPkg.version),
      },
    ],
  ]);
}

/**
 * Files that ship minified already and are not minified again (≈ 2 MB of terser work per app build):
 * pdf.js's chunk (files/preview/load-pdfjs.ts names it `pdfjs`) and its worker, an asset emitted as is.
 */
const PREMINIFIED = /(^|\/)(pdfjs\.[0-9a-f]+\.js|pdfjs\.js|pdf\.worker\.min(\.[0-9a-f]+)?\.mjs)$/;

/**
 * Precompressed copies written beside each text asset (`x.js.br`, `x.js.gz`): the server picks one
 * by Accept-Encoding (server/src/features/web/) and never compresses per request. A copy that
 * saves less than 20 % is not written (the server then sends the file as is).
 */
const COMPRESSIBLE = /\.(m?js|css|html|json|svg)$/;
function compressionPlugins() {
  return [
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test: COMPRESSIBLE,
      compressionOptions: { level: 9 },
    }),
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test: COMPRESSIBLE,
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/** Production source maps only when asked for (DOSAR_SOURCE_MAPS=1, e.g. for error tracking); never linked. */
const productionSourceMaps = () => process.env.DOSAR_SOURCE_MAPS === '1';

/** The shell's dev server answers /remotes.json itself, pointing at the remotes' dev servers. */
function devRemotesJson() {
  const entry = (name) => ({ name, entry: `http://localhost:${devPort(name)}/remoteEntry.js` });
  return { admin: entry('admin_app'), company: entry('company_app'), client: entry('client_app') };
}

/**
 * @param {object} options
 * @param {string} options.name 'shell' | 'admin_app' | 'company_app' | 'client_app'
 * @param {string} options.dir the app's directory (__dirname of its webpack.config.js)
 * @param {number} options.port dev-server port
 * @param {Record<string, string>} [options.exposes] a remote's exposed modules ({ './App': … })
 * @param {string[]} [options.startupModules] the shell's modules that run before `/` is on screen
 *   (relative to dir): its start-up budget
 */
function createConfig({ name, dir, port: defaultPort, exposes, startupModules = [] }) {
  const isRemote = !!exposes;
  return (_env, argv = {}) => {
    const port = devPort(name, defaultPort);
    const production = argv.mode === 'production' || process.env.NODE_ENV === 'production';
    // Production remotes borrow the federation runtime the shell provides (remoteEntry ≈ 9 KB gz
    // instead of ≈ 25 KB). A remote's own page (main entry) exists only on its dev server,
    // where it carries its own runtime so it can run alone.
    const standalonePage = !isRemote || !production;
    const hash = production ? '.[contenthash:8]' : '';
    const shared = sharedModules(dir);
    // The federation runtime asks for its own chunk's file name before that chunk has a
    // hash (only to learn the directory depth): answer without the hash then.
    const hashedName = (pathData) =>
      production && pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript
        ? '[name].[contenthash:8].js'
        : '[name].js';

    const devServer = {
      port,
      host: 'localhost',
      hot: true,
      historyApiFallback: true,
      allowedHosts: 'all',
      client: { overlay: { warnings: false, errors: true }, webSocketURL: `ws://localhost:${port}/ws` },
      proxy: [
        {
          // DOSAR_REMOTES=api: the shell asks the API for /remotes.json (REMOTE_*_URL on the server).
          context: isRemote || process.env.DOSAR_REMOTES === 'api' ? ['/api', '/remotes.json'] : ['/api'],
          target: API_TARGET,
          changeOrigin: false,
          // The API is not running: say so (here and in the page) instead of a bare 504.
          onError(_error, _request, response) {
            if (isRemote) console.warn(apiHint(name));
            if (!response.headersSent) {
              response.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
            }
            response.end(
              JSON.stringify({ error: `API-ul nu răspunde la ${API_TARGET}: pornește-l cu npm run dev -w server.` }),
            );
          },
        },
      ],
      // Among the five processes of `npm run dev`, the line a person looks for: where to open the product.
      onListening: () => console.log(isRemote ? apiHint(name) : shellHint(port)),
      headers: isRemote
        ? {
            'Access-Control-Allow-Origin': '*',
            'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
            'Access-Control-Allow-Headers': '*',
          }
        : {},
    };
    if (!isRemote && process.env.DOSAR_REMOTES !== 'api') {
      devServer.setupMiddlewares = (middlewares, server) => {
        server.app.get('/remotes.json', (_req, res) => res.json(devRemotesJson()));
        return middlewares;
      };
    }

    return {
      name,
      context: dir,
      mode: production ? 'production' : 'development',
      entry: standalonePage
        ? {
            main:
              !isRemote && !production
                ? [path.join(__dirname, 'dev', 'record-renderers.js'), path.resolve(dir, 'src/index.ts')]
                : path.resolve(dir, 'src/index.ts'),
          }
        : {},
      // Production: no maps unless DOSAR_SOURCE_MAPS=1; then written for error tracking, not linked (nor served).
      devtool: production ? (productionSourceMaps() ? 'hidden-source-map' : false) : 'eval-cheap-module-source-map',
      output: {
        path: path.resolve(dir, 'dist'),
        // Remotes resolve chunks next to their remoteEntry.js; the shell serves deep routes from /.
        publicPath: isRemote ? 'auto' : '/',
        filename: hashedName,
        chunkFilename: hashedName,
        assetModuleFilename: `assets/[name]${hash}[ext]`,
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            // @dosar/shared is TypeScript source reached through the workspace symlink (resolved to ./shared).
            exclude: /node_modules/,
            use: {
              loader: require.resolve('ts-loader'),
              options: {
                transpileOnly: true,
                configFile: path.resolve(dir, 'tsconfig.json'),
                compilerOptions: {
                  noEmit: false,
                  module: 'esnext',
                  sourceMap: !production || productionSourceMaps(),
                },
                // React Fast Refresh (development): components keep their state on edit.
                ...(production ? {} : { getCustomTransformers: () => ({ before: [ReactRefreshTypeScript()] }) }),
              },
            },
          },
          // Production: real .css files (fetched beside their chunk, not in the JS); dev: style-loader (HMR).
          {
            test: /\.css$/,
            use: [
              production ? MiniCssExtractPlugin.loader : require.resolve('style-loader'),
              require.resolve('css-loader'),
            ],
          },
          { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        // The contract between remote and shell (contract.js, docs/remotes.md).
        isRemote
          ? new RemoteContractPlugin({ name, exposes, shared, check: production })
          : new ShellContractPlugin({ shared, runtimeCore: providedRuntimeCoreExports() }),
        // What the shell provides, for its run-time check of each remote's dosar-remote.json.
        !isRemote &&
          new compilerWebpack.DefinePlugin({
            'process.env.DOSAR_SHELL_PROVIDES': JSON.stringify(JSON.stringify(provisionsOf(shared))),
          }),
        new ModuleFederationPlugin({
          name,
          ...(isRemote
            ? { filename: 'remoteEntry.js', exposes: production ? exposes : withRefreshEntry(exposes) }
            : {
                remotes: {},
                runtimePlugins: [[RUNTIME_CORE_PROVIDER, { version: runtimeCoreVersion() }]],
              }),
          shared,
          shareStrategy: 'loaded-first',
          dts: false,
          manifest: false,
          experiments: {
            ...(isRemote ? { externalRuntime: !standalonePage } : {}),
            // Remotes are plain remoteEntry.js URLs (no manifest snapshots); browser only.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        standalonePage &&
          new HtmlWebpackPlugin({
            template: path.resolve(dir, 'public/index.html'),
            // The container entry must not be injected into the page.
            chunks: ['main'],
            // Absolute script URLs: a remote's publicPath is 'auto', which made them relative and
            // broke a reload on a deep route of its dev server (/company/dashboard → /company/main.js).
            publicPath: '/',
            scriptLoading: 'defer',
          }),
        production &&
          new MiniCssExtractPlugin({
            filename: '[name].[contenthash:8].css',
            chunkFilename: '[name].[contenthash:8].css',
          }),
        ...(production ? compressionPlugins() : []),
        // One refresh runtime per federated app in the page: `library` keeps them apart.
        !production && new ReactRefreshWebpackPlugin({ library: name, overlay: false }),
        production && isRemote && !standalonePage && new ExternalRuntimeContractPlugin(),
        // Last of all, the build's manifest (manifest.js): the server archives the build only once it is whole.
        production && isRemote && new BuildManifestPlugin(),
        production &&
          new BudgetsPlugin({
            app: name,
            budgets: isRemote
              ? [{ name: 'remoteEntry.js', kind: 'asset', file: 'remoteEntry.js', limitKb: BUDGETS.remoteEntryKb }]
              : [
                  {
                    name: 'shell initial JS (home page /)',
                    kind: 'startup',
                    modules: startupModules.map((file) => path.resolve(dir, file)),
                    limitKb: BUDGETS.shellInitialKb,
                  },
                ],
          }),
      ].filter(Boolean),
      optimization: {
        // never runtimeChunk: 'single' — it breaks federated containers.
        moduleIds: production ? 'deterministic' : 'named',
        // webpack's own default (terser, two compress passes), less the files that come minified.
        minimizer: [new TerserPlugin({ exclude: PREMINIFIED, terserOptions: { compress: { passes: 2 } } })],
      },
      performance: {
        hints: production ? 'warning' : false,
        maxEntrypointSize: 400 * 1024,
        maxAssetSize: 400 * 1024,
      },
      devServer,
      stats: production ? 'normal' : 'minimal',
    };
  };
}

/**
 * A light page of the shell's production build: its own entry and HTML (e.g. incarcare.html for the
 * upload link), with React and the page's modules bundled in, and no module federation, session or
 * router: nothing to negotiate before the first render. Built after the shell (webpack's `dependencies`)
 * into the same dist/ (the shell's build cleans it first), under its own chunk-loading global.
 * @param {object} shellConfig the shell's production config (createConfig's result), for its loaders
 * @param {{ name: string, entry: string[], template: string, filename: string }} page `entry`: its modules
 *   in order (relative to the shell's folder, or resolved), e.g. a stylesheet, then the page's script
 */
function lightPageConfig(shellConfig, { name, entry, template, filename }) {
  const dir = shellConfig.context;
  return {
    name,
    dependencies: [shellConfig.name],
    context: dir,
    mode: 'production',
    entry: { [name]: entry.map((file) => path.resolve(dir, file)) },
    devtool: shellConfig.devtool,
    output: { ...shellConfig.output, uniqueName: name, clean: false },
    resolve: shellConfig.resolve,
    module: shellConfig.module,
    plugins: [
      new HtmlWebpackPlugin({
        template: path.resolve(dir, template),
        filename,
        chunks: [name],
        publicPath: '/',
        scriptLoading: 'defer',
      }),
      new MiniCssExtractPlugin({
        filename: '[name].[contenthash:8].css',
        chunkFilename: '[name].[contenthash:8].css',
      }),
      ...compressionPlugins(),
    ],
    optimization: shellConfig.optimization,
    performance: shellConfig.performance,
    stats: shellConfig.stats,
  };
}

module.exports = {
  createConfig,
  lightPageConfig,
  sharedModules,
  providedRuntimeCoreExports,
  BUDGETS,
  DEV_PORTS,
  devPort,
};
