import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type RequirementDefault } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import { MonthSettingsPage } from './month-settings-page';

const BASE = '/api/company/1';

const defaults: RequirementDefault[] = [
  {
    id: 1,
    name: 'Extras de cont',
    category: { id: 3, name: 'Extrase bancare' },
    frequency: 'monthly',
    details: null,
    applies: 'bank_account',
    position: 0,
  },
  {
    id: 2,
    name: 'Stat de plată',
    category: null,
    frequency: 'monthly',
    details: null,
    applies: 'employees',
    position: 1,
  },
  {
    id: 3,
    name: 'Bilanț',
    category: null,
    frequency: 'yearly',
    details: null,
    applies: 'always',
    position: 2,
  },
];

function mockServer() {
  jest.spyOn(http, 'get').mockResolvedValue(ok({ data: [{ id: 3, name: 'Extrase bancare', position: 0 }] }) as never);
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url === `${BASE}/requirement-defaults`)
      return Promise.resolve(ok({ data: defaults, meta: { due_day: 5 } })) as never;
    if (url === `${BASE}/month-settings/update`)
      return Promise.resolve(ok({ message: 'Salvat.', due_day: 10 })) as never;
    return Promise.resolve(ok({ message: 'Gata.', data: defaults[0] })) as never;
  });
}

let confirm: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirm = mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

describe('MonthSettingsPage', () => {
  it('shows the default set with who each applies to', async () => {
    mockServer();
    renderSignedIn(<MonthSettingsPage />, { route: '/company/month-settings' });
    expect(
      within(await screen.findByRole('row', { name: /Extras de cont/ })).getByText('Pentru fiecare cont bancar'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Stat de plată/ })).getByText('Dacă are angajați'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Bilanț/ })).getByText('Mereu')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Bilanț/ })).getByText('Anual')).toBeInTheDocument();
  });

  it('adds a default for clients with a cash register', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<MonthSettingsPage />, { route: '/company/month-settings' });
    await screen.findByRole('row', { name: /Bilanț/ });

    await user.click(screen.getByRole('button', { name: 'Adaugă un document' }));
    const dialog = screen.getByRole('dialog', { name: 'Document nou în setul implicit' });
    await user.type(within(dialog).getByLabelText(/Numele documentului/), 'Raport Z');
    await user.click(within(dialog).getByRole('combobox', { name: 'Se cere' }));
    await user.click(within(dialog).getByRole('option', { name: 'Dacă are casă de marcat' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Categoria' }));
    await user.click(within(dialog).getByRole('option', { name: 'Extrase bancare' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${BASE}/storeRequirementDefault`, {
        name: 'Raport Z',
        frequency: 'monthly',
        category_id: 3,
        details: null,
        applies: 'cash_register',
      }),
    );
  });

  it('deletes a default once confirmed', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<MonthSettingsPage />, { route: '/company/month-settings' });

    confirm.mockResolvedValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Șterge Bilanț' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(post).not.toHaveBeenCalledWith(`${BASE}/requirement-defaults/3/delete`);

    confirm.mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: 'Șterge Bilanț' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${BASE}/requirement-defaults/3/delete`));
  });

  it('saves the due day between 1 and 31', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<MonthSettingsPage />, { route: '/company/month-settings' });

    const form = await screen.findByRole('form', { name: 'Termenul de predare' });
    const day = within(form).getByLabelText('Ziua scadentă');
    expect(day).toHaveValue(5);
    await user.clear(day);
    await user.type(day, '40');
    await user.click(within(form).getByRole('button', { name: 'Salvează' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Ziua scadentă este între 1 și 31.');
    expect(post).not.toHaveBeenCalledWith(`${BASE}/month-settings/update`, expect.anything());

    await user.clear(day);
    await user.type(day, '10');
    await user.click(within(form).getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${BASE}/month-settings/update`, { due_day: 10 }));
  });
});
