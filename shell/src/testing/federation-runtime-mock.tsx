/** Stand-in for '@module-federation/enhanced/runtime' (jest cannot load federated code). */
export const registerRemotes = jest.fn();
export const registerPlugins = jest.fn();
export const loadRemote = jest.fn();

/** Each area answers a small root component, like a real remote's './App'. */
export function remoteAppsLoad(): void {
  loadRemote.mockImplementation(async (id: string) => {
    const area = id.split('_')[0];
    return {
      default: ({ basePath }: { basePath?: string }) => (
        <h1>
          Zona {area} la {basePath}
        </h1>
      ),
    };
  });
}

export function mockRemotesJson(): void {
  const body = {
    admin: { name: 'admin_app', entry: '/remotes/admin/remoteEntry.js' },
    company: { name: 'company_app', entry: '/remotes/company/remoteEntry.js' },
    client: { name: 'client_app', entry: '/remotes/client/remoteEntry.js' },
  };
  // Each remote's contract (dosar-remote.json beside its remoteEntry.js) requires nothing this shell lacks.
  const contract = { contract: 1, name: 'remote', exposes: ['./App'], requires: {} };
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string) => ({
    ok: true,
    status: 200,
    json: async () => (String(url).endsWith('dosar-remote.json') ? contract : body),
  }));
}
