const { createConfig } = require('@dosar/build-preset');

// The shell knows no remote at build time: it reads /remotes.json at run time.
module.exports = createConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  // Its modules that run before `/` is on screen: the start-up budget (@dosar/build-preset).
  startupModules: ['src/index.ts', 'src/bootstrap.tsx', 'src/features/public-pages/HomePage.tsx'],
});
