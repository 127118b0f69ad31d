const path = require('node:path');
const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  name: 'client_app',
  dir: __dirname,
  port: 3003,
  exposes: { './App': path.resolve(__dirname, 'src/App.tsx') },
});
