// `npm run lint -w company-app`: this package alone. The root eslint.config.js lints the whole monorepo.
const { remoteConfig } = require('@dosar/build-preset/eslint');

module.exports = remoteConfig();
