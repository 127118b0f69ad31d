// What `npm run dev` prints once the shell's dev server listens (webpack.js, devServer.onListening).
const path = require('node:path');
const { expect, jest: jestApi, test } = require('@jest/globals');
const { createConfig, devPort } = require('./webpack');

test("the shell's dev server prints the address to open; a remote's prints where its API calls go", () => {
  const log = jestApi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const shell = createConfig({ name: 'shell', dir: path.join(__dirname, '..', 'shell'), port: devPort('shell') })(
      {},
      { mode: 'development' },
    );
    shell.devServer.onListening();
    expect(log.mock.calls.flat().join('\n')).toContain(`deschide http://localhost:${devPort('shell')}/`);
    log.mockClear();
    const remote = createConfig({
      name: 'company_app',
      dir: path.join(__dirname, '..', 'company-app'),
      port: devPort('company_app'),
      exposes: { './App': './src/App' },
    })({}, { mode: 'development' });
    remote.devServer.onListening();
    expect(log.mock.calls.flat().join('\n')).toMatch(/\[company_app\] this remote's page talks to the API/);
  } finally {
    log.mockRestore();
  }
});
