import { ConfigError, loadConfig } from './config.js';

const PROD = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/dosar' };

test('ANAF: the simulator in development and tests, off in production unless configured', () => {
  expect(loadConfig({ NODE_ENV: 'test' }).anaf).toMatchObject({
    mode: 'simulator',
    baseUrl: null,
    clientId: 'dosar-simulator',
  });
  expect(loadConfig({}).anaf.mode).toBe('simulator');
  expect(loadConfig(PROD).anaf).toMatchObject({ mode: 'off', clientId: null, clientSecret: null });
  const live = loadConfig({
    ...PROD,
    PUBLIC_URL: 'https://dosar.example.ro',
    ANAF_MODE: 'live',
    ANAF_CLIENT_ID: 'id',
    ANAF_CLIENT_SECRET: 'secret',
    ANAF_TOKEN_KEY: 'k'.repeat(40),
  }).anaf;
  expect(live).toMatchObject({
    mode: 'live',
    baseUrl: null,
    redirectUrl: 'https://dosar.example.ro/api/anaf/oauth/callback',
    efacturaEnv: 'prod',
  });
  expect(loadConfig({ ANAF_BASE_URL: 'http://127.0.0.1:8090' }).anaf.baseUrl).toBe('http://127.0.0.1:8090/');
});

test('ANAF: refuses a live OAuth client without a token key, half a client, an unknown mode', () => {
  const problems = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };
  expect(problems({ ...PROD, ANAF_MODE: 'live', ANAF_CLIENT_ID: 'id', ANAF_CLIENT_SECRET: 's' })).toEqual([
    expect.stringMatching(/ANAF_TOKEN_KEY/),
  ]);
  expect(problems({ ANAF_CLIENT_ID: 'id' })).toEqual([expect.stringMatching(/împreună/)]);
  expect(problems({ ANAF_MODE: 'sandbox' })).toEqual([expect.stringMatching(/ANAF_MODE/)]);
  expect(problems({ ANAF_BASE_URL: 'ftp://x' })).toEqual([expect.stringMatching(/ANAF_BASE_URL/)]);
});
