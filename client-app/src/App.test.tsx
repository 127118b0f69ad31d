import { screen, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import App from './App';
import { holdingAdmin, holdingUser, ok, renderWithSession } from './testing/render';

beforeEach(() => {
  jest
    .spyOn(http, 'post')
    .mockResolvedValue(ok({ data: [], meta: { page: 1, per_page: 20, total: 0, since: null, periods: [] } }));
  jest.spyOn(http, 'get').mockResolvedValue(ok({ data: [], meta: { page: 1, per_page: 20, total: 0 } }));
});
afterEach(() => jest.restoreAllMocks());

function menuLabels(): string[] {
  const sidebar = screen.getByRole('complementary', { name: 'Navigare' });
  return within(within(sidebar).getByRole('navigation'))
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');
}

describe('client area App', () => {
  it('role 4 sees every client screen in the menu', async () => {
    renderWithSession(<App />, { user: holdingAdmin, route: '/client/dashboard', path: '/client/*' });
    expect(await screen.findByRole('heading', { name: 'Firmele grupului' })).toBeInTheDocument();
    expect(menuLabels()).toEqual([
      'Firme',
      'Fișiere utile',
      'Firme de contabilitate',
      'Utilizatori',
      'Abonament',
      'Profilul meu',
    ]);
  });

  it('role 5 sees dashboard, utils and profile only', async () => {
    renderWithSession(<App />, { user: holdingUser, route: '/client/dashboard', path: '/client/*' });
    await screen.findByRole('heading', { name: 'Firmele grupului' });
    expect(menuLabels()).toEqual(['Firme', 'Fișiere utile', 'Profilul meu']);
  });

  it.each(['/client/company', '/client/users'])('role 5 is sent to /login from %s', async (route) => {
    renderWithSession(<App />, { user: holdingUser, route, path: '/client/*' });
    expect(await screen.findByText('Pagina de autentificare')).toBeInTheDocument();
  });

  it('opens the client view at /client/{id}', async () => {
    const view = {
      client: { id: 7, name: 'Alfa Distribuție SRL', company: { id: 1, name: 'Contabil Demo SRL' } },
      categories: [],
      documents: [],
    };
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok(view));
    renderWithSession(<App />, { user: holdingUser, route: '/client/7', path: '/client/*' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/holding/1/clients/7', {}, expect.anything());
    expect(screen.getByText('Clientul nu are încă documente')).toBeInTheDocument();
  });
});
