import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, renderAsAdmin } from '../../../testing/render';
import { PlansPage } from './plans-page';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn() },
}));

afterEach(() => jest.restoreAllMocks());

const GB = 1024 ** 3;
const plans = [
  {
    id: 1,
    name: 'Probă gratuită',
    audience: 'company',
    price_ron: 0,
    max_clients: 20,
    max_users: 5,
    max_storage_bytes: 2 * GB,
    is_trial: true,
    active: true,
    position: 0,
  },
  {
    id: 2,
    name: 'Start',
    audience: 'company',
    price_ron: 49,
    max_clients: 30,
    max_users: 5,
    max_storage_bytes: 10 * GB,
    is_trial: false,
    active: true,
    position: 1,
  },
  {
    id: 4,
    name: 'Business',
    audience: 'company',
    price_ron: 299,
    max_clients: null,
    max_users: 50,
    max_storage_bytes: 200 * GB,
    is_trial: false,
    active: false,
    position: 3,
  },
  {
    id: 5,
    name: 'Grup Mic',
    audience: 'holding',
    price_ron: 29,
    max_clients: 15,
    max_users: 5,
    max_storage_bytes: 5 * GB,
    is_trial: false,
    active: true,
    position: 1,
  },
];

describe('PlansPage', () => {
  it('lists plans per audience with prices and limits', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: plans }));
    renderAsAdmin(<PlansPage />, { route: '/admin/plans' });
    const companies = await screen.findByRole('region', { name: 'Planuri pentru companii de contabilitate' });
    const business = within(companies).getByText('Business').closest('tr') as HTMLElement;
    expect(within(business).getByText('299,00 lei')).toBeInTheDocument();
    expect(within(business).getByText('nelimitat')).toBeInTheDocument();
    expect(within(business).getByText('200 GB')).toBeInTheDocument();
    expect(within(business).getByText('Inactiv')).toBeInTheDocument();
    const holdings = screen.getByRole('region', { name: 'Planuri pentru holdinguri' });
    expect(within(holdings).getByText('Grup Mic')).toBeInTheDocument();
    expect(within(holdings).queryByText('Start')).not.toBeInTheDocument();
  });

  it('edits a plan: price, limits (empty = unlimited), active', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: plans }));
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ ...plans[1], price_ron: 59.9, max_clients: null }));
    renderAsAdmin(<PlansPage />, { route: '/admin/plans' });
    fireEvent.click(await screen.findByRole('button', { name: 'Editează Start' }));
    const dialog = screen.getByRole('dialog', { name: 'Editează planul „Start”' });
    expect(within(dialog).getByLabelText(/^Spațiu de stocare/)).toHaveValue('10');
    fireEvent.change(within(dialog).getByLabelText(/^Preț lunar/), { target: { value: '59,9' } });
    fireEvent.change(within(dialog).getByLabelText(/^Număr maxim de clienți/), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText(/^Spațiu de stocare/), { target: { value: '12,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/admin/plans/2/update', {
        name: 'Start',
        price_ron: 59.9,
        max_clients: null,
        max_users: 5,
        max_storage_bytes: Math.round(12.5 * GB),
        is_trial: false,
        active: true,
        position: 1,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('59,90 lei')).toBeInTheDocument();
  });

  it('adds a holding plan and refuses a bad price locally', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: plans }));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(ok({ ...plans[3], id: 9, name: 'Grup Mare', price_ron: 99 }));
    renderAsAdmin(<PlansPage />, { route: '/admin/plans' });
    const holdings = await screen.findByRole('region', { name: 'Planuri pentru holdinguri' });
    fireEvent.click(within(holdings).getByRole('button', { name: 'Plan nou' }));
    const dialog = screen.getByRole('dialog', { name: 'Plan nou pentru holdinguri' });
    fireEvent.change(within(dialog).getByLabelText(/^Nume/), { target: { value: 'Grup Mare' } });
    fireEvent.change(within(dialog).getByLabelText(/^Preț lunar/), { target: { value: 'mult' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(
      await within(dialog).findByText('Prețul trebuie să fie un număr pozitiv (lei pe lună).'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Preț lunar/), { target: { value: '99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/admin/plans',
        expect.objectContaining({ name: 'Grup Mare', price_ron: 99, audience: 'holding' }),
      ),
    );
    expect(await within(holdings).findByText('Grup Mare')).toBeInTheDocument();
  });
});
