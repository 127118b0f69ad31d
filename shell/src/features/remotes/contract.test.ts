import {
  checkRemoteContract,
  contractProblems,
  contractUrl,
  RemoteContractUnreadableError,
  RemoteIncompatibleError,
  type RemoteContract,
} from './contract';

const PROVIDES = { '@dosar/shared': '1.0.0', react: '18.3.1', 'react-dom': '18.3.1' };
const contract = (requires: Record<string, string>): RemoteContract => ({
  contract: 1,
  name: 'company_app',
  exposes: ['./App'],
  requires,
});
const answer = (status: number, body?: unknown) =>
  jest.fn(async () => ({ ok: status < 400, status, json: async () => body })) as unknown as typeof fetch;

const unreachable = () => new Error('offline');

describe('the contract check (docs/remotes.md)', () => {
  it('a remote built against the shell’s versions (or older minors) is compatible', () => {
    expect(contractProblems(contract({ '@dosar/shared': '^1.0.0', react: '^18.3.1' }), PROVIDES)).toEqual([]);
    expect(contractProblems(contract({ react: '^18.0.0' }), PROVIDES)).toEqual([]);
  });

  it('a newer @dosar/shared, a major bump or a package the shell lacks is named', () => {
    expect(contractProblems(contract({ '@dosar/shared': '^1.2.0' }), PROVIDES)).toEqual([
      { package: '@dosar/shared', required: '^1.2.0', provided: '1.0.0' },
    ]);
    expect(contractProblems(contract({ '@dosar/shared': '^2.0.0', react: '^19.0.0' }), PROVIDES)).toEqual([
      { package: '@dosar/shared', required: '^2.0.0', provided: '1.0.0' },
      { package: 'react', required: '^19.0.0', provided: '18.3.1' },
    ]);
    expect(contractProblems(contract({ zustand: '^4.0.0' }), PROVIDES)).toEqual([
      { package: 'zustand', required: '^4.0.0', provided: null },
    ]);
  });

  it('the contract sits beside remoteEntry.js unless /remotes.json names it', () => {
    const base = 'https://dosar.example.ro/company/dashboard';
    expect(contractUrl({ name: 'company_app', entry: '/remotes/company/b1/remoteEntry.js' }, base)).toBe(
      'https://dosar.example.ro/remotes/company/b1/dosar-remote.json',
    );
    expect(contractUrl({ name: 'c', entry: '/x/remoteEntry.js', contract: 'https://cdn.example/c.json' }, base)).toBe(
      'https://cdn.example/c.json',
    );
  });

  it('refuses an incompatible remote with a Romanian message naming the area and the versions', async () => {
    const remote = { name: 'company_app', entry: '/remotes/company/remoteEntry.js' };
    const check = checkRemoteContract(
      'company',
      remote,
      unreachable,
      PROVIDES,
      answer(200, contract({ '@dosar/shared': '^2.0.0' })),
    );
    await expect(check).rejects.toBeInstanceOf(RemoteIncompatibleError);
    await expect(check).rejects.toThrow(
      'Zona „company” nu este compatibilă: cere @dosar/shared ^2.0.0, aplicația are 1.0.0',
    );
  });

  it('a contract that can’t be read from a host that answers refuses the remote, naming the cause', async () => {
    const remote = { name: 'company_app', entry: 'https://remote.example.ro/company/remoteEntry.js' };
    // A host without CORS: the read fails, an opaque no-cors request goes through.
    const noCors = jest.fn(async (_url: string, init?: RequestInit) =>
      init?.mode === 'no-cors' ? { ok: false, status: 0 } : Promise.reject(new TypeError('Failed to fetch')),
    ) as unknown as typeof fetch;
    const refused = checkRemoteContract('company', remote, unreachable, PROVIDES, noCors);
    await expect(refused).rejects.toBeInstanceOf(RemoteContractUnreadableError);
    await expect(refused).rejects.toMatchObject({
      host: 'https://remote.example.ro',
      origin: window.location.origin,
      detail: 'gazda nu permite citirea de pe această adresă',
    });
    await expect(checkRemoteContract('company', remote, unreachable, PROVIDES, answer(404))).rejects.toMatchObject({
      detail: 'gazda a răspuns 404',
    });
    await expect(
      checkRemoteContract('company', remote, unreachable, PROVIDES, answer(200, '<html>')),
    ).rejects.toBeInstanceOf(RemoteContractUnreadableError);
  });

  it('a host that does not answer at all is a network failure; a compatible contract passes', async () => {
    const remote = { name: 'company_app', entry: '/remotes/company/remoteEntry.js' };
    const offline = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(checkRemoteContract('company', remote, unreachable, PROVIDES, offline)).rejects.toThrow('offline');
    await expect(
      checkRemoteContract(
        'company',
        remote,
        unreachable,
        PROVIDES,
        answer(200, contract({ '@dosar/shared': '^1.0.0' })),
      ),
    ).resolves.toBeUndefined();
  });
});
