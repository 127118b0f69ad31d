const path = require('node:path');
const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  name: 'admin_app',
  dir: __dirname,
  port: 3001,
  exposes: { './App': path.resolve(__dirname, 'src/App.tsx') },
});
