const { frontEndJestProject } = require('@dosar/build-preset/jest');

module.exports = frontEndJestProject({ name: 'client', dir: __dirname });
