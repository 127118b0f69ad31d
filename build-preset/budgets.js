// Size budgets of the production front end, enforced at build time: an app over a
// budget fails its build with a message naming the files; every production build prints one
// line per budget (measured gzip size vs the limit) and writes them to dist/budgets.json.
//
// Two kinds of budget:
// - { kind: 'asset', file }: one emitted file (a remote's remoteEntry.js).
// - { kind: 'startup', modules }: every JS file the browser fetches before the page those
//   modules make up is on screen. Counted from the chunk graph:
//     1. the entry chunks;
//     2. the chunk groups holding each start-up module (the shell's `import('./bootstrap')` and
//        the lazy route of the page: they load at start-up although they are async chunks);
//     3. for every shared module consumed by a chunk counted so far, the chunks the host loads
//        to provide it (its ProvideSharedModule's chunk group; the consume's fallback when
//        nothing provides it), and recursively what those chunks consume in turn.
//   A consume inside a dynamic import (axios in @dosar/shared, sweetalert2) lives in that
//   import's own chunk, so it does not count until that import runs. CSS is reported beside.
// Sizes: gzip -9 of the emitted (minified) files, 1 KB = 1024 bytes.
const path = require('node:path');
const zlib = require('node:zlib');

const PLUGIN = 'DosarBudgetsPlugin';
const KB = 1024;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

class BudgetsPlugin {
  /**
   * @param {object} options
   * @param {string} options.app the app's name, in messages
   * @param {Array<{name: string, limitKb: number, kind: 'asset', file: string}
   *   | {name: string, limitKb: number, kind: 'startup', modules: string[]}>} options.budgets
   *   start-up modules are absolute paths
   */
  constructor({ app, budgets }) {
    this.app = app;
    this.budgets = budgets;
    this.results = [];
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification and the real content hashes: the files as they ship.
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          this.results = this.budgets.map((budget) => this.measure(compilation, budget));
          for (const result of this.results) {
            if (result.error) {
              compilation.errors.push(new WebpackError(`[budgets] ${this.app}: ${result.error}`));
            } else if (result.gzip > result.limitKb * KB) {
              compilation.errors.push(new WebpackError(overBudgetMessage(this.app, result)));
            }
          }
          const report = this.results.map(({ name, limitKb, gzip, css, files }) => ({
            name,
            limitBytes: limitKb * KB,
            gzipBytes: gzip,
            cssGzipBytes: css,
            files,
          }));
          compilation.emitAsset('budgets.json', new sources.RawSource(`${JSON.stringify(report, null, 2)}\n`));
        },
      );
    });
    // After webpack-cli printed the stats: the budget lines close the build's output.
    compiler.hooks.afterDone.tap(PLUGIN, () => {
      for (const result of this.results) console.log(budgetLine(this.app, result));
    });
  }

  measure(compilation, budget) {
    const base = { name: budget.name, limitKb: budget.limitKb, gzip: 0, css: 0, files: [] };
    if (budget.kind === 'asset') {
      const asset = compilation.getAsset(budget.file);
      if (!asset) return { ...base, error: `${budget.file} was not emitted` };
      const gzip = gzipSize(asset.source.buffer());
      return { ...base, gzip, files: [{ file: budget.file, gzip }] };
    }
    const { chunks, missing } = startupChunks(compilation, budget.modules);
    if (missing.length) {
      return {
        ...base,
        error: `${budget.name}: no chunk holds ${missing.join(', ')} (the app's startupModules)`,
      };
    }
    const files = new Set();
    for (const chunk of chunks) for (const file of chunk.files) files.add(file);
    const measured = [...files]
      .filter((file) => /\.(m?js|css)$/.test(file))
      .map((file) => ({ file, gzip: gzipSize(compilation.getAsset(file).source.buffer()) }))
      .sort((a, b) => b.gzip - a.gzip);
    const js = measured.filter((f) => !f.file.endsWith('.css'));
    const css = measured.filter((f) => f.file.endsWith('.css'));
    return {
      ...base,
      gzip: sum(js),
      css: sum(css),
      files: measured,
    };
  }
}

/** The chunks fetched before the start-up modules run (see the top of this file). */
function startupChunks(compilation, startupModules) {
  const { chunkGraph } = compilation;
  const chunks = new Set();
  const addGroup = (group) => {
    if (group) for (const chunk of group.chunks) chunks.add(chunk);
  };
  for (const entrypoint of compilation.entrypoints.values()) addGroup(entrypoint);

  // A module concatenated into another (scope hoisting) is found through the one holding it.
  const byResource = new Map();
  for (const module of compilation.modules) {
    for (const inner of module.modules ? [...module.modules] : [module]) {
      if (inner.resource) byResource.set(inner.resource.split('?')[0], module);
    }
  }
  const missing = [];
  for (const file of startupModules) {
    const module = byResource.get(file);
    const moduleChunks = module ? [...chunkGraph.getModuleChunksIterable(module)] : [];
    if (!moduleChunks.length) missing.push(path.basename(file));
    for (const chunk of moduleChunks) for (const group of chunk.groupsIterable) addGroup(group);
  }

  // What the host loads to provide each shared module: its ProvideSharedModule's async block.
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ProvideSharedModule' && module.blocks.length) {
      provided.set(module._name, module.blocks[0]);
    }
  }
  const seenKeys = new Set();
  const queue = [...chunks];
  while (queue.length) {
    const chunk = queue.shift();
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.constructor.name !== 'ConsumeSharedModule') continue;
      const key = module.options.shareKey;
      if (seenKeys.has(key)) continue;
      seenKeys.add(key);
      const block = provided.get(key) || module.blocks[0];
      const group = block && chunkGraph.getBlockChunkGroup(block);
      if (!group) continue; // eager: already inside the consuming chunk
      for (const next of group.chunks) {
        if (!chunks.has(next)) {
          chunks.add(next);
          queue.push(next);
        }
      }
    }
  }
  return { chunks, missing };
}

function gzipSize(buffer) {
  return zlib.gzipSync(buffer, { level: 9 }).length;
}

function sum(files) {
  return files.reduce((total, f) => total + f.gzip, 0);
}

function budgetLine(app, result) {
  if (result.error) return `budget ${app} · ${result.name}: not measured (${result.error})`;
  const over = result.gzip > result.limitKb * KB;
  const count = result.files.filter((f) => !f.file.endsWith('.css')).length;
  const css = result.css ? `, + ${kb(result.css)} gz CSS` : '';
  return (
    `budget ${app} · ${result.name}: ${kb(result.gzip)} gz / limit ${result.limitKb} KB gz` +
    ` — ${over ? 'OVER BUDGET' : 'ok'} (${count} file${count === 1 ? '' : 's'}${css})`
  );
}

function overBudgetMessage(app, result) {
  const limit = result.limitKb * KB;
  const list = result.files.map((f) => `    ${kb(f.gzip).padStart(9)}  ${f.file}`).join('\n');
  return [
    `[budgets] ${app}: ${result.name} is ${kb(result.gzip)} gz, over its ${result.limitKb} KB gz budget by ${kb(result.gzip - limit)}.`,
    `  Files counted (gzip -9):`,
    list,
    `  Make something load later (a dynamic import) or smaller; the budgets are in @dosar/build-preset (webpack.js).`,
  ].join('\n');
}

module.exports = { BudgetsPlugin, startupChunks };
