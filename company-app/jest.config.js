const { frontEndJestProject } = require('@dosar/build-preset/jest');

module.exports = frontEndJestProject({ name: 'company', dir: __dirname });
