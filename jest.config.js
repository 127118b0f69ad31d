// One jest run, one project per workspace. API tests (server) run on PGlite by
// default and on PostgreSQL when TEST_DATABASE_URL is set.
const tsJest = (tsconfig) => ['ts-jest', { tsconfig, diagnostics: false }];

const frontEnd = (name, dir) => ({
  displayName: name,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: { '^.+\\.tsx?$': tsJest('<rootDir>/../tsconfig.jest.json') },
  setupFilesAfterEnv: ['<rootDir>/../jest.setup-dom.ts'],
  moduleNameMapper: { '\\.css$': '<rootDir>/../jest.style-stub.js' },
});

module.exports = {
  rootDir: __dirname,
  projects: [
    frontEnd('shared', 'shared'),
    frontEnd('shell', 'shell'),
    frontEnd('admin', 'admin-app'),
    frontEnd('company', 'company-app'),
    frontEnd('client', 'client-app'),
    {
      // The server is native ESM; its tests run as CommonJS through one transformer.
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
      transform: { '\\.(ts|js|cjs|mjs)$': '<rootDir>/../jest.transform-server.cjs' },
      transformIgnorePatterns: [],
      setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
    },
  ],
};
