import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '@dosar/shared';
import { checkRemoteContract } from './contract';
import { fetchRemotesConfig, type Area, type RemotesConfig } from './remotes-config';

type RemoteApp = ComponentType<RemoteAppProps>;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly area: Area,
    readonly cause?: unknown,
  ) {
    super(`Zona „${area}” nu a putut fi încărcată`);
    this.name = 'RemoteUnavailableError';
  }
}

/**
 * A remote that does not answer (a host that accepts the connection and hangs) shows the fallback after
 * this long, on the first load and on every retry (docs/remotes.md). The federation runtime's own
 * timeout for remoteEntry.js is 20 s; the script is abandoned a little before the deadline.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 4_000;
const REMOTE_SCRIPT_TIMEOUT_MS = 3_500;

export class RemoteTimeoutError extends Error {
  constructor(readonly area: Area) {
    super(`Zona „${area}” nu a răspuns în ${REMOTE_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'RemoteTimeoutError';
  }
}

/** The promise, or a RemoteUnavailableError once `ms` passed without an answer. */
function withDeadline<T>(area: Area, promise: Promise<T>, ms = REMOTE_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(area, new RemoteTimeoutError(area))), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

let configPromise: Promise<RemotesConfig> | null = null;
const registered = new Set<Area>();
let pluginRegistered = false;

/**
 * A remote that cannot load must not break the shell: the runtime hands the
 * failure back as `undefined` (instead of an unhandled rejection) and the area shows
 * its fallback with a retry button.
 */
function registerErrorPlugin(): void {
  if (pluginRegistered) return;
  pluginRegistered = true;
  registerPlugins([
    {
      name: 'dosar-remote-fallback',
      errorLoadRemote(args) {
        console.error(`[dosar] remote ${String(args.id)} nu a putut fi încărcat`, args.error);
        return undefined;
      },
      // remoteEntry.js: the runtime's default script timeout is 20 s.
      createScript() {
        return { timeout: REMOTE_SCRIPT_TIMEOUT_MS };
      },
    },
  ]);
}

function getConfig(refresh: boolean): Promise<RemotesConfig> {
  if (!configPromise || refresh) {
    configPromise = fetchRemotesConfig().catch((error: unknown) => {
      configPromise = null;
      throw error;
    });
  }
  return configPromise;
}

/** Retries so far in this tab: each asks for remoteEntry.js at an address of its own. */
let retries = 0;
/** The remoteEntry.js each area last loaded from (a new build after a deploy has a new one). */
const loadedEntries = new Map<Area, string>();

/** The build the area's code came from, once loaded. */
export function loadedEntry(area: Area): string | undefined {
  return loadedEntries.get(area);
}

/**
 * Loads an area's root component: /remotes.json → registerRemotes → loadRemote('<name>/App').
 * `retry` re-reads the config and re-registers the remote with `force`, so a remote that
 * came back (or moved) is fetched afresh: at a new address, so a request still hanging from before is
 * abandoned rather than waited on (the runtime shares one load per address). Whatever hangs, it gives
 * up after REMOTE_LOAD_TIMEOUT_MS.
 */
export function loadRemoteApp(area: Area, options: { retry?: boolean } = {}): Promise<RemoteApp> {
  return withDeadline(area, loadRemoteAppNow(area, options));
}

async function loadRemoteAppNow(area: Area, options: { retry?: boolean }): Promise<RemoteApp> {
  registerErrorPlugin();
  let config: RemotesConfig;
  try {
    config = await getConfig(!!options.retry);
  } catch (error) {
    throw new RemoteUnavailableError(area, error);
  }
  const remote = config[area];
  // An incompatible or unreadable contract refuses the remote before any of its code runs (docs/remotes.md).
  await checkRemoteContract(area, remote, (cause) => new RemoteUnavailableError(area, cause));
  if (!registered.has(area) || options.retry) {
    // webpack's publicPath 'auto' drops the query: the remote's chunks keep their own addresses.
    const entry = options.retry ? withRetryMark(remote.entry, ++retries) : remote.entry;
    registerRemotes([{ name: remote.name, entry }], options.retry ? { force: true } : undefined);
    registered.add(area);
  }
  let module: { default?: RemoteApp } | null | undefined;
  try {
    module = await loadRemote<{ default?: RemoteApp }>(`${remote.name}/App`);
  } catch (error) {
    throw new RemoteUnavailableError(area, error);
  }
  if (!module || typeof module.default !== 'function') throw new RemoteUnavailableError(area);
  loadedEntries.set(area, remote.entry);
  return module.default;
}

function withRetryMark(entry: string, n: number): string {
  const url = new URL(entry, window.location.href);
  url.searchParams.set('retry', String(n));
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
}

/** Test hook: forget the cached config and registrations. */
export function resetRemoteLoader(): void {
  configPromise = null;
  registered.clear();
  loadedEntries.clear();
  retries = 0;
  pluginRegistered = false;
}
