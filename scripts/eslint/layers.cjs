// ESLint rule `dosar/layers`: the import layers of the server
// (docs/ARCHITECTURE.md). One rule that sees the file's path and each import's
// target, so the layers are stated once, here:
//   server  - Kysely (and query building: selectFrom, insertInto, updateTable, deleteFrom) only in
//             repositories, db/, migrations, cli/, the seed and the infra modules that are
//             repositories themselves;
//           - a routes file never imports a repository;
//           - a feature imports another feature only through its index.ts, and the features import
//             each other without a cycle (server/src/features/index.ts, the list of features, is in
//             none of them: it imports each feature's routes.ts);
//           - infra/ imports no feature;
//           - every error comes from the catalogue in infra/errors.ts (no `new AppError` elsewhere).
// The front-end layers are in build-preset/eslint/front-end-layers.cjs.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const QUERY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const INFRA_REPOSITORIES = new Set(['db', 'outbox', 'rate-limit', 'auth', 'tokens', 'copy-database', 'orphans']);

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** A repository module: repository.ts, x.repository.ts, x-repository.ts, repository-x.ts or repository/… */
const isRepository = (file) => /(^|\/|[-.])repository([-.][^/]*)?\.ts$|(^|\/)repository\//.test(file);

/** Whether a server file may build SQL. */
function maySql(file) {
  if (!file.startsWith('server/')) return true;
  if (/\.test\.ts$/.test(file) || file.startsWith('server/test/')) return true;
  if (/^server\/src\/(db|cli)\//.test(file)) return true;
  if (/^server\/src\/seed[^/]*\.ts$/.test(file)) return true;
  if (isRepository(file)) return true;
  const infra = /^server\/src\/infra\/([^/]+)\.ts$/.exec(file);
  return Boolean(infra && INFRA_REPOSITORIES.has(infra[1]));
}

const isTest = (file) => /\.test\.ts$/.test(file);
const isRoutes = (file) => /(^|\/|-)routes\.ts$/.test(file);
const featureOf = (file) => /^server\/src\/features\/([^/]+)\/.+/.exec(file)?.[1];

/** The repository-relative path an import points at (relative imports only; `.js` read as `.ts`). */
function targetOf(file, source) {
  if (!source.startsWith('.')) return null;
  const resolved = rel(path.resolve(ROOT, path.dirname(file), source));
  return resolved.replace(/\.js$/, '.ts');
}

const FEATURES = path.join(ROOT, 'server', 'src', 'features');
/** The relative module sources of a file: import/export … from '…', import '…', import('…'). */
const RELATIVE_SOURCE = /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The server files under `dir`, repository-relative, tests left out (nothing imports a test). */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !isTest(entry.name) ? [rel(full)] : [];
  });
}

let featureGraph = null;
/**
 * Which features each feature imports, read from the files on disk once per lint run (a rule sees one
 * file; a cycle is a property of them all). Type-only imports count: they are a dependency all the same.
 */
function graphOfFeatures() {
  if (featureGraph) return featureGraph;
  featureGraph = new Map();
  for (const file of sourceFiles(FEATURES)) {
    const own = featureOf(file);
    if (!own) continue;
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const match of text.matchAll(RELATIVE_SOURCE)) {
      const other = featureOf(targetOf(file, match[1] ?? match[2]) ?? '');
      if (!other || other === own) continue;
      if (!featureGraph.has(own)) featureGraph.set(own, new Set());
      featureGraph.get(own).add(other);
    }
  }
  return featureGraph;
}

/** The features from `from` to `to` (both included) along the import graph, or null when `to` is out of reach. */
function importPath(from, to) {
  const graph = graphOfFeatures();
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const feature = queue.shift();
    if (feature === to) {
      const steps = [];
      for (let at = to; at !== null; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(feature) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, feature);
      queue.push(next);
    }
  }
  return null;
}

function check(context, node, file, source) {
  const report = (message) => context.report({ node, message });
  if (!file.startsWith('server/src/')) return;
  if ((source === 'kysely' || source.startsWith('kysely/')) && !maySql(file)) {
    return report('Kysely doar în repository-uri (și db/, migrații, cli/, seed): mută interogarea în repository.');
  }
  const target = targetOf(file, source);
  if (!target) return;
  if (isRoutes(file) && isRepository(target)) {
    return report('O rută nu importă un repository: trece prin service.');
  }
  if (file.startsWith('server/src/infra/') && target.startsWith('server/src/features/')) {
    return report('infra/ nu importă nicio funcționalitate: primește ce îi trebuie de la app.ts / index.ts.');
  }
  const own = featureOf(file);
  const other = featureOf(target);
  if (own && other && own !== other && !/^server\/src\/features\/[^/]+\/index\.ts$/.test(target)) {
    return report(`O funcționalitate importă din „${other}” doar prin ${other}/index.ts.`);
  }
  // The edge own → other closes a cycle when other already reaches own.
  const back = own && other && own !== other && !isTest(file) ? importPath(other, own) : null;
  if (back) {
    return report(
      `Importul din „${other}” închide un ciclu între funcționalități: ${[own, ...back].join(' → ')}. ` +
        'Întoarce dependența (un parametru dat din features/index.ts) sau mută piesa comună de partea ei.',
    );
  }
}

module.exports = {
  meta: { type: 'problem', schema: [], docs: { description: 'Import layers of docs/ARCHITECTURE.md' } },
  create(context) {
    const file = rel(context.filename ?? context.getFilename());
    const onSource = (node) => {
      if (node.source && typeof node.source.value === 'string') check(context, node, file, node.source.value);
    };
    return {
      ImportDeclaration: onSource,
      ExportNamedDeclaration: onSource,
      ExportAllDeclaration: onSource,
      ImportExpression: onSource,
      NewExpression(node) {
        if (!file.startsWith('server/src/') || file === 'server/src/infra/errors.ts' || /\.test\.ts$/.test(file))
          return;
        if (node.callee.type === 'Identifier' && node.callee.name === 'AppError') {
          context.report({
            node,
            message: 'Erorile vin din catalogul infra/errors.ts (errors.…), nu din new AppError.',
          });
        }
      },
      MemberExpression(node) {
        if (!file.startsWith('server/src/') || maySql(file)) return;
        if (node.property.type === 'Identifier' && QUERY_BUILDERS.has(node.property.name)) {
          context.report({ node, message: 'Interogările se construiesc doar în repository-uri: mută-o acolo.' });
        }
      },
    };
  },
};
