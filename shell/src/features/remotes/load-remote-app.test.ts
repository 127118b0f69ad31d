import * as runtime from '../../testing/federation-runtime-mock';
import {
  REMOTE_LOAD_TIMEOUT_MS,
  RemoteTimeoutError,
  RemoteUnavailableError,
  loadRemoteApp,
  resetRemoteLoader,
} from './load-remote-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/federation-runtime-mock'));

beforeEach(() => {
  resetRemoteLoader();
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
  runtime.registerPlugins.mockReset();
  runtime.mockRemotesJson();
});

afterEach(() => jest.useRealTimers());

describe('a hung remote (docs/remotes.md: falls back within 5 s)', () => {
  it('gives up after REMOTE_LOAD_TIMEOUT_MS, under 5 s, on the first load and on a retry', async () => {
    expect(REMOTE_LOAD_TIMEOUT_MS).toBeLessThan(5_000);
    jest.useFakeTimers();
    runtime.loadRemote.mockImplementation(() => new Promise(() => undefined));
    for (const retry of [false, true]) {
      const loading = loadRemoteApp('company', { retry });
      const outcome = loading.then(
        () => 'loaded',
        (error: unknown) => error,
      );
      await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS - 1);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(RemoteUnavailableError);
      expect((error as RemoteUnavailableError).cause).toBeInstanceOf(RemoteTimeoutError);
    }
  });

  it('a hung /remotes.json falls back too', async () => {
    jest.useFakeTimers();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => new Promise(() => undefined));
    const outcome = loadRemoteApp('admin').catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(REMOTE_LOAD_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(RemoteUnavailableError);
  });

  it('remoteEntry.js is abandoned before the deadline (the runtime waits 20 s by default)', async () => {
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    await loadRemoteApp('client');
    const plugins = runtime.registerPlugins.mock.calls[0][0] as { createScript?: () => { timeout: number } }[];
    const timeout = plugins.find((p) => p.createScript)?.createScript?.().timeout;
    expect(timeout).toBeLessThan(REMOTE_LOAD_TIMEOUT_MS);
  });
});

describe('"Reîncearcă" after a hang (docs/remotes.md)', () => {
  it('asks for remoteEntry.js at a fresh address on each retry, so a request still hanging is not waited on', async () => {
    runtime.loadRemote.mockResolvedValue({ default: () => null });
    await loadRemoteApp('company');
    await loadRemoteApp('company', { retry: true });
    await loadRemoteApp('company', { retry: true });
    const entries = runtime.registerRemotes.mock.calls.map((call) => (call[0] as { entry: string }[])[0].entry);
    expect(entries).toEqual([
      '/remotes/company/remoteEntry.js',
      '/remotes/company/remoteEntry.js?retry=1',
      '/remotes/company/remoteEntry.js?retry=2',
    ]);
    expect(runtime.registerRemotes.mock.calls[1][1]).toEqual({ force: true });
  });
});
