import { bearer, createTestApp, type TestApp } from '../test/helpers.js';
import { createCompany, PASSWORD, signIn, type Company } from '../test/factories.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describe('request log', () => {
  let t: TestApp;
  let company: Company;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      config: { logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    company = await createCompany(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);

  it('writes one line per request when it ends: method, URL, status and time', async () => {
    const { token } = await signIn(t, company.owner.email, PASSWORD);
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const requestLines = parsed().filter((line) => line.req || line.res);
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line.msg).toBe('request completed');
    expect(line.req).toMatchObject({ method: 'GET', url: '/api/user' });
    expect(line.res).toEqual({ statusCode: 200 });
    expect(typeof line.responseTime).toBe('number');
  });

  it('never writes a token, a cookie or a password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: company.owner.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...bearer(token), cookie: 'dosar_session=secret-cookie' },
    });
    const all = lines.join('');
    expect(all).toContain('request completed');
    expect(all).not.toContain(token);
    expect(all).not.toContain('secret-cookie');
    expect(all).not.toContain(PASSWORD);
  });

  it('never writes a company-request hash from the URL', async () => {
    const hash = 'a9f3c1e7b2d84f06a1b2c3d4e5f60718293a4b5c6d7e8f90';
    await t.app.inject({ method: 'GET', url: `/api/company-requests/${hash}` });
    const all = lines.join('');
    expect(all).toContain('/api/company-requests/***');
    expect(all).not.toContain(hash);
  });

  it('a refused request is still one line, with its 4xx status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    const requestLines = parsed().filter((line) => line.res);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0].res).toEqual({ statusCode: 401 });
  });
});

describe('request log in development (LOG_FORMAT=pretty)', () => {
  let t: TestApp;
  let company: Company;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      config: { logLevel: 'info', logFormat: 'pretty' },
      logStream: { write: (line) => lines.push(line) },
    });
    company = await createCompany(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  it('a request is one short human line: time, level, method, URL, status, milliseconds', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: company.owner.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/user 200 \d+ ms\n$/);
    expect(lines[0]).not.toContain(token);
  });

  it('keeps the URL redacted and the refusals readable', async () => {
    const hash = 'a9f3c1e7b2d84f06a1b2c3d4e5f60718293a4b5c6d7e8f90';
    await t.app.inject({ method: 'GET', url: `/api/company-requests/${hash}` });
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: 'dosar_session=secret-cookie' } });
    const all = lines.join('');
    expect(all).toMatch(/GET \/api\/company-requests\/\*\*\* \d{3} \d+ ms/);
    expect(all).toMatch(/GET \/api\/user 401 \d+ ms/);
    expect(all).not.toContain(hash);
    expect(all).not.toContain('secret-cookie');
    expect(all).not.toContain('{"');
  });
});
