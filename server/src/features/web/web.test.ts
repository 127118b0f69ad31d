import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

// The built front end as a visitor fetches it: bundles yes, their source maps not in production.
function builtFrontEnd(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-static-'));
  const shell = path.join(root, 'shell', 'dist');
  const company = path.join(root, 'company-app', 'dist');
  fs.mkdirSync(shell, { recursive: true });
  fs.mkdirSync(company, { recursive: true });
  fs.writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Dosar</title>');
  fs.writeFileSync(path.join(shell, 'main.1a2b.js'), 'console.log("shell")');
  fs.writeFileSync(path.join(shell, 'main.1a2b.js.map'), '{"sources":["secret.ts"]}');
  fs.writeFileSync(path.join(company, 'remoteEntry.js'), 'var company_app;');
  fs.writeFileSync(path.join(company, 'remoteEntry.js.map'), '{"sources":["secret.ts"]}');
  return root;
}

describe.each([
  ['production', false],
  ['development', true],
] as const)('static front end in %s', (env, mapsServed) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { env, staticRoot: builtFrontEnd() } });
  });
  afterAll(() => t.close());

  test(`bundles are served; source maps ${mapsServed ? 'too' : 'are not'}`, async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await get('/main.1a2b.js')).statusCode).toBe(200);
    expect((await get('/remotes/company/remoteEntry.js')).statusCode).toBe(200);
    for (const map of ['/main.1a2b.js.map', '/remotes/company/remoteEntry.js.map']) {
      const res = await get(map);
      expect([map, res.statusCode]).toEqual([map, mapsServed ? 200 : 404]);
      if (!mapsServed) expect(res.body).not.toContain('secret.ts');
    }
  });
});
