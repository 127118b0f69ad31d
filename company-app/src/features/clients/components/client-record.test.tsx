import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { Route, Routes } from 'react-router-dom';
import { confirmDialog, http } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { httpError, ok, paged, renderSignedIn } from '../../../testing/render';
import { ClientViewPage } from './client-view-page';
import { ClientsPage } from './clients-page';

/** The owner's client record and portal access: edit, archive, restore, invite, resend, revoke. */

const client = {
  id: 7,
  name: 'Alfa Distribuție SRL',
  cui: '34567892',
  email: 'contabilitate@alfa.ro',
  phone: null,
  notes: 'Plătește trimestrial.',
  holding: null,
  documents_count: 0,
  last_upload_at: null,
};
const view = {
  data: client,
  categories: [],
  categories_inherited: true,
  periods: [],
  documents: [],
  upload_limits: { max_bytes: 1024, max_files: 10, allowed_types: ['pdf'], accept: '.pdf' },
};
const people = {
  holding: { id: 4, name: 'Alfa Distribuție SRL' },
  data: [
    {
      id: 31,
      name: 'Ioana Pop',
      email: 'ioana@alfa.ro',
      role: 5,
      invited: false,
      created_at: '2026-11-01T10:00:00.000Z',
      last_seen_at: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 32,
      name: 'Mihai Ene',
      email: 'mihai@alfa.ro',
      role: 5,
      invited: true,
      created_at: '2026-11-21T10:00:00.000Z',
      last_seen_at: null,
    },
  ],
};
const FOREIGN = 'Această adresă are deja un cont Dosar. Folosește altă adresă sau cere persoanei să te contacteze.';

type Handler = (body: unknown, config?: AxiosRequestConfig) => Promise<unknown>;

function fakePost(handlers: Record<string, Handler>) {
  return jest.spyOn(http, 'post').mockImplementation(((url: string, body?: unknown, config?: AxiosRequestConfig) => {
    const handler = handlers[url.replace('/api/company/1/', '')];
    if (!handler) return Promise.reject(new Error(`unexpected ${url}`));
    return handler(body, config);
  }) as typeof http.post);
}

const calls = (post: jest.SpyInstance, path: string) =>
  post.mock.calls.filter(([url]) => url === `/api/company/1/${path}`);

function renderView(role: 2 | 3 = 2) {
  return renderSignedIn(
    <Routes>
      <Route path="clients/:id" element={<ClientViewPage />} />
      <Route path="dashboard" element={<p>lista clienților</p>} />
    </Routes>,
    { role, route: '/company/clients/7', path: '/company/*' },
  );
}

afterEach(() => jest.restoreAllMocks());
beforeEach(() => mockDialogs());

describe('client record (role 2)', () => {
  it('edits the client: local Romanian errors first, then the server’s, then saves and reloads', async () => {
    let failOnce = true;
    const post = fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/access': () => Promise.resolve(ok({ holding: null, data: [] })),
      holdings: () => Promise.resolve(ok(paged([{ id: 4, name: 'Grup Demo', cui: null, email: null }]))),
      'clients/7/update': () => {
        if (failOnce) {
          failOnce = false;
          return Promise.reject(
            httpError(422, { message: 'Date invalide.', errors: { cui: ['Există deja un client cu acest CUI.'] } }),
          );
        }
        return Promise.resolve(ok({ message: 'Clientul a fost actualizat.', data: client }));
      },
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Editează' }));
    const dialog = screen.getByRole('dialog', { name: 'Editează Alfa Distribuție SRL' });
    expect(within(dialog).getByLabelText(/^Note/)).toHaveValue('Plătește trimestrial.');

    fireEvent.change(within(dialog).getByLabelText(/^CUI/), { target: { value: '12345675' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText(/CUI-ul nu este valid/)).toBeInTheDocument();
    expect(calls(post, 'clients/7/update')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^CUI/), { target: { value: 'RO34567892' } });
    fireEvent.change(within(dialog).getByLabelText(/^Telefon/), { target: { value: '0721 000 111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Există deja un client cu acest CUI.')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(post, 'clients/7/update').at(-1)?.[1]).toEqual({
      name: 'Alfa Distribuție SRL',
      cui: 'RO34567892',
      email: 'contabilitate@alfa.ro',
      phone: '0721 000 111',
      notes: 'Plătește trimestrial.',
      holding_id: null,
    });
    await waitFor(() => expect(calls(post, 'clients/7').length).toBeGreaterThanOrEqual(2));
  });

  it('archives only after the confirmation, then goes back to the list', async () => {
    const post = fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/access': () => Promise.resolve(ok({ holding: null, data: [] })),
      'clients/7/delete': () => Promise.resolve(ok({ message: 'Clientul a fost arhivat.' })),
    });
    renderView();
    const archive = await screen.findByRole('button', { name: 'Arhivează' });
    fireEvent.click(archive);
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(calls(post, 'clients/7/delete')).toHaveLength(0);

    jest.mocked(confirmDialog).mockResolvedValueOnce(true);
    fireEvent.click(archive);
    expect(await screen.findByText('lista clienților')).toBeInTheDocument();
    expect(calls(post, 'clients/7/delete')).toHaveLength(1);
    expect(jest.mocked(confirmDialog).mock.calls[1][0]).toMatchObject({ confirmButtonText: 'Arhivează', danger: true });
  });

  it('staff (role 3) see neither the record actions nor the portal section', async () => {
    const post = fakePost({ 'clients/7': () => Promise.resolve(ok(view)) });
    renderView(3);
    await screen.findByRole('heading', { name: 'Alfa Distribuție SRL' });
    expect(screen.queryByRole('button', { name: 'Editează' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Arhivează' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Acces portal' })).not.toBeInTheDocument();
    expect(calls(post, 'clients/7/access')).toHaveLength(0);
  });
});

