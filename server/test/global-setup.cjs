// jest loads globalSetup/globalTeardown with the project's transform but without its moduleNameMapper, so
// the server's `./x.js` imports (TypeScript sources under the ESM convention) are resolved to `./x.ts` here.
const Module = require('node:module');

function withTsResolution(load) {
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    try {
      return resolve.call(this, request, ...rest);
    } catch (error) {
      if (!/^\.{1,2}\/.*\.js$/.test(request)) throw error;
      return resolve.call(this, request.replace(/\.js$/, '.ts'), ...rest);
    }
  };
  try {
    return load();
  } finally {
    Module._resolveFilename = resolve;
  }
}

module.exports = { withTsResolution };

/** test/database-template.ts, loaded for globalSetup/globalTeardown. */
const templates = () => withTsResolution(() => require('./database-template.js'));

module.exports.templates = templates;
