import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { sessionStarted } from '../session/session-slice';
import { createAppStore } from '../session/store';
import type { Role } from '../types';
import { AreaApp, type AreaRoute } from './AreaApp';
import { toast } from '../ui/toast';

jest.mock('../ui/toast', () => ({ toast: { error: jest.fn(), success: jest.fn() } }));

const routes: AreaRoute[] = [
  { path: 'dashboard', roles: [2, 3], label: 'Clienți', element: <h1>Lista clienților</h1> },
  { path: 'users', roles: [2], label: 'Utilizatori', element: <h1>Utilizatorii firmei</h1> },
  { path: 'clients/:id', roles: [2, 3], title: 'Client', element: <h1>Un client</h1> },
];

function renderArea(role: Role | null, url: string) {
  localStorage.clear();
  const store = createAppStore({ token: null });
  if (role) store.dispatch(sessionStarted({ user: { id: 1, name: 'Ion', email: 'i@x.ro', role }, token: 't' }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
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
          <Route path="/login" element={<h1>Pagina de autentificare</h1>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('AreaApp', () => {
  beforeEach(() => (toast.error as jest.Mock).mockClear());

  it('redirects the index to the default screen and shows the menu entries of role 2', async () => {
    renderArea(2, '/company');
    expect(await screen.findByRole('heading', { name: 'Lista clienților' })).toBeInTheDocument();
    const links = screen.getAllByRole('link').filter((a) => a.closest('.area-nav'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Clienți', '/company/dashboard'],
      ['Utilizatori', '/company/users'],
    ]);
  });

  it('hides role-2 screens from role 3 and refuses them with the toast', async () => {
    renderArea(3, '/company/users');
    expect(await screen.findByRole('heading', { name: 'Pagina de autentificare' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Nu esti autorizat sa accesezi aceasta pagina');
  });

  it('role 3 sees only its own entries', async () => {
    renderArea(3, '/company/dashboard');
    await screen.findByRole('heading', { name: 'Lista clienților' });
    expect(screen.queryByRole('link', { name: 'Utilizatori' })).not.toBeInTheDocument();
    expect(screen.getByText('Ion')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deconectare' })).toBeInTheDocument();
  });

  it("gives each screen its own tab title: the route's title, else its menu label", async () => {
    renderArea(2, '/company/dashboard');
    await screen.findByRole('heading', { name: 'Lista clienților' });
    expect(document.title).toBe('Clienți — Dosar');
  });

  it('titles a detail screen by its own title', async () => {
    renderArea(2, '/company/clients/7');
    await screen.findByRole('heading', { name: 'Un client' });
    expect(document.title).toBe('Client — Dosar');
  });

  it('sends a signed-out visitor to /login without a toast', async () => {
    renderArea(null, '/company/dashboard');
    expect(await screen.findByRole('heading', { name: 'Pagina de autentificare' })).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
