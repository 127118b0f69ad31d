const path = require('node:path');
const { createConfig } = require('../webpack.common');

module.exports = createConfig({
  name: 'company_app',
  dir: __dirname,
  port: 3002,
  exposes: { './App': path.resolve(__dirname, 'src/App.tsx') },
});
