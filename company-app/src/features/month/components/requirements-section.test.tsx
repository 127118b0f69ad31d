import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type ClientProfile, type Requirement } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { httpError, ok, renderSignedIn } from '../../../testing/render';
import { ClientMonthArea } from './client-month-area';

const CLIENT = '/api/company/1/clients/7';
const ROUTE = '/company/clients/7?tab=cerinte';

const requirements: Requirement[] = [
  {
    id: 1,
    name: 'Facturi emise',
    category: { id: 1, name: 'Facturi emise' },
    frequency: 'monthly',
    details: null,
    source: 'always',
    position: 0,
    starts_period: '2026-01',
  },
  {
    id: 2,
    name: 'Extras de cont',
    category: { id: 3, name: 'Extrase bancare' },
    frequency: 'monthly',
    details: 'RO49AAAA1B31007593840000',
    source: 'bank_account',
    position: 1,
    starts_period: '2026-01',
  },
];
const profile: ClientProfile = {
  bank_accounts: ['RO49AAAA1B31007593840000'],
  has_employees: false,
  has_cash_register: false,
  due_day: null,
};

function mockServer() {
  jest.spyOn(http, 'get').mockResolvedValue(ok({ data: [{ id: 1, name: 'Facturi emise', position: 0 }] }) as never);
  return jest.spyOn(http, 'post').mockImplementation((url: string, body?: unknown) => {
    if (url === `${CLIENT}/requirements`)
      return Promise.resolve(ok({ data: requirements, meta: { profile } })) as never;
    if (url === `${CLIENT}/storeRequirement`) {
      return Promise.resolve(ok({ message: 'Documentul cerut a fost adăugat.', data: requirements[0] })) as never;
    }
    if (url === `${CLIENT}/requirements/2/delete`) return Promise.resolve(ok({ message: 'Șters.' })) as never;
    if (url === `${CLIENT}/profile`) {
      const saved = body as ClientProfile;
      return Promise.resolve(
        ok({
          message: 'Profilul a fost salvat.',
          data: [
            ...requirements,
            {
              ...requirements[0],
              id: 3,
              name: 'Stat de plată',
              category: null,
              source: 'employees',
            },
          ],
          meta: { profile: { ...profile, ...saved } },
        }),
      ) as never;
    }
    return Promise.reject(new Error(`unexpected ${url}`)) as never;
  });
}

let confirm: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirm = mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

describe('ClientMonthArea — Ce trebuie să predea', () => {
  it('lists what the client owes and lets the owner add a document', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    const row = await screen.findByRole('row', { name: /Extras de cont/ });
    expect(within(row).getByText('Pentru fiecare cont bancar')).toBeInTheDocument();
    expect(within(row).getByText('Lunar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Adaugă un document' }));
    const dialog = screen.getByRole('dialog', { name: 'Document nou cerut clientului' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Scrie numele documentului.');

    await user.type(within(dialog).getByLabelText(/Numele documentului/), 'Contracte noi');
    await user.click(within(dialog).getByRole('combobox', { name: 'Frecvența' }));
    await user.click(within(dialog).getByRole('option', { name: 'Trimestrial' }));
    await user.type(within(dialog).getByLabelText('Detalii'), 'Doar cele semnate');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${CLIENT}/storeRequirement`, {
        name: 'Contracte noi',
        frequency: 'quarterly',
        category_id: null,
        details: 'Doar cele semnate',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s field messages in the dialog', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    post.mockImplementation((url: string) => {
      if (url === `${CLIENT}/requirements`)
        return Promise.resolve(ok({ data: requirements, meta: { profile } })) as never;
      return Promise.reject(
        httpError(422, { message: 'Date invalide.', errors: { category_id: ['Categoria nu este a firmei.'] } }),
      ) as never;
    });
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });
    await user.click(await screen.findByRole('button', { name: 'Editează Facturi emise' }));
    const dialog = screen.getByRole('dialog', { name: 'Editează „Facturi emise”' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(await within(dialog).findByText('Categoria nu este a firmei.')).toBeInTheDocument();
  });

  it('deletes a requirement only once confirmed', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    confirm.mockResolvedValueOnce(true);
    await user.click(await screen.findByRole('button', { name: 'Șterge Extras de cont' }));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ștergi „Extras de cont”?' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${CLIENT}/requirements/2/delete`));
  });

  it('saves the profile and shows the list it answers with', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    const form = await screen.findByRole('form', { name: 'Profilul clientului' });
    const accounts = within(form).getByLabelText(/Conturi bancare/);
    expect(accounts).toHaveValue('RO49AAAA1B31007593840000');
    await user.type(accounts, '{Enter}ro02 bbbb 0000 0000 0000 0001');
    await user.click(within(form).getByRole('checkbox', { name: 'Are angajați' }));
    await user.type(within(form).getByLabelText(/Ziua scadentă/), '10');
    await user.click(within(form).getByRole('button', { name: 'Salvează profilul' }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${CLIENT}/profile`, {
        bank_accounts: ['RO49AAAA1B31007593840000', 'RO02BBBB0000000000000001'],
        has_employees: true,
        has_cash_register: false,
        due_day: 10,
      }),
    );
    // The answer's list replaces the one shown: employees bring the payroll statement.
    expect(await screen.findByRole('row', { name: /Stat de plată/ })).toBeInTheDocument();
  });

  it('lets staff (role 3) read without editing', async () => {
    mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE, role: 3 });
    expect(await screen.findByRole('row', { name: /Facturi emise/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adaugă un document' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Șterge/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Profilul clientului' })).not.toBeInTheDocument();
    expect(screen.getByText('A firmei')).toBeInTheDocument();
  });
});
