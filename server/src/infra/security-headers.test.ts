import { createTestApp } from '../../test/helpers.js';
import { securityHeaders } from './security.js';

// Security headers: computed once at boot, present on every answer (API, pages, errors).
const remotes = {
  admin: 'https://cdn.dosar.ro/admin/',
  company: 'https://cdn.dosar.ro/company/',
  client: '/remotes/client/',
};

test('every page carries the security headers; CSP allows the configured remotes only', async () => {
  const t = await createTestApp({ seed: false, config: { remotes } });
  try {
    for (const url of ['/login', '/company/dashboard', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self' https://cdn.dosar.ro");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // HSTS only in production (config.env is 'test' here).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  } finally {
    await t.close();
  }
});

test('every API answer (data, errors, refusals) may load and run nothing and is never framed', async () => {
  const t = await createTestApp({ seed: false, config: { remotes } });
  try {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/nu-exista' }),
      await t.app.inject({ method: 'GET', url: '/api/user' }),
      await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x' } }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401, 422]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  } finally {
    await t.close();
  }
});

test('in production API answers carry HSTS too', async () => {
  const t = await createTestApp({ seed: false, config: { env: 'production' } });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  } finally {
    await t.close();
  }
});

test('HSTS when asked for; each call answers its own copy', () => {
  const on = securityHeaders({ hsts: true });
  expect(on['strict-transport-security']).toMatch(/^max-age=\d+/);
  on['x-frame-options'] = 'ALLOWALL';
  expect(securityHeaders({ hsts: false })['x-frame-options']).toBe('SAMEORIGIN');
  expect(securityHeaders({ hsts: false })['strict-transport-security']).toBeUndefined();
});
