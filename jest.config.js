// One jest run, one project per workspace. API tests (server) run on PGlite by
// default and on PostgreSQL when TEST_DATABASE_URL is set.
// Each front-end package owns its jest project (its jest.config.js, from @dosar/build-preset/jest):
// `npm test -w company-app` runs it alone; this file runs them all.
const frontEnd = (dir) => require(`./${dir}/jest.config.js`);

// Server suites that start processes, fill disks or measure load: the slow lane.
const SLOW = ['/test/faults/', '/test/production/'];

// The server is native ESM; its tests run as CommonJS through one transformer. The fast lane migrates
// (and seeds) one database in globalSetup; every test file clones it (server/test/database-template.ts).
const server = (name, extra) => ({
  displayName: name,
  rootDir: '<rootDir>/server',
  testEnvironment: 'node',
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '\\.(ts|js|cjs|mjs)$': '<rootDir>/../jest.transform-server.cjs' },
  transformIgnorePatterns: [],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  ...extra,
});

module.exports = {
  rootDir: __dirname,
  projects: [
    // The build preset's own checks (the remote ↔ shell contract): plain Node.
    {
      displayName: 'build-preset',
      rootDir: '<rootDir>/build-preset',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.js'],
    },
    frontEnd('shared'),
    frontEnd('shell'),
    frontEnd('admin-app'),
    frontEnd('company-app'),
    frontEnd('client-app'),
    server('server', {
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...SLOW],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
    }),
    // The slow lane: crashes, a full disk, load, several processes. Run on their own (`npm test` starts
    // them after the other projects, so they do not compete with them for the two cores). They start
    // real server processes on data directories of their own; the one in-process app (disk-full) boots a
    // fresh database, cheaper than preparing the templates for it.
    server('server-slow', { testMatch: SLOW.map((dir) => `<rootDir>${dir}**/*.test.ts`) }),
  ],
};
