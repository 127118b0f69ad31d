// The build-time half of the remote ↔ shell contract (contract.js, docs/remotes.md).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { expect, test } = require('@jest/globals');
const webpack = require('webpack');
const { RemoteContractPlugin, contractProblems, requirementsOf } = require('./contract');

const shared = (version) => ({
  '@dosar/shared': { singleton: true, version, requiredVersion: `^${version}` },
  react: { singleton: true, version: '18.3.1', requiredVersion: '^18.3.1' },
  'react/': { singleton: true, version: '18.3.1', requiredVersion: '^18.3.1' },
});

/**
 * Compiles a one-line remote with the contract plugin against `shellContract` (a contract, a path, or null
 * for none); answers {errors, warnings, contract}.
 */
function buildRemote(sharedVersion, shellContract) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-contract-'));
  fs.writeFileSync(path.join(dir, 'index.js'), 'export default 1;\n');
  const previous = process.env.DOSAR_SHELL_CONTRACT;
  if (typeof shellContract === 'string') {
    process.env.DOSAR_SHELL_CONTRACT = shellContract; // where it is said to be
  } else if (shellContract) {
    fs.writeFileSync(path.join(dir, 'shell-contract.json'), JSON.stringify(shellContract));
    process.env.DOSAR_SHELL_CONTRACT = path.join(dir, 'shell-contract.json');
  } else {
    delete process.env.DOSAR_SHELL_CONTRACT;
  }
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './index.js',
    output: { path: path.join(dir, 'dist') },
    plugins: [
      new RemoteContractPlugin({
        name: 'company_app',
        exposes: { './App': './index.js' },
        shared: shared(sharedVersion),
        check: true,
      }),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (previous === undefined) delete process.env.DOSAR_SHELL_CONTRACT;
      else process.env.DOSAR_SHELL_CONTRACT = previous;
      if (error) return reject(error);
      const file = path.join(dir, 'dist', 'dosar-remote.json');
      const info = stats.toJson({ all: false, errors: true, warnings: true });
      resolve({
        errors: info.errors.map((e) => e.message),
        warnings: info.warnings.map((w) => w.message),
        contract: fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null,
      });
      compiler.close(() => fs.rmSync(dir, { recursive: true, force: true }));
    }),
  );
}

const SHELL = { contract: 1, provides: { '@dosar/shared': '1.0.0', react: '18.3.1' } };

test('requirements leave out subpath keys; problems name package, range and provided version', () => {
  expect(requirementsOf(shared('1.0.0'))).toEqual({ '@dosar/shared': '^1.0.0', react: '^18.3.1' });
  expect(contractProblems({ '@dosar/shared': '^1.1.0', react: '^18.0.0', x: '^1.0.0' }, SHELL.provides)).toEqual([
    { package: '@dosar/shared', required: '^1.1.0', provided: '1.0.0' },
    { package: 'x', required: '^1.0.0', provided: null },
  ]);
});

test('a remote requiring what the shell provides builds and declares its contract', async () => {
  const { errors, contract } = await buildRemote('1.0.0', SHELL);
  expect(errors).toEqual([]);
  expect(contract).toMatchObject({
    contract: 1,
    name: 'company_app',
    exposes: ['./App'],
    requires: { '@dosar/shared': '^1.0.0', react: '^18.3.1' },
  });
});

test('a remote requiring a newer @dosar/shared than the shell provides fails its build', async () => {
  const { errors } = await buildRemote('1.2.0', SHELL);
  expect(errors.join('\n')).toMatch(/@dosar\/shared: this remote requires \^1\.2\.0, the shell provides 1\.0\.0/);
});

test('without DOSAR_SHELL_CONTRACT a production build fails, naming what to set', async () => {
  const { errors } = await buildRemote('1.0.0', null);
  expect(errors.join('\n')).toMatch(/must be checked against a shell: set DOSAR_SHELL_CONTRACT/);
});

test('a shell contract that cannot be read fails the build', async () => {
  const { errors } = await buildRemote('1.0.0', path.join(os.tmpdir(), 'no-such-dir', 'shell-contract.json'));
  expect(errors.join('\n')).toMatch(/cannot read the shell's contract/);
});
