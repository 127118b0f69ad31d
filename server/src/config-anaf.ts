/**
 * The ANAF part of the configuration (config.ts calls it; docs/ARCHITECTURE.md, "ANAF"):
 * - ANAF_MODE `simulator` (default outside production): ANAF's shapes from a local server
 *   (infra/anaf/simulator.ts) with fixtures; no internet needed. `live`: ANAF itself. `off` (default in
 *   production): lookups and SPV answer that ANAF is not configured.
 * - ANAF_BASE_URL: one origin serving all of ANAF's paths (a simulator elsewhere, a test); unset in
 *   simulator mode, the development server starts its own simulator.
 * - ANAF_CLIENT_ID / ANAF_CLIENT_SECRET: the OAuth application registered at ANAF (e-Factura), and
 *   ANAF_REDIRECT_URL (default PUBLIC_URL + api/anaf/oauth/callback), the callback registered with it.
 * - ANAF_TOKEN_KEY: the secret the firms' SPV tokens are encrypted with (required in live mode with OAuth).
 * - ANAF_EFACTURA_ENV: `prod` (default) or `test`, ANAF's e-Factura environment in live mode.
 */
export interface AnafConfig {
  readonly mode: 'live' | 'simulator' | 'off';
  readonly baseUrl: string | null;
  readonly clientId: string | null;
  readonly clientSecret: string | null;
  readonly redirectUrl: string;
  readonly tokenKey: string;
  readonly efacturaEnv: 'prod' | 'test';
}

/** Outside live mode the tokens are the simulator's: a fixed key is enough there. */
const DEVELOPMENT_TOKEN_KEY = 'dosar-anaf-simulator-token-key';

export function loadAnafConfig(
  env: NodeJS.ProcessEnv,
  nodeEnv: 'development' | 'production' | 'test',
  publicUrl: string,
  problems: string[],
): AnafConfig {
  const mode = (env.ANAF_MODE || (nodeEnv === 'production' ? 'off' : 'simulator')) as AnafConfig['mode'];
  if (!['live', 'simulator', 'off'].includes(mode)) {
    problems.push(`ANAF_MODE poate fi live, simulator sau off (primit: ${mode})`);
  }
  const baseUrl = env.ANAF_BASE_URL || null;
  if (baseUrl && !/^https?:\/\//.test(baseUrl))
    problems.push('ANAF_BASE_URL trebuie să înceapă cu http:// sau https://');
  const clientId = env.ANAF_CLIENT_ID || null;
  const clientSecret = env.ANAF_CLIENT_SECRET || null;
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    problems.push('ANAF_CLIENT_ID și ANAF_CLIENT_SECRET se dau împreună');
  }
  const tokenKey = env.ANAF_TOKEN_KEY || null;
  if (mode === 'live' && clientId && (!tokenKey || tokenKey.length < 32)) {
    problems.push('ANAF_TOKEN_KEY (cel puțin 32 de caractere) este obligatoriu cu ANAF_MODE=live și ANAF_CLIENT_ID');
  }
  const efacturaEnv = (env.ANAF_EFACTURA_ENV || 'prod') as AnafConfig['efacturaEnv'];
  if (!['prod', 'test'].includes(efacturaEnv)) problems.push('ANAF_EFACTURA_ENV poate fi prod sau test');
  return {
    mode,
    baseUrl: baseUrl && !baseUrl.endsWith('/') ? `${baseUrl}/` : baseUrl,
    clientId: clientId ?? (mode === 'simulator' ? 'dosar-simulator' : null),
    clientSecret: clientSecret ?? (mode === 'simulator' ? 'dosar-simulator-secret' : null),
    redirectUrl: env.ANAF_REDIRECT_URL || `${publicUrl}api/anaf/oauth/callback`,
    tokenKey: tokenKey ?? DEVELOPMENT_TOKEN_KEY,
    efacturaEnv,
  };
}
