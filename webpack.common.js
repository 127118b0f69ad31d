// The one factory every front-end app's webpack config calls. It lives in the @dosar/build-preset
// workspace, so each remote builds from its own folder plus installed packages (docs/remotes.md);
// this file is where to find it from the repository's root.
module.exports = require('@dosar/build-preset/webpack');
