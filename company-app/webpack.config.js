const path = require('node:path');
const { createConfig } = require('@dosar/build-preset');

// Built from this folder and installed packages only (docs/remotes.md).
module.exports = createConfig({
  name: 'company_app',
  dir: __dirname,
  port: 3002,
  exposes: { './App': path.resolve(__dirname, 'src/App.tsx') },
});
