import { useEffect, useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { http } from '../../http/http';
import { AreaApp, type AreaRoute } from '../../area/AreaApp';
import { toast } from '../../ui/toast';
import type { User } from '../../types';
import { sessionStarted } from '../session-slice';
import { connectSession } from '../setup';
import { createAppStore } from '../store';

jest.mock('../../ui/toast', () => ({
  toast: { error: jest.fn(() => Promise.resolve()), success: jest.fn(() => Promise.resolve()) },
}));

const staff: User = { id: 9, name: 'Ion Staff', email: 'staff@firma.ro', role: 3, company_id: 1 };
const REFUSAL = {
  code: 'two_factor_setup_required',
  message: 'Firma ta cere autentificarea în doi pași. Activeaz-o din profil.',
};

/** The server as the front end sees it: the firm requires two-factor sign-in; the user has not turned it on yet. */
function fakeServer() {
  const state = { enabled: false, calls: [] as string[] };
  http.defaults.adapter = (config: InternalAxiosRequestConfig) => {
    const call = `${config.method?.toUpperCase()} ${config.url}`;
    state.calls.push(call);
    const answer = (status: number, data: unknown) => {
      const response: AxiosResponse = { data, status, statusText: '', headers: {}, config, request: {} };
      return status < 300
        ? Promise.resolve(response)
        : Promise.reject(new AxiosError(`status ${status}`, 'ERR_BAD_REQUEST', config, {}, response));
    };
    switch (call) {
      case 'GET /api/user':
        return answer(200, { ...staff, two_factor_required: true, two_factor_enabled: state.enabled });
      case 'POST /api/company/1/clients':
        return state.enabled ? answer(200, { data: [] }) : answer(403, REFUSAL);
      case 'POST /api/two-factor/setup':
        return answer(200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg/>' });
      case 'POST /api/two-factor/enable':
        state.enabled = true;
        return answer(200, { message: 'ok', recovery_codes: ['rec-1', 'rec-2'] });
      default:
        return answer(404, { message: 'Nu există.' });
    }
  };
  return state;
}

function ClientsScreen() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    http.post('/api/company/1/clients').then(
      () => setLoaded(true),
      () => undefined,
    );
  }, []);
  return loaded ? <h1>Lista clienților</h1> : <p>Se încarcă…</p>;
}

const routes: AreaRoute[] = [
  { path: 'dashboard', roles: [2, 3], label: 'Clienți', element: <ClientsScreen /> },
  { path: 'profile', roles: [2, 3], label: 'Profilul meu', element: <h1>Profil</h1> },
];

function renderArea(user: User) {
  const store = createAppStore({ token: null });
  store.dispatch(sessionStarted({ user, token: 'tok' }));
  void connectSession(store);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/company/dashboard']}>
        <Routes>
          <Route
            path="/company/*"
            element={
              <AreaApp
                title="Companie"
                basePath="/company"
                roles={[2, 3]}
                defaultPath="/company/dashboard"
                routes={routes}
              />
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => (toast.error as jest.Mock).mockClear());

test('a user whose firm requires it sees only the setup screen: no menu, no pages, sign-out still there', async () => {
  const server = fakeServer();
  renderArea({ ...staff, two_factor_required: true, two_factor_enabled: false });
  expect(
    screen.getByRole('heading', { level: 1, name: 'Firma ta cere autentificarea în doi pași' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Clienți' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Deconectare' })).toBeInTheDocument();
  await waitFor(() => expect(server.calls).toContain('GET /api/user'));
  expect(server.calls).not.toContain('POST /api/company/1/clients');
});

test('a 403 two_factor_setup_required leads to the setup screen; once enabled (codes seen), the area loads', async () => {
  const server = fakeServer();
  const store = renderArea(staff); // signed in before the owner turned the rule on
  expect(await screen.findByRole('heading', { name: 'Firma ta cere autentificarea în doi pași' })).toBeInTheDocument();
  expect(server.calls).toContain('POST /api/company/1/clients');
  expect(toast.error).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText(/^Parola actuală/), { target: { value: 'Parola123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuă' }));
  fireEvent.change(await screen.findByLabelText(/^Cod de verificare/), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Activează' }));
  expect(await screen.findByText('rec-1')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Lista clienților' })).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Am salvat codurile, continuă' }));
  expect(await screen.findByRole('heading', { name: 'Lista clienților' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Clienți' })).toBeInTheDocument();
  expect(store.getState().session.user?.two_factor_enabled).toBe(true);
});
