import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import { SubscriptionPage } from './subscription-page';

// The screen itself is @dosar/shared's (tested there): here, that the company area hands it
// the signed-in company and the word for what its plans limit (clienți).

afterEach(() => jest.restoreAllMocks());

const GB = 1024 ** 3;
const plan = (id: number, name: string, price: number, clients: number | null, trial = false) => ({
  id,
  name,
  audience: 'company',
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

const route = '/company/subscription';

describe('company SubscriptionPage', () => {
  it("shows the company's subscription and counts its clients", async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue(ok(view));
    renderSignedIn(<SubscriptionPage />, { route });
    expect(await screen.findByText('Clienți: 3 din 20')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/company/1/subscription', expect.anything());
    const startCard = screen.getByRole('article', { name: 'Planul Start' });
    expect(within(startCard).getByText('Până la 30 clienți')).toBeInTheDocument();
    const proCard = screen.getByRole('article', { name: 'Planul Profesional' });
    expect(within(proCard).getByText('Clienți nelimitați')).toBeInTheDocument();
    const mini = screen.getByRole('article', { name: 'Planul Mini' });
    expect(within(mini).getByText(/Clienți: folosești 3, planul permite 2/)).toBeInTheDocument();
  });

  it('pays as the signed-in owner, for the company', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(view));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        ok({ payment: { id: 17, status: 'pending', amount: 49 }, redirect_url: '/sandbox-checkout/17' }),
      );
    renderSignedIn(<SubscriptionPage />, { route, path: route });
    fireEvent.click(await screen.findByRole('button', { name: 'Plătește: Start' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/users/2/subscriptions/2', {
        company_id: 1,
        user_id: 2,
        subscription_id: 2,
      }),
    );
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  });

  it("back from the checkout: reads the company's payment", async () => {
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
    renderSignedIn(<SubscriptionPage />, { route: `${route}?payment=17` });
    expect(await screen.findByText('Plata a fost confirmată.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/company/1/payments/17', expect.objectContaining({ silent: true }));
  });
});
