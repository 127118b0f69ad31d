// The manifest a remote's build writes last (docs/remotes.md, "Deploys"): every file of the build with its
// SHA-256 and size. The server takes a build into its archive only when every file the manifest names is
// present with those bytes, so a deploy copied file by file is never taken half-way.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const BUILD_MANIFEST_FILE = 'dosar-build.json';
const MANIFEST_VERSION = 1;
const PLUGIN = 'DosarBuildManifest';

/** Source maps are never served, so never part of what a deploy must bring. */
const shipped = (file) => !file.endsWith('.map') && file !== BUILD_MANIFEST_FILE;

/** The manifest of `files` ({relative path: bytes}), in path order. */
function manifestOf(files) {
  const entries = Object.keys(files)
    .filter(shipped)
    .sort()
    .map((file) => {
      const bytes = files[file];
      return [file, { sha256: crypto.createHash('sha256').update(bytes).digest('hex'), size: bytes.length }];
    });
  return `${JSON.stringify({ manifest: MANIFEST_VERSION, files: Object.fromEntries(entries) }, null, 2)}\n`;
}

/** The manifest of the files a folder holds now, as a build writing them would have written it. */
function manifestOfFolder(dir) {
  const files = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path
      .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
      .split(path.sep)
      .join('/');
    files[file] = fs.readFileSync(path.join(dir, file));
  }
  return manifestOf(files);
}

/** Writes the manifest after every other file of the build is on disk. */
class BuildManifestPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise(PLUGIN, async (compilation) => {
      const output = compilation.outputOptions.path;
      const fsCall = (method, ...args) =>
        new Promise((resolve, reject) =>
          compiler.outputFileSystem[method](...args, (error, result) => (error ? reject(error) : resolve(result))),
        );
      // The bytes as written (webpack has let go of the sources by now).
      const files = {};
      for (const { name } of compilation.getAssets()) {
        if (shipped(name)) files[name] = await fsCall('readFile', path.join(output, name));
      }
      await fsCall('writeFile', path.join(output, BUILD_MANIFEST_FILE), manifestOf(files));
    });
  }
}

module.exports = { BUILD_MANIFEST_FILE, BuildManifestPlugin, manifestOf, manifestOfFolder };
