const { frontEndJestProject } = require('@dosar/build-preset/jest');

module.exports = frontEndJestProject({ name: 'shell', dir: __dirname });
