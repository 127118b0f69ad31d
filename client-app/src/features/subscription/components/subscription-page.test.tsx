import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, renderWithSession } from '../../../testing/render';
import { SubscriptionPage } from './subscription-page';

// The screen itself is @dosar/shared's (tested there): here, that the holding area hands it
// the signed-in holding and the word for what its plans limit (firme).

afterEach(() => jest.restoreAllMocks());

const GB = 1024 ** 3;
const plan = (id: number, name: string, price: number, clients: number | null, trial = false) => ({
  id,
  name,
  audience: 'holding',
  price_ron: price,
  max_clients: clients,
  max_users: 5,
  max_storage_bytes: 2 * GB,
  is_trial: trial,
  active: true,
  position: id,
});
const trial = plan(1, 'Probă gratuită', 0, 20, true);
const start = plan(2, 'Start', 49, 30);
const pro = plan(3, 'Profesional', 129, null);
const tiny = plan(4, 'Mini', 19, 2);

const view = {
  subscription: {
    id: 1,
    status: 'trial',
    current_period_end: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    read_only: false,
    plan: trial,
  },
  usage: { clients: 3, users: 2, storage_bytes: GB / 2 },
  plans: [trial, tiny, start, pro],
  payments: [],
};

const route = '/client/subscription';

describe('holding SubscriptionPage', () => {
  it("shows the holding's subscription and counts its firms", async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue(ok(view));
    renderWithSession(<SubscriptionPage />, { route });
    expect(await screen.findByText('Firme: 3 din 20')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/holding/1/subscription', expect.anything());
    const startCard = screen.getByRole('article', { name: 'Planul Start' });
    expect(within(startCard).getByText('Până la 30 firme')).toBeInTheDocument();
    const proCard = screen.getByRole('article', { name: 'Planul Profesional' });
    expect(within(proCard).getByText('Firme nelimitate')).toBeInTheDocument();
    const mini = screen.getByRole('article', { name: 'Planul Mini' });
    expect(within(mini).getByText(/Firme: folosești 3, planul permite 2/)).toBeInTheDocument();
  });

  it('pays as the signed-in administrator, for the holding', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(view));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        ok({ payment: { id: 17, status: 'pending', amount: 49 }, redirect_url: '/sandbox-checkout/17' }),
      );
    renderWithSession(<SubscriptionPage />, { route, path: route });
    fireEvent.click(await screen.findByRole('button', { name: 'Plătește: Start' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/holding/1/users/10/subscriptions/2', {
        holding_id: 1,
        user_id: 10,
        subscription_id: 2,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Abonament' })).not.toBeInTheDocument());
  });

  it("back from the checkout: reads the holding's payment", async () => {
    const paid = {
      id: 17,
      subscription_id: 2,
      plan_name: 'Start',
      amount: 49,
      currency: 'RON',
      status: 'paid',
      provider: 'sandbox',
      provider_ref: 'x',
      period_end: '2026-12-22T10:00:00.000Z',
      created_at: '2026-11-22T10:00:00.000Z',
    };
    const get = jest
      .spyOn(http, 'get')
      .mockImplementation(async (url) => ok(String(url).includes('/payments/') ? paid : view));
    renderWithSession(<SubscriptionPage />, { route: `${route}?payment=17` });
    expect(await screen.findByText('Plata a fost confirmată.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/holding/1/payments/17', expect.objectContaining({ silent: true }));
  });
});