describe('Acces portal', () => {
  it('lists who signs in, resends an invitation and revokes after the confirmation', async () => {
    const post = fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/access': () => Promise.resolve(ok(people)),
      'clients/7/access/32/resend': () => Promise.resolve(ok({ message: 'Invitația a fost retrimisă.' })),
      'clients/7/access/32/revoke': () => Promise.resolve(ok({ message: 'Accesul a fost revocat.' })),
    });
    renderView();
    const list = await screen.findByRole('list', { name: 'Persoane cu acces la portal' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByText('Utilizator')).toBeInTheDocument();
    expect(within(items[0]).getByText('Activ')).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button', { name: /Retrimite/ })).not.toBeInTheDocument();
    expect(within(items[1]).getByText('Utilizator')).toBeInTheDocument();
    expect(within(items[1]).getByText('Invitat')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Retrimite invitația pentru Mihai Ene' }));
    await waitFor(() => expect(calls(post, 'clients/7/access/32/resend')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revocă accesul pentru Mihai Ene' })).toBeEnabled());

    jest.mocked(confirmDialog).mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Revocă accesul pentru Mihai Ene' }));
    await waitFor(() => expect(screen.queryByText('Mihai Ene')).not.toBeInTheDocument());
    expect(calls(post, 'clients/7/access/32/revoke')).toHaveLength(1);
    expect(jest.mocked(confirmDialog).mock.calls[0][0]).toMatchObject({ confirmButtonText: 'Revocă accesul' });
  });

  it('invites a user (no administrator to choose); an address with an account elsewhere shows the server message on the field', async () => {
    let refuse = true;
    const post = fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/access': () => Promise.resolve(ok({ holding: null, data: [] })),
      'clients/7/invite': () => {
        if (refuse) {
          refuse = false;
          return Promise.reject(httpError(422, { message: 'Date invalide.', errors: { email: [FOREIGN] } }));
        }
        return Promise.resolve(ok({ message: 'Invitația a fost trimisă.', data: people.data[1] }));
      },
    });
    renderView();
    expect(await screen.findByText(/Nimeni nu intră încă în portal/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Invită' }));
    const form = screen.getByRole('form', { name: 'Invită o persoană' });
    fireEvent.click(within(form).getByRole('button', { name: 'Invită' }));
    expect(await within(form).findByText('Numele este obligatoriu.')).toBeInTheDocument();
    expect(calls(post, 'clients/7/invite')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/^Nume/), { target: { value: 'Mihai Ene' } });
    fireEvent.change(within(form).getByLabelText(/^E-mail/), { target: { value: 'mihai@alfa.ro' } });
    // A firm never names the holding's administrator: the form offers no role to choose.
    expect(within(form).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(form).getByText(/Persoana intră ca utilizator/)).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Invită' }));
    expect(await within(form).findByText(FOREIGN)).toBeInTheDocument();

    fireEvent.click(within(form).getByRole('button', { name: 'Invită' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Invită o persoană' })).not.toBeInTheDocument());
    expect(calls(post, 'clients/7/invite').at(-1)?.[1]).toEqual({ name: 'Mihai Ene', email: 'mihai@alfa.ro', role: 5 });
    // The first invitation gave the client a holding: the page and the list load again.
    await waitFor(() => expect(calls(post, 'clients/7/access').length).toBeGreaterThanOrEqual(2));
  });

  it('shows an error with a retry when the list fails', async () => {
    let fail = true;
    fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/access': () => {
        if (fail) {
          fail = false;
          return Promise.reject(httpError(500, { message: 'Eroare de server.' }));
        }
        return Promise.resolve(ok(people));
      },
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByText('Ioana Pop')).toBeInTheDocument();
  });
});

describe('archived clients on the list', () => {
  it('the owner filters „Arhivați” and restores one', async () => {
    const archived = paged([{ ...client, archived_at: '2026-11-22T10:00:00.000Z' }]);
    const post = fakePost({
      clients: (body) => Promise.resolve(ok((body as { archived?: boolean }).archived ? archived : paged([]))),
      holdings: () => Promise.resolve(ok(paged([]))),
      'clients/7/restore': () => Promise.resolve(ok({ message: 'Clientul a fost restaurat.', data: client })),
    });
    renderSignedIn(<ClientsPage />);
    const select = await screen.findByRole('combobox', { name: 'Clienți activi sau arhivați' });
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Arhiv' } });
    fireEvent.keyDown(select, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Restaurează Alfa Distribuție SRL' }));
    await waitFor(() => expect(calls(post, 'clients/7/restore')).toHaveLength(1));
    await waitFor(() =>
      expect(calls(post, 'clients').filter(([, body]) => (body as { archived?: boolean }).archived)).toHaveLength(2),
    );
  });
});
