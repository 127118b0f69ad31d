/** The three areas, each served by one remote. */
export type Area = 'admin' | 'company' | 'client';

export interface RemoteDescriptor {
  /** Federation container name, e.g. 'company_app'. */
  name: string;
  /** URL of its remoteEntry.js. */
  entry: string;
  /** URL of its contract (dosar-remote.json); by default beside remoteEntry.js. */
  contract?: string;
}

export type RemotesConfig = Record<Area, RemoteDescriptor>;

export const AREAS: readonly Area[] = ['admin', 'company', 'client'];

function isDescriptor(value: unknown): value is RemoteDescriptor {
  const v = value as RemoteDescriptor;
  return !!v && typeof v.name === 'string' && typeof v.entry === 'string';
}

/** GET /remotes.json: where each remote lives, decided at run time by the server (REMOTE_*_URL). */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = fetch): Promise<RemotesConfig> {
  const response = await fetchImpl('/remotes.json', { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/remotes.json a răspuns ${response.status}`);
  const body: unknown = await response.json();
  const config = body as Partial<RemotesConfig>;
  for (const area of AREAS) {
    if (!isDescriptor(config[area])) throw new Error(`/remotes.json nu descrie zona „${area}”`);
  }
  return config as RemotesConfig;
}
