import { fireEvent, screen, waitFor } from '@testing-library/react';
import { confirmDialog, http } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { httpError, ok, paged, renderSignedIn } from '../../../testing/render';
import { UsersPage } from './users-page';

// The delete confirm and its toast are called from inside @dosar/shared (confirmDelete): a
// jest.mock of the package would not reach them, mockDialogs does.
beforeEach(() => {
  mockDialogs();
});

const LAST_OWNER =
  'Compania trebuie să aibă cel puțin un proprietar (rol 2): acesta este ultimul și nu poate fi șters sau retrogradat.';
const users = paged([
  { id: 2, name: 'Proprietar Demo', email: 'owner@demo.ro', role: 2, invited: false, last_seen_at: null },
  { id: 5, name: 'Alt Proprietar', email: 'alt@demo.ro', role: 2, invited: true },
  { id: 3, name: 'Angajat Demo', email: 'staff@demo.ro', role: 3, invited: false },
]);

afterEach(() => jest.restoreAllMocks());

describe('UsersPage', () => {
  it('creates a user who is invited by e-mail', async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue(ok(users));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(ok({ data: { id: 9, name: 'Ion', email: 'ion@demo.ro', role: 3, invited: true } }));
    renderSignedIn(<UsersPage />, { route: '/company/users' });
    expect(await screen.findByText('Invitație trimisă')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/company/1/users',
      expect.objectContaining({ params: { page: 1, per_page: 20 } }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Utilizator nou' }));
    fireEvent.change(screen.getByLabelText(/^Nume/), { target: { value: 'Ion Popescu' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ion@demo.ro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Creează și trimite invitația' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/storeUser', {
        name: 'Ion Popescu',
        email: 'ion@demo.ro',
        role: 3,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's message when the last owner can't be demoted", async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(users));
    jest.spyOn(http, 'post').mockRejectedValue(httpError(422, { message: LAST_OWNER, errors: { role: [LAST_OWNER] } }));
    renderSignedIn(<UsersPage />, { route: '/company/users' });
    fireEvent.click(await screen.findByRole('button', { name: 'Editează Proprietar Demo' }));
    fireEvent.click(screen.getByLabelText(/^Angajat/));
    fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    expect(await screen.findByText(LAST_OWNER)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows the server's message when the last owner can't be deleted", async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(users));
    const post = jest
      .spyOn(http, 'post')
      .mockRejectedValue(httpError(422, { message: LAST_OWNER, errors: { role: [LAST_OWNER] } }));
    jest.mocked(confirmDialog).mockResolvedValue(true);
    renderSignedIn(<UsersPage />, { route: '/company/users' });
    // No delete button on one's own row.
    await screen.findByText('Angajat Demo');
    expect(screen.queryByRole('button', { name: 'Șterge Proprietar Demo' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Șterge Alt Proprietar' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/company/1/users/5/delete'));
    expect(await screen.findByRole('alert')).toHaveTextContent(LAST_OWNER);
  });
});
