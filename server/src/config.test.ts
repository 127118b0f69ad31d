import { ConfigError, loadConfig } from './config.js';

test('defaults need nothing installed: PGlite in ./data, disk storage, mail to files', () => {
  const config = loadConfig({});
  expect(config.port).toBe(8080);
  expect(config.databaseUrl).toBeNull();
  expect(config.s3).toBeNull();
  expect(config.smtpUrl).toBeNull();
  expect(config.dataDir).toMatch(/data$/);
  expect(config.remotes.company).toBe('/remotes/company/');
  expect(config.seedDemo).toBe(true);
  expect(Object.isFrozen(config)).toBe(true);
});

test('every configuration problem is listed at once', () => {
  let error: unknown;
  try {
    loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x', S3_BUCKET: 'b', REDIS_URL: 'x' });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems;
  expect(problems).toHaveLength(5);
  expect(problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*SMTP_URL[\s\S]*REDIS_URL[\s\S]*S3_ENDPOINT/);
});

test('production never seeds demo accounts, on any database; a demo server answers only this machine', () => {
  expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x@y/z' }).seedDemo).toBe(false);
  expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
  expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
  expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(true);
  expect(loadConfig({}).host).toBe('127.0.0.1');
  expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  expect(loadConfig({ REMOTE_COMPANY_URL: 'https://cdn.example.ro/company' }).remotes.company).toBe(
    'https://cdn.example.ro/company/',
  );
});

test('payments: the sandbox in development, none in production unless chosen', () => {
  expect(loadConfig({}).billingProvider).toBe('sandbox');
  expect(loadConfig({ NODE_ENV: 'production' }).billingProvider).toBe('none');
  expect(loadConfig({ NODE_ENV: 'production', BILLING_PROVIDER: 'sandbox' }).billingProvider).toBe('sandbox');
  expect(() => loadConfig({ BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
});

test('logs: human lines in development, JSON in production and tests or when LOG_FORMAT asks', () => {
  expect(loadConfig({}).logFormat).toBe('pretty');
  expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
  expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
  expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
});

test('sessions: 12 hours idle and 30 days at most unless set; zero is refused', () => {
  expect(loadConfig({})).toMatchObject({ sessionIdleHours: 12, sessionMaxDays: 30 });
  expect(loadConfig({ SESSION_IDLE_HOURS: '2', SESSION_MAX_DAYS: '7' })).toMatchObject({
    sessionIdleHours: 2,
    sessionMaxDays: 7,
  });
  expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(ConfigError);
  expect(() => loadConfig({ SESSION_MAX_DAYS: 'o lună' })).toThrow(ConfigError);
});
