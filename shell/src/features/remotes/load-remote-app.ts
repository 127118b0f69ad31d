import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAppProps } from '@dosar/shared';
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

/**
 * Loads an area's root component: /remotes.json → registerRemotes → loadRemote('<name>/App').
 * `retry` re-reads the config and re-registers the remote with `force`, so a remote that
 * came back (or moved) is fetched afresh.
 */
export async function loadRemoteApp(area: Area, options: { retry?: boolean } = {}): Promise<RemoteApp> {
  registerErrorPlugin();
  let config: RemotesConfig;
  try {
    config = await getConfig(!!options.retry);
  } catch (error) {
    throw new RemoteUnavailableError(area, error);
  }
  const remote = config[area];
  if (!registered.has(area) || options.retry) {
    registerRemotes([{ name: remote.name, entry: remote.entry }], options.retry ? { force: true } : undefined);
    registered.add(area);
  }
  let module: { default?: RemoteApp } | null | undefined;
  try {
    module = await loadRemote<{ default?: RemoteApp }>(`${remote.name}/App`);
  } catch (error) {
    throw new RemoteUnavailableError(area, error);
  }
  if (!module || typeof module.default !== 'function') throw new RemoteUnavailableError(area);
  return module.default;
}

/** Test hook: forget the cached config and registrations. */
export function resetRemoteLoader(): void {
  configPromise = null;
  registered.clear();
  pluginRegistered = false;
}
