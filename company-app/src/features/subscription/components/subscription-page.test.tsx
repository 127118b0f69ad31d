import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { confirmDialog, http, toast } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import { SubscriptionPage } from './subscription-page';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn() },
  confirmDialog: jest.fn(),
}));

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
const pro = plan(3, 'Profesional', 129, 150);
const tiny = plan(4, 'Mini', 19, 2);

const view = (status: 'trial' | 'active' | 'expired', current = trial, payments: unknown[] = []) => ({
  subscription: {
    id: 1,
    status,
    current_period_end: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    read_only: status === 'expired',
    plan: current,
  },
  usage: { clients: 3, users: 2, storage_bytes: GB / 2 },
  plans: [trial, tiny, start, pro],
  payments,
});

function mockGet(data: unknown, payment?: unknown) {
  return jest.spyOn(http, 'get').mockImplementation(async (url) => {
    if (String(url).includes('/payments/')) return ok(payment);
    return ok(data);
  });
}

const route = '/company/subscription';

describe('SubscriptionPage', () => {
  it('shows the plan, usage bars against each limit and the plans', async () => {
    const get = mockGet(view('trial'));
    renderSignedIn(<SubscriptionPage />, { route });
    expect(await screen.findByText('Perioadă de probă')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/company/1/subscription', expect.anything());
    expect(screen.getByText('Clienți: 3 din 20')).toBeInTheDocument();
    expect(screen.getByText('Utilizatori: 2 din 5')).toBeInTheDocument();
    expect(screen.getByText('Spațiu de stocare: 512 MB din 2 GB')).toBeInTheDocument();
    const bars = screen.getAllByRole('progressbar');
    expect(bars[0]).toHaveAttribute('aria-valuenow', '15');
    expect(screen.getByText(/10 zile rămase/)).toBeInTheDocument();
    // A plan the usage doesn't fit in can't be chosen.
    const mini = screen.getByRole('article', { name: 'Planul Mini' });
    expect(within(mini).getByText(/Nu încape utilizarea actuală/)).toBeInTheDocument();
    expect(within(mini).getByRole('button', { name: 'Plătește: Mini' })).toBeDisabled();
  });

  it('pay: initialises the payment and goes to the checkout page', async () => {
    mockGet(view('trial'));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        ok({ payment: { id: 17, status: 'pending', amount: 49 }, redirect_url: '/sandbox-checkout/17' }),
      );
    renderSignedIn(<SubscriptionPage />, { route, path: '/company/subscription' });
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

  it('back from the checkout: shows the paid result and the active plan', async () => {
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
    const get = mockGet(view('active', start, [paid]), paid);
    renderSignedIn(<SubscriptionPage />, { route: `${route}?payment=17` });
    expect(await screen.findByText('Plata a fost confirmată.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/company/1/payments/17', expect.objectContaining({ silent: true }));
    expect(screen.getByText('Activ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prelungește cu o lună: Start' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Plătită')).toBeInTheDocument();
  });

  it('shows a declined payment', async () => {
    const failed = {
      id: 18,
      subscription_id: 3,
      plan_name: 'Profesional',
      amount: 129,
      currency: 'RON',
      status: 'failed',
      provider: 'sandbox',
      provider_ref: null,
      period_end: null,
      created_at: '2026-11-22T10:00:00.000Z',
    };
    mockGet(view('trial', trial, [failed]), failed);
    renderSignedIn(<SubscriptionPage />, { route: `${route}?payment=18` });
    expect(await screen.findByText('Plata a fost refuzată.')).toBeInTheDocument();
  });

  it('a dearer plan than the active one goes through payment, not change', async () => {
    mockGet(view('active', start));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        ok({ payment: { id: 19, status: 'pending', amount: 129 }, redirect_url: '/sandbox-checkout/19' }),
      );
    renderSignedIn(<SubscriptionPage />, { route });
    expect(screen.queryByRole('button', { name: 'Schimbă planul: Profesional' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Plătește: Profesional' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/company/1/users/2/subscriptions/3', expect.anything()));
  });

  it('change to a cheaper plan the usage fits in', async () => {
    mockGet({ ...view('active', start), usage: { clients: 1, users: 2, storage_bytes: 0 } });
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ message: 'Planul a fost schimbat în „Mini”.' }));
    jest.mocked(confirmDialog).mockResolvedValue(true);
    renderSignedIn(<SubscriptionPage />, { route });
    fireEvent.click(await screen.findByRole('button', { name: 'Schimbă planul: Mini' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/subscriptions/4/change', { company_id: 1, subscription_id: 4 }),
    );
    expect(toast.success).toHaveBeenCalledWith('Planul a fost schimbat în „Mini”.');
  });

  it('an expired subscription is read-only and says so', async () => {
    mockGet(view('expired', start));
    renderSignedIn(<SubscriptionPage />, { route });
    expect(await screen.findByText('Abonamentul a expirat: contul este doar în citire.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plătește: Start' })).toBeEnabled();
  });
});
