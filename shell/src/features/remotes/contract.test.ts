import {
  checkRemoteContract,
  contractProblems,
  contractUrl,
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
      PROVIDES,
      answer(200, contract({ '@dosar/shared': '^2.0.0' })),
    );
    await expect(check).rejects.toBeInstanceOf(RemoteIncompatibleError);
    await expect(check).rejects.toThrow(
      'Zona „company” nu este compatibilă: cere @dosar/shared ^2.0.0, aplicația are 1.0.0',
    );
  });

  it('a remote without a contract, or out of reach, is left to its remoteEntry.js', async () => {
    const remote = { name: 'company_app', entry: '/remotes/company/remoteEntry.js' };
    await expect(checkRemoteContract('company', remote, PROVIDES, answer(404))).resolves.toBeUndefined();
    const offline = jest.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(checkRemoteContract('company', remote, PROVIDES, offline)).resolves.toBeUndefined();
    await expect(
      checkRemoteContract('company', remote, PROVIDES, answer(200, contract({ '@dosar/shared': '^1.0.0' }))),
    ).resolves.toBeUndefined();
  });
});
