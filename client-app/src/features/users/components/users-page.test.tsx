import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { holdingAdmin, ok, renderWithSession } from '../../../testing/render';
import { UsersPage } from './users-page';

// The delete confirm and its toast are called from inside @dosar/shared (confirmDelete): a
// jest.mock of the package would not reach them, mockDialogs does (a fresh spy per test).
let confirmMock: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirmMock = mockDialogs();
});

const me = { id: holdingAdmin.id, name: holdingAdmin.name, email: holdingAdmin.email, role: 4, invited: false };
const colleague = { id: 11, name: 'Utilizator Client Demo', email: 'client@demo.ro', role: 5, invited: false };

function mockUsers(users = [me, colleague]) {
  return jest
    .spyOn(http, 'get')
    .mockImplementation(async () => ok({ data: users, meta: { page: 1, per_page: 20, total: users.length } }));
}

afterEach(() => jest.restoreAllMocks());

describe('UsersPage', () => {
  it('lists the holding users with their roles; no delete on oneself', async () => {
    const get = mockUsers();
    renderWithSession(<UsersPage />);
    const row = (await screen.findByText('client@demo.ro')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Utilizator holding')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/holding/1/users',
      expect.objectContaining({ params: expect.objectContaining({ page: 1 }) }),
    );
    expect(screen.getByRole('button', { name: 'Șterge Utilizator Client Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Șterge ${holdingAdmin.name}` })).not.toBeInTheDocument();
  });

  it('marks an invited user who has not set a password yet (the answer says `invited`)', async () => {
    mockUsers([me, { ...colleague, invited: true }]);
    renderWithSession(<UsersPage />);
    const row = (await screen.findByText('client@demo.ro')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Nu și-a setat încă parola')).toBeInTheDocument();
    expect(screen.getAllByText('Nu și-a setat încă parola')).toHaveLength(1);
  });

  it('creates a user (who gets a set-password e-mail) and reloads the list', async () => {
    const get = mockUsers();
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        ok(
          { message: 'Utilizatorul a fost creat.', user: { id: 12, name: 'Ana Pop', email: 'ana@grup.ro', role: 5 } },
          201,
        ),
      );
    const user = userEvent.setup();
    renderWithSession(<UsersPage />);
    await screen.findByText('client@demo.ro');

    await user.click(screen.getByRole('button', { name: 'Adaugă utilizator' }));
    expect(screen.getByText('Utilizatorul primește pe e-mail un link pentru setarea parolei.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Creează utilizatorul' }));
    expect(await screen.findByText('Numele este obligatoriu.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Nume'), 'Ana Pop');
    await user.type(screen.getByLabelText('E-mail'), 'ana@grup.ro');
    await user.selectOptions(screen.getByLabelText('Rol'), '4');
    await user.click(screen.getByRole('button', { name: 'Creează utilizatorul' }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/holding/1/storeUser', { name: 'Ana Pop', email: 'ana@grup.ro', role: 4 }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Creează utilizatorul' })).not.toBeInTheDocument());
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('updates a user', async () => {
    mockUsers();
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ message: 'Utilizatorul a fost actualizat.' }));
    const user = userEvent.setup();
    renderWithSession(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: 'Editează Utilizator Client Demo' }));
    const name = screen.getByLabelText('Nume');
    await user.clear(name);
    await user.type(name, 'Ion Client');
    await user.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/holding/1/users/11/update', {
        name: 'Ion Client',
        email: 'client@demo.ro',
        role: 5,
      }),
    );
  });

  it('deletes a user after the confirmation', async () => {
    mockUsers();
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ message: 'Utilizatorul a fost șters.' }));
    confirmMock.mockResolvedValueOnce(true);
    renderWithSession(<UsersPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Șterge Utilizator Client Demo' }));
    expect(confirmMock).toHaveBeenCalled();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/holding/1/users/11/delete'));
  });
});
