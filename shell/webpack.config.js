const { createConfig, lightPageConfig } = require('@dosar/build-preset');

// The shell knows no remote at build time: it reads /remotes.json at run time.
const shell = createConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  // Its modules that run before `/` is on screen: the start-up budget (@dosar/build-preset).
  startupModules: ['src/index.ts', 'src/bootstrap.tsx', 'src/features/public-pages/HomePage.tsx'],
});

// Production also builds the upload link's light page, incarcare.html (served for /incarcare/{token}):
// a client on a slow phone waits for React and the page only. The dev server serves the shell's route.
module.exports = (env, argv = {}) => {
  const main = shell(env, argv);
  if (main.mode !== 'production') return main;
  const page = lightPageConfig(main, {
    name: 'upload_page',
    // The product's stylesheet first: the shell gets it with the whole @dosar/shared module, while the page
    // imports single names from it, which leaves the package's own `import './styles.css'` out.
    entry: [require.resolve('@dosar/shared/src/styles.css', { paths: [__dirname] }), 'src/upload-page.tsx'],
    template: 'public/incarcare.html',
    filename: 'incarcare.html',
  });
  return [main, page];
};
