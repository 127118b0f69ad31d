// The manifest a remote's build writes last (manifest.js, docs/remotes.md "Deploys").
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { expect, test } = require('@jest/globals');
const webpack = require('webpack');
const { BUILD_MANIFEST_FILE, BuildManifestPlugin } = require('./manifest');

test('the build writes a manifest of every file it wrote (source maps aside), each with its hash, after them all', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-manifest-'));
  fs.writeFileSync(path.join(dir, 'index.js'), 'import("./later.js").then((m) => console.log(m.default));\n');
  fs.writeFileSync(path.join(dir, 'later.js'), 'export default "later";\n');
  const compiler = webpack({
    mode: 'production',
    devtool: 'source-map',
    context: dir,
    entry: './index.js',
    output: { path: path.join(dir, 'dist'), filename: 'remoteEntry.js', chunkFilename: '[name].[contenthash:8].js' },
    plugins: [new BuildManifestPlugin()],
  });
  try {
    await new Promise((resolve, reject) => compiler.run((error) => (error ? reject(error) : resolve())));
    const dist = path.join(dir, 'dist');
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, BUILD_MANIFEST_FILE), 'utf8'));
    const written = fs.readdirSync(dist).filter((file) => file !== BUILD_MANIFEST_FILE && !file.endsWith('.map'));
    expect(Object.keys(manifest.files).sort()).toEqual(written.sort());
    expect(written).toEqual(expect.arrayContaining(['remoteEntry.js']));
    expect(written.length).toBeGreaterThan(1); // the lazy chunk too
    for (const file of written) {
      const bytes = fs.readFileSync(path.join(dist, file));
      expect(manifest.files[file]).toEqual({
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
      });
    }
    const mtime = (file) => fs.statSync(path.join(dist, file)).mtimeMs;
    for (const file of written) expect(mtime(BUILD_MANIFEST_FILE)).toBeGreaterThanOrEqual(mtime(file));
  } finally {
    await new Promise((resolve) => compiler.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
