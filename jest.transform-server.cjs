// Jest runs the server's tests as CommonJS (its ESM mode cannot require() the
// ESM-only packages that Fastify's CommonJS plugins pull in). This transformer
// turns the server's TypeScript, and any ES module or import() call found in
// node_modules, into CommonJS. Other node_modules files pass through untouched.
const ts = require('typescript');

const ESM_SYNTAX = /^\s*(import\s*[\w*{'"]|export\s)|\bimport\s*\(|\bimport\.meta\b/m;
const PRELUDE =
  'var __jestImport = (m) => { const x = require(m); ' +
  'return Promise.resolve(x && x.__esModule ? x : Object.assign({ default: x }, x)); };\n';

module.exports = {
  process(source, filename) {
    const isTs = filename.endsWith('.ts');
    if (!isTs && !ESM_SYNTAX.test(source)) return { code: source };
    const code = source
      .replace(/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href")
      .replace(/\bimport\(\s*(["'][^"']+["'])\s*\)/g, '__jestImport($1)');
    const out = ts.transpileModule(code, {
      // TypeScript keeps a `.mjs` file an ES module whatever `module` says: name it `.js` to get CommonJS.
      fileName: filename.replace(/\.mjs$/, '.js'),
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        allowJs: true,
        inlineSourceMap: true,
        inlineSources: true,
      },
    });
    return { code: PRELUDE + out.outputText };
  },
};
