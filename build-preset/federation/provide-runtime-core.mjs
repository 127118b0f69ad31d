// Federation runtime plugin of the production shell (build-preset/webpack.js → runtimePlugins).
// The remotes are built with `experiments.externalRuntime`: their remoteEntry.js carries no
// federation runtime and reads it from the global `_FEDERATION_RUNTIME_CORE`, which the host
// must set before a remote loads (docs/remotes.md). The plugin MF ships for that
// (`provideExternalRuntime`) hands over `import * as runtimeCore`, which keeps every export of the
// runtime — ≈ 22 KB gz more on the shell's first load. This one hands over only the exports a
// remote's runtime reads; they are the same module instances the shell itself runs on (one
// federation runtime in the page). Every remote's production build checks that its runtime asks
// for nothing more: the names are read from the import below (build-preset/webpack.js,
// `providedRuntimeCoreExports`). Plain JavaScript: it is built from the installed package as is.
import {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

const runtimeCore = {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

/**
 * @param {{ version?: string }} [params]
 * @returns {import('@module-federation/runtime-core').ModuleFederationRuntimePlugin}
 */
export default function provideRuntimeCore(params) {
  const version = params?.version ?? '';
  return {
    name: 'dosar-provide-runtime-core',
    beforeInit(args) {
      const global = Global;
      const from = global._FEDERATION_RUNTIME_CORE_FROM;
      if (global._FEDERATION_RUNTIME_CORE && from && (from.name !== args.options.name || from.version !== version)) {
        console.warn(`[dosar] the federation runtime is already provided by ${from.name}@${from.version}`);
        return args;
      }
      global._FEDERATION_RUNTIME_CORE = runtimeCore;
      global._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name, version };
      return args;
    },
  };
}
