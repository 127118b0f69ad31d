const path = require('node:path');
const { createConfig } = require('@dosar/build-preset');

// Built from this folder and installed packages only (docs/remotes.md).
module.exports = createConfig({
  name: 'admin_app',
  dir: __dirname,
  port: 3001,
  exposes: { './App': path.resolve(__dirname, 'src/App.tsx') },
});
