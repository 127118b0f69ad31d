import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@dosar/shared';
import * as runtime from '../testing/federation-runtime-mock';
import { fakeHttp, renderApp } from '../testing/render-app';
import { resetRemoteLoader } from '../features/remotes/load-remote-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/federation-runtime-mock'));

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  jest.spyOn(toast, 'error').mockResolvedValue(undefined);
  jest.spyOn(toast, 'success').mockResolvedValue(undefined);
  resetRemoteLoader();
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
  runtime.remoteAppsLoad();
  runtime.mockRemotesJson();
  fakeHttp(() => [200, {}]);
});

afterEach(() => jest.restoreAllMocks());

describe('public routes', () => {
  it.each([
    ['/', 'Documentele clienților tăi, la un loc. Fără e-mailuri pierdute.'],
    ['/documentation', 'Documentație'],
    ['/terms-and-conditions', 'Termeni și condiții'],
    ['/confidentiality', 'Politica de confidențialitate'],
  ])('%s is open to everyone', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('/terms redirects to /terms-and-conditions', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Termeni și condiții' })).toBeInTheDocument();
    expect(location()).toBe('/terms-and-conditions');
  });

  it('public pages stay open when signed in', async () => {
    renderApp('/documentation', { role: 3 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentație' })).toBeInTheDocument();
  });
});

describe('the guard', () => {
  it.each(['/admin', '/company/dashboard', '/client/utils'])(
    '%s without a login goes to /login, no toast',
    async (url) => {
      renderApp(url);
      expect(await screen.findByRole('heading', { level: 1, name: 'Autentificare' })).toBeInTheDocument();
      expect(location()).toBe('/login');
      expect(toast.error).not.toHaveBeenCalled();
    },
  );

  it.each([
    [1, '/admin/companies'],
    [2, '/company/dashboard'],
    [3, '/company/dashboard'],
    [4, '/client/dashboard'],
    [5, '/client/dashboard'],
  ])('role %i on a guest-only route lands on its area default %s', async (role, target) => {
    renderApp('/login', { role });
    await waitFor(() => expect(location()).toBe(target));
  });

  it.each(['/register', '/forgot-password', '/reset-password/abc'])('%s is guest-only too', async (url) => {
    renderApp(url, { role: 4 });
    await waitFor(() => expect(location()).toBe('/client/dashboard'));
  });

  it.each([
    [3, '/admin/companies', '/company/dashboard'],
    [1, '/company/dashboard', '/admin/companies'],
    [5, '/company/dashboard', '/client/dashboard'],
    [2, '/client/dashboard', '/company/dashboard'],
  ])('role %i on %s: the toast, /login, then its own area %s', async (role, url, home) => {
    renderApp(url, { role });
    await waitFor(() => expect(location()).toBe(home));
    expect(toast.error).toHaveBeenCalledWith('Nu esti autorizat sa accesezi aceasta pagina');
  });

  it('area defaults: /company → /company/dashboard with the remote mounted at /company', async () => {
    renderApp('/company', { role: 2 });
    expect(await screen.findByRole('heading', { name: 'Zona company la /company' })).toBeInTheDocument();
    expect(location()).toBe('/company/dashboard');
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'company_app', entry: '/remotes/company/remoteEntry.js' }],
      undefined,
    );
    expect(runtime.loadRemote).toHaveBeenCalledWith('company_app/App');
  });
});

