import { screen, waitFor, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import App from './App';
import { ok, paged, renderSignedIn } from './testing/render';

const mockFire = jest.fn().mockResolvedValue({});
// The guard's toast goes through sweetalert2: record what it shows.
jest.mock('sweetalert2', () => ({
  __esModule: true,
  default: {
    fire: (...args: unknown[]) => mockFire(...args),
    mixin: () => ({ fire: (...args: unknown[]) => mockFire(...args) }),
  },
}));

const ROLE_2_ONLY = ['Client nou', 'Holdinguri', 'Categorii', 'Utilizatori'];

beforeEach(() => {
  jest.spyOn(http, 'post').mockResolvedValue(ok(paged([])));
  jest.spyOn(http, 'get').mockResolvedValue(ok(paged([])));
});
afterEach(() => jest.restoreAllMocks());

function navLinks() {
  return within(screen.getByRole('complementary', { name: 'Navigare' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('company area navigation', () => {
  it('role 2 sees every company screen', async () => {
    renderSignedIn(<App />, { role: 2, route: '/company/dashboard', path: '/company/*' });
    await screen.findByRole('heading', { name: 'Clienți' });
    expect(navLinks()).toEqual(expect.arrayContaining(['Clienți', 'Fișiere utile', 'Profilul meu', ...ROLE_2_ONLY]));
  });

  it('role 3 sees only dashboard, utils and profile', async () => {
    renderSignedIn(<App />, { role: 3, route: '/company/dashboard', path: '/company/*' });
    await screen.findByRole('heading', { name: 'Clienți' });
    const links = navLinks();
    expect(links).toEqual(expect.arrayContaining(['Clienți', 'Fișiere utile', 'Profilul meu']));
    for (const label of ROLE_2_ONLY) expect(links).not.toContain(label);
  });

  it('role 3 typing a role-2 URL is refused and sent to /login', async () => {
    renderSignedIn(<App />, { role: 3, route: '/company/users', path: '/company/*' });
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    await waitFor(() =>
      expect(mockFire).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Nu esti autorizat sa accesezi aceasta pagina' }),
      ),
    );
  });
});
