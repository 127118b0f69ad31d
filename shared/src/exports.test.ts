/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The index is what the shell hands every remote at run time, so each name it exports is one
// the shell must keep providing: a name no app imports is a promise nobody asked for.
// Types count too, so the names come from the type checker rather than the loaded module.

const SHARED = path.resolve(__dirname, '..');
const ROOT = path.resolve(SHARED, '..');
const INDEX = path.join(SHARED, 'src', 'index.ts');
const APPS = ['shell', 'admin-app', 'company-app', 'client-app'].map((app) => path.join(ROOT, app, 'src'));
// The package's other public entry ('@dosar/shared/testing') may lean on the index too.
const OTHER_ENTRIES = [path.join(SHARED, 'testing.ts'), path.join(SHARED, 'src', 'testing')];
const PACKAGE = '@dosar/shared';

function exportedNames(): string[] {
  const program = ts.createProgram([INDEX], {
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: [],
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const index = checker.getSymbolAtLocation(program.getSourceFile(INDEX)!)!;
  return checker.getExportsOfModule(index).map((symbol) => symbol.name);
}

function sourceFiles(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .flatMap((item) => (item.name === 'node_modules' ? [] : sourceFiles(path.join(entry, item.name))))
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
}

/** '@dosar/shared' itself, or (inside the package) a relative path to its index. */
function isIndex(specifier: string, file: string): boolean {
  if (specifier === PACKAGE) return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier).replace(/(\/index)?(\.ts)?$/, '');
  return target === path.dirname(INDEX);
}

const stringArgument = (node: ts.CallExpression) => {
  const [first] = node.arguments;
  return first && ts.isStringLiteral(first) ? first.text : null;
};

/** `require('…')`, `jest.requireActual('…')` or `await import('…')`, answering the specifier. */
function loadedModule(node: ts.Expression): string | null {
  const call = ts.isAwaitExpression(node) ? node.expression : node;
  if (!ts.isCallExpression(call)) return null;
  const callee = call.expression.getText();
  const loads =
    ['require', 'jest.requireActual'].includes(callee) || call.expression.kind === ts.SyntaxKind.ImportKeyword;
  return loads ? stringArgument(call) : null;
}

/** The names a file takes from the index: imports, re-exports, destructured requires, import('…').X types. */
function importedNames(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const namespaces = new Set<string>();
  const fromIndex = (specifier: ts.Expression | undefined) =>
    !!specifier && ts.isStringLiteral(specifier) && isIndex(specifier.text, file);

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && fromIndex(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        bindings.elements.forEach((element) => names.push((element.propertyName ?? element.name).text));
      }
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    } else if (ts.isExportDeclaration(node) && fromIndex(node.moduleSpecifier)) {
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        node.exportClause.elements.forEach((element) => names.push((element.propertyName ?? element.name).text));
      }
    } else if (ts.isVariableDeclaration(node) && node.initializer) {
      const loaded = loadedModule(ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer);
      if (loaded && isIndex(loaded, file) && ts.isObjectBindingPattern(node.name)) {
        node.name.elements.forEach((element) => {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key)) names.push(key.text);
        });
      }
    } else if (ts.isImportTypeNode(node) && node.qualifier) {
      const argument = node.argument;
      if (
        ts.isLiteralTypeNode(argument) &&
        ts.isStringLiteral(argument.literal) &&
        isIndex(argument.literal.text, file)
      ) {
        let name: ts.EntityName = node.qualifier;
        while (ts.isQualifiedName(name)) name = name.left;
        names.push(name.text);
      }
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      if (namespaces.has(node.expression.text)) names.push(node.name.text);
    } else if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && namespaces.has(node.left.text)) {
      names.push(node.right.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

describe('@dosar/shared exports what an app uses', () => {
  it('every name of the index is imported by the shell, a remote or another public entry', () => {
    const exported = exportedNames();
    const imported = new Set([...APPS, ...OTHER_ENTRIES].flatMap(sourceFiles).flatMap(importedNames));
    expect(exported.length).toBeGreaterThan(0);
    const unused = exported.filter((name) => !imported.has(name)).sort();
    // Each name listed here: remove it from src/index.ts (and its code, if nothing in the package uses it).
    expect(unused).toEqual([]);
  }, 60_000);
});
