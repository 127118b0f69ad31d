const { createConfig } = require('../webpack.common');

// The shell knows no remote at build time: it reads /remotes.json at run time.
module.exports = createConfig({ name: 'shell', dir: __dirname, port: 3000 });
