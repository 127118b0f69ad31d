// jest project of a front-end package (a remote, the shell, @dosar/shared): jsdom, ts-jest, the DOM matchers.
// A package's jest.config.js: module.exports = frontEndJestProject({ name: 'company', dir: __dirname });
// The root jest.config.js lists the same files as its projects, so `npm test` runs them all.
const path = require('node:path');

function frontEndJestProject({ name, dir }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, '..', 'tsconfig.jest.json'), diagnostics: false }],
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.js')],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'style-stub.js') },
  };
}

module.exports = { frontEndJestProject };
