import type { AppContext } from '../context.js';
import { createAnafAdapter, type AnafAdapter } from './adapter.js';
import { startAnafSimulator, type AnafSimulator } from './simulator.js';

export { AnafError, type AnafFailure, type CompanyRecord, type SpvMessage, type OAuthTokens } from './types.js';
export { VAT_BATCH, type AnafAdapter } from './adapter.js';

/**
 * The adapter of an app context (one per context: its limiter and config). In simulator mode without
 * ANAF_BASE_URL, the first call starts a simulator inside this process, so development needs no
 * internet and no second command (docs/ARCHITECTURE.md, "ANAF").
 */
const adapters = new WeakMap<AppContext, AnafAdapter>();
let ownSimulator: Promise<AnafSimulator> | null = null;

export function anafOf(ctx: Pick<AppContext, 'config' | 'limiter'> & object): AnafAdapter {
  const key = ctx as AppContext;
  let adapter = adapters.get(key);
  if (!adapter) {
    const { anaf } = ctx.config;
    adapter = createAnafAdapter(anaf, {
      limiter: ctx.limiter,
      base: async () => {
        if (anaf.baseUrl) return anaf.baseUrl;
        if (anaf.mode !== 'simulator') return null;
        ownSimulator ??= startAnafSimulator({
          clientId: anaf.clientId ?? undefined,
          clientSecret: anaf.clientSecret ?? undefined,
        });
        return (await ownSimulator).url;
      },
    });
    adapters.set(key, adapter);
  }
  return adapter;
}
