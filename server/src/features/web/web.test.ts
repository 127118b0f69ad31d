import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { cacheControlFor } from './routes.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

const EARLY = "window.early = fetch('/api/upload-links/x', { method: 'POST' });";
const UPLOAD_PAGE = `<!doctype html><title>Trimite</title><script>${EARLY}</script><script defer src="/upload_page.0a1b2c3d.js"></script>`;

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
  // The build's precompressed copies (webpack.common.js, compressionPlugins).
  const bundle = 'console.log("company chunk");'.repeat(50);
  fs.writeFileSync(path.join(company, 'page.0a1b2c3d.js'), bundle);
  fs.writeFileSync(path.join(company, 'page.0a1b2c3d.js.gz'), zlib.gzipSync(bundle));
  fs.writeFileSync(path.join(company, 'page.0a1b2c3d.js.br'), zlib.brotliCompressSync(bundle));
  fs.writeFileSync(path.join(shell, 'main.0a1b2c3d.js'), bundle);
  fs.writeFileSync(path.join(shell, 'main.0a1b2c3d.js.br'), zlib.brotliCompressSync(bundle));
  // The upload link's light page: one inline script, and its precompressed copies.
  fs.writeFileSync(path.join(shell, 'incarcare.html'), UPLOAD_PAGE);
  fs.writeFileSync(path.join(shell, 'incarcare.html.br'), zlib.brotliCompressSync(UPLOAD_PAGE));
  fs.writeFileSync(path.join(shell, 'incarcare.html.gz'), zlib.gzipSync(UPLOAD_PAGE));
  return root;
}

test('Cache-Control: a year for content-hashed files, no-cache for the rest (docs/remotes.md)', () => {
  const year = 'public, max-age=31536000, immutable';
  expect(cacheControlFor('/x/page.0a1b2c3d.js')).toBe(year);
  expect(cacheControlFor('/x/page.0a1b2c3d.js.br')).toBe(year);
  expect(cacheControlFor('/x/assets/pdf.worker.min.0a1b2c3d.mjs.gz')).toBe(year);
  expect(cacheControlFor('/x/page.0a1b2c3d.css')).toBe(year);
  for (const file of ['remoteEntry.js', 'remoteEntry.js.map', 'remoteEntry.js.gz', 'mf-manifest.json', 'index.html']) {
    expect([file, cacheControlFor(`/x/${file}`)]).toEqual([file, 'no-cache']);
  }
});

describe.each([
  ['production', false],
  ['development', true],
] as const)('static front end in %s', (env, mapsServed) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { env, staticRoot: builtFrontEnd() } });
  });
  afterAll(() => t.close());

  test('HEAD answers every page like GET (status and headers), without a body', async () => {
    for (const url of [
      '/',
      '/login',
      '/company/dashboard',
      '/client/de-trimis',
      '/terms-and-conditions',
      '/main.1a2b.js',
    ]) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect([url, head.statusCode, head.headers['content-type'], head.headers['cache-control']]).toEqual([
        url,
        get.statusCode,
        get.headers['content-type'],
        get.headers['cache-control'],
      ]);
      expect([url, get.statusCode]).toEqual([url, 200]);
      expect(head.body).toBe('');
    }
  });

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

  test('a precompressed copy is chosen by Accept-Encoding, with Vary: Accept-Encoding', async () => {
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/remotes/company/page.0a1b2c3d.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('company chunk');

    const gz = await get('/remotes/company/page.0a1b2c3d.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('company chunk');

    const plain = await get('/remotes/company/page.0a1b2c3d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('company chunk');

    // The shell's files too; a file without a copy in that encoding is sent as is.
    expect((await get('/main.0a1b2c3d.js', 'br')).headers['content-encoding']).toBe('br');
    const entry = await get('/remotes/company/remoteEntry.js', 'br, gzip');
    expect(entry.headers['content-encoding']).toBeUndefined();
    expect(entry.headers['cache-control']).toBe('no-cache');
  });

  test('/incarcare/{token}: the light page, precompressed, its inline script (and only it) allowed by hash', async () => {
    const hash = `'sha256-${crypto.createHash('sha256').update(EARLY).digest('base64')}'`;
    const br = await t.app.inject({
      method: 'GET',
      url: '/incarcare/aBc_-9',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(UPLOAD_PAGE);
    const csp = String(br.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${hash}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    // The page's first answer hands out the XSRF cookie its inline POST echoes.
    expect(String(br.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);

    const plain = await t.app.inject({ method: 'GET', url: '/incarcare/aBc_-9/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(UPLOAD_PAGE);
    const head = await t.app.inject({ method: 'HEAD', url: '/incarcare/aBc_-9' });
    expect([head.statusCode, head.body, head.headers['content-type']]).toEqual([200, '', 'text/html; charset=utf-8']);

    // Every other page keeps the shell, and its CSP allows no inline script.
    const home = await t.app.inject({ method: 'GET', url: '/incarcare' });
    expect(home.body).toContain('<title>Dosar</title>');
    expect(String(home.headers['content-security-policy'])).not.toContain('sha256');
    expect((await t.app.inject({ method: 'GET', url: '/incarcare/a/b' })).body).toContain('<title>Dosar</title>');
  });
});
