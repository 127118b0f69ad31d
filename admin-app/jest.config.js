const { frontEndJestProject } = require('@dosar/build-preset/jest');

module.exports = frontEndJestProject({ name: 'admin', dir: __dirname });
