import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '@dosar/shared';
import { httpError, ok, paged, renderSignedIn } from '../../../testing/render';
import { ClientsPage } from './clients-page';

const holdings = paged([{ id: 1, name: 'Grup Demo', cui: 'RO23456783', email: null }]);
const clients = paged([
  {
    id: 7,
    name: 'Alfa Distribuție SRL',
    cui: '34567892',
    email: null,
    phone: null,
    holding: { id: 1, name: 'Grup Demo' },
    documents_count: 4,
    last_upload_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 9,
    name: 'Gamma Consultanță SRL',
    cui: '56789016',
    email: null,
    phone: null,
    holding: null,
    documents_count: 0,
    last_upload_at: null,
  },
]);

function routePost(answers: { clients: () => Promise<unknown> }) {
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url.endsWith('/holdings')) return Promise.resolve(ok(holdings));
    if (url.endsWith('/clients')) return answers.clients() as never;
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('ClientsPage', () => {
  it('lists the clients with holding, document count and a link to each', async () => {
    const post = routePost({ clients: () => Promise.resolve(ok(clients)) });
    renderSignedIn(<ClientsPage />);

    expect(await screen.findByRole('link', { name: 'Alfa Distribuție SRL' })).toHaveAttribute(
      'href',
      '/company/clients/7',
    );
    expect(screen.getByRole('link', { name: 'Gamma Consultanță SRL' })).toHaveAttribute('href', '/company/clients/9');
    expect(screen.getByText('34567892')).toBeInTheDocument();
    expect(screen.getAllByText('Grup Demo').length).toBeGreaterThan(0);
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/api/company/1/clients',
      { page: 1, per_page: 20, sort: 'name', direction: 'asc' },
      expect.anything(),
    );
    // Role 2 may add clients.
    expect(screen.getByRole('link', { name: 'Client nou' })).toHaveAttribute('href', '/company/new-client');
  });

  it('shows the empty state when the company has no client', async () => {
    routePost({ clients: () => Promise.resolve(ok(paged([]))) });
    renderSignedIn(<ClientsPage />, { role: 3 });
    expect(await screen.findByText('Nu ai încă niciun client.')).toBeInTheDocument();
    // Role 3 can't add clients.
    expect(screen.queryByRole('link', { name: 'Client nou' })).not.toBeInTheDocument();
  });

  it('asks staff (role 3) only for what it may see: no POST holdings, no holding filter', async () => {
    const post = routePost({ clients: () => Promise.resolve(ok(clients)) });
    renderSignedIn(<ClientsPage />, { role: 3 });
    expect(await screen.findByRole('link', { name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
    expect(post.mock.calls.map(([url]) => url)).not.toContain('/api/company/1/holdings');
    expect(screen.queryByLabelText('Filtrează după holding')).not.toBeInTheDocument();
    // Romanian plural in the caption: 2 clienți (1 client, 20 de clienți).
    expect(screen.getByText('2 clienți')).toBeInTheDocument();
  });

  it('gives the owner (role 2) the holding filter, fed by POST holdings', async () => {
    const post = routePost({ clients: () => Promise.resolve(ok(clients)) });
    renderSignedIn(<ClientsPage />);
    expect(await screen.findByLabelText('Filtrează după holding')).toBeInTheDocument();
    await waitFor(() => expect(post.mock.calls.map(([url]) => url)).toContain('/api/company/1/holdings'));
  });

  it('shows the error state and retries', async () => {
    let calls = 0;
    routePost({
      clients: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(httpError(500, { message: 'A aparut o eroare' }))
          : Promise.resolve(ok(clients));
      },
    });
    renderSignedIn(<ClientsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('A aparut o eroare');
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByRole('link', { name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
  });

  it('searches on the server once the typing stops (debounced)', async () => {
    jest.useFakeTimers();
    const post = routePost({ clients: () => Promise.resolve(ok(clients)) });
    renderSignedIn(<ClientsPage />);
    await act(async () => {
      await Promise.resolve();
    });

    const box = screen.getByLabelText('Caută după nume sau CUI');
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.change(box, { target: { value: 'alf' } });
    const searches = () =>
      post.mock.calls.filter(([url, body]) => url.endsWith('/clients') && (body as { search?: string }).search);
    expect(searches()).toHaveLength(0);

    await act(async () => {
      jest.advanceTimersByTime(350);
    });
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0][1]).toEqual({ page: 1, per_page: 20, search: 'alf', sort: 'name', direction: 'asc' });
  });

  it('filters by holding and sorts on the server', async () => {
    const post = routePost({ clients: () => Promise.resolve(ok(clients)) });
    renderSignedIn(<ClientsPage />);
    await screen.findByRole('link', { name: 'Alfa Distribuție SRL' });

    const select = screen.getByRole('combobox', { name: 'Filtrează după holding' });
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Grup' } });
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(
        '/api/company/1/clients',
        expect.objectContaining({ holding_id: 1 }),
        expect.anything(),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: /Ultima încărcare/ }));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(
        '/api/company/1/clients',
        expect.objectContaining({ sort: 'last_upload', direction: 'asc', holding_id: 1 }),
        expect.anything(),
      ),
    );
  });
});
