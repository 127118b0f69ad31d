import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    isVisible: () => false,
    getPopup: () => null,
  },
}));

const ROLE_2_ONLY = ['Client nou', 'Holdinguri', 'Categorii', 'Utilizatori', 'Documente lunare'];

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

  it('role 3 sees the clients, the month screens, utils and profile, none of the owner’s', async () => {
    renderSignedIn(<App />, { role: 3, route: '/company/dashboard', path: '/company/*' });
    await screen.findByRole('heading', { name: 'Clienți' });
    const links = navLinks();
    expect(links).toEqual(expect.arrayContaining(['Clienți', 'Luna', 'De verificat', 'Fișiere utile', 'Profilul meu']));
    for (const label of ROLE_2_ONLY) expect(links).not.toContain(label);
  });

  it('counts what awaits review beside „De verificat”, and asks again on navigation', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/review-queue/count')) return Promise.resolve(ok({ count: 3, done: 1 })) as never;
      return Promise.resolve(ok(paged([]))) as never;
    });
    renderSignedIn(<App />, { role: 3, route: '/company/dashboard', path: '/company/*' });
    const nav = within(screen.getByRole('complementary', { name: 'Navigare' }));
    // 3 documents and, apart, 1 month announced as done: never added into one number.
    expect(
      await nav.findByRole('link', { name: 'De verificat 3 documente de verificat 1 lună anunțată ca terminată' }),
    ).toHaveAttribute('href', '/company/review');
    const asked = () => post.mock.calls.filter(([url]) => url === '/api/company/1/review-queue/count').length;
    const before = asked();
    fireEvent.click(nav.getByRole('link', { name: 'Profilul meu' }));
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
  });

  it('shows no count when nothing awaits review', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/review-queue/count')) return Promise.resolve(ok({ count: 0, done: 0 })) as never;
      return Promise.resolve(ok(paged([]))) as never;
    });
    renderSignedIn(<App />, { role: 2, route: '/company/dashboard', path: '/company/*' });
    await screen.findByRole('heading', { name: 'Clienți' });
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/company/1/review-queue/count', {}, expect.anything()));
    await act(async () => undefined);
    const nav = within(screen.getByRole('complementary', { name: 'Navigare' }));
    expect(nav.getByRole('link', { name: 'De verificat' })).toBeInTheDocument();
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
