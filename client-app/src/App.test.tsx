import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    expect(await screen.findByRole('heading', { name: 'Firmele holdingului' })).toBeInTheDocument();
    expect(menuLabels()).toEqual([
      'Firme',
      'De trimis',
      'Fișiere utile',
      'Firme de contabilitate',
      'Utilizatori',
      'Abonament',
      'Profilul meu',
    ]);
  });

  it('role 5 sees dashboard, utils and profile only', async () => {
    renderWithSession(<App />, { user: holdingUser, route: '/client/dashboard', path: '/client/*' });
    await screen.findByRole('heading', { name: 'Firmele holdingului' });
    expect(menuLabels()).toEqual(['Firme', 'De trimis', 'Fișiere utile', 'Profilul meu']);
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

  it('opens „Ce mai am de trimis” from the menu', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation(async (url: string) => {
      if (url === '/api/holding/1/index') return ok({ data: [], meta: { page: 1, per_page: 100, total: 0 } });
      return ok({ data: [], meta: { page: 1, per_page: 20, total: 0, since: null, periods: [] } });
    });
    const user = userEvent.setup();
    renderWithSession(<App />, { user: holdingUser, route: '/client/dashboard', path: '/client/*' });
    await screen.findByRole('heading', { name: 'Firmele holdingului' });
    await user.click(screen.getByRole('link', { name: 'De trimis' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ce mai am de trimis' })).toBeInTheDocument();
    expect(await screen.findByText('Nu mai ai nimic de trimis. Mulțumim!')).toBeInTheDocument();
    expect(document.title).toBe('Ce mai am de trimis — Dosar');
    expect(post).toHaveBeenCalledWith('/api/holding/1/index', expect.objectContaining({ page: 1 }), expect.anything());
  });

  it('the client view has the sections „Documente”, „Luna” and „Istoric”', async () => {
    const view = {
      client: { id: 7, name: 'Alfa Distribuție SRL', company: { id: 1, name: 'Contabil Demo SRL' } },
      categories: [],
      documents: [],
    };
    const post = jest.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
      if (url === '/api/holding/1/clients/7/checklist') {
        const { period } = body as { period: string };
        return ok({
          data: [],
          meta: {
            period,
            due_date: '2026-12-07',
            days_left: 3,
            complete: true,
            closed: false,
            closed_at: null,
            done_at: null,
            done_by_name: null,
            counts: { missing: 0, uploaded: 0, accepted: 0, rejected: 0, not_applicable: 0 },
            total: 0,
          },
        });
      }
      if (url === '/api/holding/1/clients/7/activity')
        return ok({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
      return ok(view);
    });
    const user = userEvent.setup();
    renderWithSession(<App />, { user: holdingUser, route: '/client/7', path: '/client/*' });
    const sections = await screen.findByRole('tablist', { name: 'Secțiunile firmei' });
    expect(within(sections).getByRole('tab', { name: 'Documente' })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(sections).getByRole('tab', { name: 'Luna' }));
    expect(
      await screen.findByText('Firma de contabilitate nu îți cere niciun document pentru această lună.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('tablist', { name: 'Secțiunile firmei' })).getByRole('tab', { name: 'Luna' }),
    ).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Istoric' }));
    expect(await screen.findByText('Nu există încă nicio acțiune înregistrată.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/api/holding/1/clients/7/activity',
      { page: 1, per_page: 20 },
      expect.anything(),
    );

    await user.click(screen.getByRole('tab', { name: 'Documente' }));
    expect(await screen.findByText('Clientul nu are încă documente')).toBeInTheDocument();
  });
});
