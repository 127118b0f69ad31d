// ESLint rule `dosar/layers`: the import layers of the server and the front end
// (docs/ARCHITECTURE.md). One rule that sees the file's path and each import's
// target, so the layers are stated once, here:
//   server  - Kysely (and query building: selectFrom, insertInto, updateTable, deleteFrom) only in
//             repositories, db/, migrations, cli/, the seed and the infra modules that are
//             repositories themselves;
//           - a routes file never imports a repository;
//           - a feature imports another feature only through its index.ts;
//           - infra/ imports no feature.
//   front   - a feature (<app>/src/features/X) never imports another feature;
//           - shared/src/ui makes no HTTP call (no axios, no shared http client).
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const QUERY_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const INFRA_REPOSITORIES = new Set([
  'db',
  'outbox',
  'read-cache',
  'read-cache-store',
  'rate-limit',
  'auth',
  'tokens',
  'copy-database',
  'orphans',
]);
const FRONT_END_APPS = ['shell', 'admin-app', 'company-app', 'client-app', 'shared'];

const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

/** Whether a server file may build SQL. */
function maySql(file) {
  if (!file.startsWith('server/')) return true;
  if (/\.test\.ts$/.test(file) || file.startsWith('server/test/')) return true;
  if (/^server\/src\/(db|cli)\//.test(file)) return true;
  if (/^server\/src\/seed[^/]*\.ts$/.test(file)) return true;
  if (/(^|\/)repository(\/|[-.][^/]*\.ts$|\.ts$)|-repository\.ts$/.test(file)) return true;
  const infra = /^server\/src\/infra\/([^/]+)\.ts$/.exec(file);
  return Boolean(infra && INFRA_REPOSITORIES.has(infra[1]));
}

const isRepository = (target) => /(^|\/)repository(\/|\.ts$|[-.][^/]*\.ts$)|-repository\.ts$/.test(target);
const isRoutes = (file) => /(^|\/|-)routes\.ts$/.test(file);
const featureOf = (file) => /^server\/src\/features\/([^/]+)\/.+/.exec(file)?.[1];
const frontFeatureOf = (file) => {
  const m = /^([a-z-]+)\/src\/features\/([^/]+)\/.+/.exec(file);
  return m && FRONT_END_APPS.includes(m[1]) ? { app: m[1], feature: m[2] } : null;
};

/** The repository-relative path an import points at (relative imports only; `.js` read as `.ts`). */
function targetOf(file, source) {
  if (!source.startsWith('.')) return null;
  const resolved = rel(path.resolve(ROOT, path.dirname(file), source));
  return resolved.replace(/\.js$/, '.ts');
}

function check(context, node, file, source) {
  const report = (message) => context.report({ node, message });
  if (file.startsWith('server/src/')) {
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
    return;
  }
  const front = frontFeatureOf(file);
  const target = targetOf(file, source);
  if (front && target) {
    const other = frontFeatureOf(target);
    if (other && other.app === front.app && other.feature !== front.feature) {
      return report(`O funcționalitate nu importă din alta („${other.feature}”): mută partea comună în @dosar/shared.`);
    }
  }
  if (file.startsWith('shared/src/ui/')) {
    if (source === 'axios' || (target && /^shared\/src\/(http|api)(\/|\.ts$)/.test(target))) {
      return report('shared/src/ui nu face apeluri HTTP: primește datele prin props.');
    }
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
      MemberExpression(node) {
        if (!file.startsWith('server/src/') || maySql(file)) return;
        if (node.property.type === 'Identifier' && QUERY_BUILDERS.has(node.property.name)) {
          context.report({ node, message: 'Interogările se construiesc doar în repository-uri: mută-o acolo.' });
        }
      },
    };
  },
};
