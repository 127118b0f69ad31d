import { fireEvent, screen, waitFor } from '@testing-library/react';
import { confirmDialog, http } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, paged, renderSignedIn } from '../../../testing/render';
import { HoldingsPage } from './holdings-page';

// The delete confirm and its toast are called from inside @dosar/shared (confirmDelete): a
// jest.mock of the package would not reach them, mockDialogs does.
beforeEach(() => {
  mockDialogs();
});

const holdings = paged([
  {
    id: 1,
    name: 'Grup Demo',
    cui: 'RO23456783',
    email: 'contact@grup-demo.ro',
    clients_count: 2,
    users_count: 2,
    admins_count: 1,
    categories_count: 0,
  },
  {
    id: 3,
    name: 'Grup Nou',
    cui: null,
    email: null,
    clients_count: 0,
    users_count: 0,
    admins_count: 0,
    categories_count: 0,
  },
]);

function fake() {
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url.endsWith('/holdings')) return Promise.resolve(ok(holdings)) as never;
    if (url.endsWith('/transferCategory')) return Promise.resolve(ok({ data: [], copied: 5 })) as never;
    return Promise.resolve(ok({ message: 'Gata.' })) as never;
  });
}

afterEach(() => jest.restoreAllMocks());

describe('HoldingsPage', () => {
  it('deletes after a confirm that says no client or file is lost', async () => {
    const post = fake();
    jest.mocked(confirmDialog).mockResolvedValue(true);
    renderSignedIn(<HoldingsPage />, { route: '/company/holdings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Șterge Grup Demo' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/company/1/holdings/1/delete'));
    expect(jest.mocked(confirmDialog).mock.calls[0][0].text).toMatch(/Niciun client și niciun fișier nu se pierd/);
  });

  it('transfers the categories to another holding', async () => {
    const post = fake();
    renderSignedIn(<HoldingsPage />, { route: '/company/holdings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Transferă categoriile holdingului Grup Demo' }));
    const target = screen.getByRole('combobox', { name: 'Holdingul care primește categoriile' });
    await waitFor(() => {
      fireEvent.click(target);
      expect(screen.getByRole('option', { name: 'Grup Nou' })).toBeInTheDocument();
    });
    fireEvent.keyDown(target, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Transferă' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/holdings/1/transferCategory', { holding_id: 3 }),
    );
  });

  it('notifies a holding; one without an administrator is told it gets an invitation', async () => {
    const post = fake();
    renderSignedIn(<HoldingsPage />, { route: '/company/holdings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifică Grup Nou' }));
    expect(screen.getByText(/invitație/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Mesaj/), { target: { value: 'Bună ziua!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Trimite notificarea' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/holdings/3/notify', { message: 'Bună ziua!' }),
    );
  });
});
