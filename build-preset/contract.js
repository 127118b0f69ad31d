// The contract between a remote and the shell that hosts it (docs/remotes.md).
//
// - A remote's build writes dosar-remote.json beside its remoteEntry.js: what it exposes and the range of
//   every shared package it requires. The shell reads it before loading the remote and refuses an
//   incompatible one with a Romanian message naming the area and the versions.
// - The shell's build writes shell-contract.json: the version of every shared package it provides.
// - A remote's production build fails when it requires a version the current shell does not provide:
//   DOSAR_SHELL_CONTRACT names that shell's shell-contract.json (a file path, or the deployed shell's URL,
//   e.g. https://dosar.example.ro/shell-contract.json). Unset, a production build fails; a development build
//   is never checked, and says so once.
const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');

const CONTRACT_VERSION = 1;
const REMOTE_CONTRACT_FILE = 'dosar-remote.json';
const SHELL_CONTRACT_FILE = 'shell-contract.json';
const PLUGIN = 'DosarContract';

/** {package: requiredVersion} of the shared modules (subpath keys such as 'react/' are left out). */
function requirementsOf(shared) {
  return Object.fromEntries(
    Object.entries(shared)
      .filter(([key]) => !key.endsWith('/'))
      .map(([key, options]) => [key, options.requiredVersion]),
  );
}

/** {package: version} the shared modules provide. */
function provisionsOf(shared) {
  return Object.fromEntries(
    Object.entries(shared)
      .filter(([key]) => !key.endsWith('/'))
      .map(([key, options]) => [key, options.version]),
  );
}

/** The requirements a shell's provisions do not meet: [{package, required, provided|null}]. */
function contractProblems(requires, provides) {
  return Object.entries(requires)
    .filter(([pkg, range]) => !provides[pkg] || !semver.satisfies(provides[pkg], range))
    .map(([pkg, range]) => ({ package: pkg, required: range, provided: provides[pkg] ?? null }));
}

/** Reads the shell contract DOSAR_SHELL_CONTRACT names (file path or http(s) URL); null when unset. */
async function readShellContract(location = process.env.DOSAR_SHELL_CONTRACT) {
  if (!location) return null;
  if (/^https?:\/\//.test(location)) {
    const response = await fetch(location, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${location} answered ${response.status}`);
    return { location, contract: await response.json() };
  }
  const file = path.resolve(location);
  return { location: file, contract: JSON.parse(fs.readFileSync(file, 'utf8')) };
}

function emitJson(compilation, file, value) {
  const { sources } = compilation.compiler.webpack;
  compilation.emitAsset(file, new sources.RawSource(`${JSON.stringify(value, null, 2)}\n`));
}

/** A remote: writes dosar-remote.json and, in production, checks it against the current shell. */
class RemoteContractPlugin {
  constructor({ name, exposes, shared, check }) {
    this.contract = {
      contract: CONTRACT_VERSION,
      name,
      exposes: Object.keys(exposes),
      requires: requirementsOf(shared),
      federationRuntime: 'from the host (_FEDERATION_RUNTIME_CORE)',
    };
    this.check = check;
  }

  apply(compiler) {
    const { Compilation, WebpackError } = compiler.webpack;
    let shell = null;
    let readError = null;
    if (!this.check) {
      compiler.hooks.initialize.tap(PLUGIN, () =>
        compiler
          .getInfrastructureLogger(PLUGIN)
          .info(`[contract] development build: not checked against a shell (a production build is)`),
      );
    }
    compiler.hooks.beforeCompile.tapPromise(PLUGIN, async () => {
      if (!this.check) return;
      try {
        shell = await readShellContract();
      } catch (error) {
        readError = error;
      }
    });
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        emitJson(compilation, REMOTE_CONTRACT_FILE, this.contract);
        if (!this.check) return;
        if (readError) {
          compilation.errors.push(
            new WebpackError(
              `[contract] cannot read the shell's contract (DOSAR_SHELL_CONTRACT): ${readError.message}`,
            ),
          );
        } else if (!shell) {
          // A remote published unchecked could crash every visitor of a shell it does not fit.
          compilation.errors.push(
            new WebpackError(
              `[contract] a production build must be checked against a shell: set DOSAR_SHELL_CONTRACT to the deployed shell's ${SHELL_CONTRACT_FILE} (a file or its URL; docs/remotes.md)`,
            ),
          );
        } else {
          const problems = contractProblems(this.contract.requires, shell.contract.provides ?? {});
          if (problems.length) {
            const lines = problems.map(
              (p) =>
                `  ${p.package}: this remote requires ${p.required}, the shell provides ${p.provided ?? 'nothing'}`,
            );
            compilation.errors.push(
              new WebpackError(
                [`[contract] ${this.contract.name} cannot run in the shell of ${shell.location}:`, ...lines].join('\n'),
              ),
            );
          }
        }
      });
    });
  }
}

/** The shell: writes shell-contract.json (the shared versions it provides). */
class ShellContractPlugin {
  constructor({ shared, runtimeCore }) {
    this.contract = { contract: CONTRACT_VERSION, provides: provisionsOf(shared), runtimeCore };
  }

  apply(compiler) {
    const { Compilation } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () =>
        emitJson(compilation, SHELL_CONTRACT_FILE, this.contract),
      );
    });
  }
}

module.exports = {
  CONTRACT_VERSION,
  REMOTE_CONTRACT_FILE,
  SHELL_CONTRACT_FILE,
  RemoteContractPlugin,
  ShellContractPlugin,
  contractProblems,
  provisionsOf,
  requirementsOf,
  readShellContract,
};