describe('a remote that cannot load', () => {
  it('shows the Romanian fallback; Reîncearcă re-registers with force and recovers', async () => {
    runtime.loadRemote.mockResolvedValueOnce(undefined);
    renderApp('/admin/companies', { role: 1 });
    expect(await screen.findByRole('heading', { name: /nu poate fi încărcată acum/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('heading', { name: 'Zona admin la /admin' })).toBeInTheDocument();
    // At an address of its own, so a request still hanging from before is not waited on.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'admin_app', entry: '/remotes/admin/remoteEntry.js?retry=1' }],
      { force: true },
    );
  });

  it('keeps the shell alive when the remote throws while loading', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('ScriptExternalLoadError'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/client/dashboard', { role: 5 });
    expect(await screen.findByRole('button', { name: 'Reîncearcă' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Pagina principală' }));
  });
});

describe('a remote whose build lost a chunk (a deploy removed it)', () => {
  const chunkError = () => Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' });
  const Broken = () => {
    throw chunkError();
  };

  it('reloads the area once from the current build (/remotes.json again) and shows it', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockResolvedValueOnce({ default: Broken });
    renderApp('/company/dashboard', { role: 2 });
    expect(await screen.findByRole('heading', { name: 'Zona company la /company' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'company_app', entry: '/remotes/company/remoteEntry.js?retry=1' }],
      { force: true },
    );
  });

  it('after each deploy in one tab: a chunk lost from each new build reloads the area again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let deploys = 0;
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string) => ({
      ok: true,
      status: 200,
      json: async () => {
        if (url.endsWith('dosar-remote.json')) return { contract: 1, requires: {} };
        deploys += 1; // every read of /remotes.json finds a newer build
        const entry = (area: string) => `/remotes/${area}/build${deploys}/remoteEntry.js`;
        return {
          admin: { name: 'admin_app', entry: entry('admin') },
          company: { name: 'company_app', entry: entry('company') },
          client: { name: 'client_app', entry: entry('client') },
        };
      },
    }));
    runtime.loadRemote.mockResolvedValueOnce({ default: Broken }).mockResolvedValueOnce({ default: Broken });
    renderApp('/company/dashboard', { role: 2 });
    expect(await screen.findByRole('heading', { name: 'Zona company la /company' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
  });

  it('a chunk lost again from the build just reloaded (a broken deploy) shows the fallback', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockResolvedValue({ default: Broken });
    renderApp('/company/dashboard', { role: 2 });
    expect(await screen.findByRole('heading', { name: /nu poate fi încărcată acum/ })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });
});

describe('a remote whose contract this shell does not meet', () => {
  it('shows the Romanian incompatibility message naming the area and the versions, not a network error', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remotes = {
      admin: { name: 'admin_app', entry: '/remotes/admin/remoteEntry.js' },
      company: { name: 'company_app', entry: '/remotes/company/remoteEntry.js' },
      client: { name: 'client_app', entry: '/remotes/client/remoteEntry.js' },
    };
    const previous = process.env.DOSAR_SHELL_PROVIDES;
    process.env.DOSAR_SHELL_PROVIDES = JSON.stringify({ '@dosar/shared': '1.0.0' });
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string) => ({
      ok: true,
      status: 200,
      json: async () =>
        url.endsWith('dosar-remote.json') ? { contract: 1, requires: { '@dosar/shared': '^2.0.0' } } : remotes,
    }));
    try {
      renderApp('/company/dashboard', { role: 2 });
      expect(
        await screen.findByRole('heading', {
          name: 'Secțiunea „Companie” nu este compatibilă cu această versiune a aplicației',
        }),
      ).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('cere @dosar/shared ^2.0.0, aplicația are 1.0.0');
      expect(screen.queryByText(/conexiunea la internet/)).not.toBeInTheDocument();
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    } finally {
      process.env.DOSAR_SHELL_PROVIDES = previous;
      if (previous === undefined) delete process.env.DOSAR_SHELL_PROVIDES;
    }
  });
});

describe('session', () => {
  it('a 401 on any call shows the “Trebuie sa fii autentificat” toast and resets the session', async () => {
    const { store } = renderApp('/company/dashboard', { role: 2 });
    await screen.findByRole('heading', { name: 'Zona company la /company' });
    fakeHttp(() => [401, { message: 'Trebuie sa fii autentificat ca sa accesezi aceasta pagina' }]);
    const { http } = jest.requireActual('@dosar/shared') as typeof import('@dosar/shared');
    await act(async () => {
      await http.post('/api/company/1/clients').catch(() => undefined);
    });
    expect(toast.error).toHaveBeenCalledWith('Trebuie sa fii autentificat ca sa accesezi aceasta pagina');
    expect(store.getState().session).toEqual({ user: null, token: null, status: 'anonymous' });
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('logout from the public header calls POST /api/logout and clears the session', async () => {
    const calls = fakeHttp(() => [200, { message: 'Te-ai deconectat.' }]);
    const { store } = renderApp('/', { role: 2 });
    await userEvent.click(await screen.findByRole('button', { name: 'Deconectare' }));
    await waitFor(() => expect(store.getState().session.user).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/logout']);
    expect(calls[0].headers.Authorization).toBe('Bearer 2|token');
    expect(localStorage.getItem('bearer_token')).toBeNull();
  });
});

describe('a remote whose contract cannot be read', () => {
  it('is refused with the cause named (the host must allow this origin), not as a network error', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remotes = {
      admin: { name: 'admin_app', entry: '/remotes/admin/remoteEntry.js' },
      company: { name: 'company_app', entry: 'https://cdn.example.ro/company/remoteEntry.js' },
      client: { name: 'client_app', entry: '/remotes/client/remoteEntry.js' },
    };
    // The remote's host answers, but without CORS: a readable request fails, an opaque one goes through.
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (!url.endsWith('dosar-remote.json')) return { ok: true, status: 200, json: async () => remotes };
      if (init?.mode === 'no-cors') return { ok: false, status: 0 };
      throw new TypeError('Failed to fetch');
    });
    renderApp('/company/dashboard', { role: 2 });
    expect(
      await screen.findByRole('heading', {
        name: 'Secțiunea „Companie” nu poate fi verificată, așa că nu a fost pornită',
      }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Nu am putut citi contractul secțiunii de la https://cdn.example.ro');
    expect(alert).toHaveTextContent(
      `trebuie să permită citirea de pe adresa aplicației, ${window.location.origin} (CORS)`,
    );
    expect(screen.queryByText(/conexiunea la internet/)).not.toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
