const { frontEndJestProject } = require('@dosar/build-preset/jest');

module.exports = frontEndJestProject({ name: 'shared', dir: __dirname });
