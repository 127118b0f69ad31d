import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '../http/http';
import { axiosResponse, httpError, renderInSession } from '../testing';
import type { User } from '../types';
import { confirmDialog } from '../ui/confirm-dialog';
import { toast } from '../ui/toast';
import { SubscriptionPage, type ClientLimitWords } from './SubscriptionPage';
import type { SubscriptionTenant } from './tenant';

jest.mock('../ui/toast', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock('../ui/confirm-dialog', () => ({ confirmDialog: jest.fn() }));

beforeEach(() => jest.clearAllMocks());
afterEach(() => jest.restoreAllMocks());

const owner: User = {
  id: 2,
  name: 'Proprietar Demo',
  email: 'owner@demo.ro',
  role: 2,
  company_id: 1,
  holding_id: null,
};
const holdingAdmin: User = { id: 10, name: 'Administrator Grup', email: 'holding@demo.ro', role: 4, holding_id: 1 };
const company: SubscriptionTenant = { kind: 'company', id: 1 };
const holding: SubscriptionTenant = { kind: 'holding', id: 1 };
const clients: ClientLimitWords = { label: 'Clienți', plural: 'clienți', unlimited: 'Clienți nelimitați' };
const firms: ClientLimitWords = { label: 'Firme', plural: 'firme', unlimited: 'Firme nelimitate' };

const GB = 1024 ** 3;
const plan = (id: number, name: string, price: number, maxClients: number | null, trial = false) => ({
  id,
  name,
  audience: 'company' as const,
  price_ron: price,
  max_clients: maxClients,
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

const payment = (id: number, status: 'paid' | 'failed', planName: string, amount: number) => ({
  id,
  subscription_id: 2,
  plan_name: planName,
  amount,
  currency: 'RON',
  status,
  provider: 'sandbox',
  provider_ref: status === 'paid' ? 'x' : null,
  period_end: status === 'paid' ? '2026-12-22T10:00:00.000Z' : null,
  created_at: '2026-11-22T10:00:00.000Z',
});

/** Fakes the network at the HTTP layer: the subscription, and the payment the checkout returned to. */
function mockGet(data: unknown, returned?: unknown) {
  return jest.spyOn(http, 'get').mockImplementation(async (url) => {
    if (String(url).includes('/payments/')) return axiosResponse(returned);
    return axiosResponse(data);
  });
}

const route = '/subscription';

function renderPage({ url = route, tenant = company, words = clients, user = owner } = {}) {
  return renderInSession(<SubscriptionPage tenant={tenant} clients={words} />, {
    user,
    token: '1|test-token',
    route: url,
    path: route,
  });
}

describe('SubscriptionPage', () => {
  it('shows the plan, usage bars against each limit and the plans', async () => {
    const get = mockGet(view('trial'));
    renderPage();
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

  it('names what max_clients counts in the words it is given', async () => {
    mockGet({ ...view('trial'), plans: [trial, tiny, { ...pro, max_clients: null }] });
    renderPage({ words: firms });
    expect(await screen.findByText('Firme: 3 din 20')).toBeInTheDocument();
    const trialCard = screen.getByRole('article', { name: 'Planul Probă gratuită' });
    expect(within(trialCard).getByText('Până la 20 firme')).toBeInTheDocument();
    const proCard = screen.getByRole('article', { name: 'Planul Profesional' });
    expect(within(proCard).getByText('Firme nelimitate')).toBeInTheDocument();
    const mini = screen.getByRole('article', { name: 'Planul Mini' });
    expect(within(mini).getByText(/Firme: folosești 3, planul permite 2/)).toBeInTheDocument();
    expect(screen.queryByText(/lienți/)).not.toBeInTheDocument();
  });

  it('pay: initialises the payment and goes to the checkout page', async () => {
    mockGet(view('trial'));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        axiosResponse({ payment: { id: 17, status: 'pending', amount: 49 }, redirect_url: '/sandbox-checkout/17' }),
      );
    renderPage();
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
    const paid = payment(17, 'paid', 'Start', 49);
    const get = mockGet(view('active', start, [paid]), paid);
    renderPage({ url: `${route}?payment=17` });
    expect(await screen.findByText('Plata a fost confirmată.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/company/1/payments/17', expect.objectContaining({ silent: true }));
    expect(screen.getByText('Activ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prelungește cu o lună: Start' })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('Plătită')).toBeInTheDocument();
  });

  it('shows a declined payment', async () => {
    const failed = payment(18, 'failed', 'Profesional', 129);
    mockGet(view('trial', trial, [failed]), failed);
    renderPage({ url: `${route}?payment=18` });
    expect(await screen.findByText('Plata a fost refuzată.')).toBeInTheDocument();
  });

  it('a dearer plan than the active one goes through payment, not change', async () => {
    mockGet(view('active', start));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        axiosResponse({ payment: { id: 19, status: 'pending', amount: 129 }, redirect_url: '/sandbox-checkout/19' }),
      );
    renderPage();
    const pay = await screen.findByRole('button', { name: 'Plătește: Profesional' });
    expect(screen.queryByRole('button', { name: 'Schimbă planul: Profesional' })).not.toBeInTheDocument();
    fireEvent.click(pay);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/company/1/users/2/subscriptions/3', expect.anything()));
  });

  it('change to a cheaper plan the usage fits in', async () => {
    mockGet({ ...view('active', start), usage: { clients: 1, users: 2, storage_bytes: 0 } });
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(axiosResponse({ message: 'Planul a fost schimbat în „Mini”.' }));
    jest.mocked(confirmDialog).mockResolvedValue(true);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Schimbă planul: Mini' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/subscriptions/4/change', { company_id: 1, subscription_id: 4 }),
    );
    expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ title: 'Treci la planul „Mini”?' }));
    expect(toast.success).toHaveBeenCalledWith('Planul a fost schimbat în „Mini”.');
  });

  it('a change not confirmed does nothing', async () => {
    mockGet({ ...view('active', start), usage: { clients: 1, users: 2, storage_bytes: 0 } });
    const post = jest.spyOn(http, 'post');
    jest.mocked(confirmDialog).mockResolvedValue(false);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Schimbă planul: Mini' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Schimbă planul: Mini' })).toBeEnabled();
  });

  it('an expired subscription is read-only and says so', async () => {
    mockGet(view('expired', start));
    renderPage();
    expect(await screen.findByText('Abonamentul a expirat: contul este doar în citire.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plătește: Start' })).toBeEnabled();
  });

  it('says when the subscription could not be loaded, and tries again', async () => {
    const get = jest
      .spyOn(http, 'get')
      .mockRejectedValueOnce(httpError(500, { message: 'Eroare' }))
      .mockResolvedValue(axiosResponse(view('trial')));
    renderPage();
    expect(await screen.findByText('Abonamentul nu a putut fi încărcat.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByText('Perioadă de probă')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('a holding: every call goes under /api/holding/{id} and names the holding in its body', async () => {
    const paid = payment(17, 'paid', 'Start', 49);
    const get = mockGet({ ...view('active', start, [paid]), usage: { clients: 1, users: 2, storage_bytes: 0 } }, paid);
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValueOnce(axiosResponse({ message: 'Planul a fost schimbat în „Mini”.' }))
      .mockResolvedValueOnce(
        axiosResponse({ payment: { id: 20, status: 'pending', amount: 129 }, redirect_url: '/sandbox-checkout/20' }),
      );
    jest.mocked(confirmDialog).mockResolvedValue(true);
    renderPage({ url: `${route}?payment=17`, tenant: holding, words: firms, user: holdingAdmin });
    expect(await screen.findByText('Plata a fost confirmată.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/holding/1/subscription', expect.anything());
    expect(get).toHaveBeenCalledWith('/api/holding/1/payments/17', expect.objectContaining({ silent: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Schimbă planul: Mini' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/holding/1/subscriptions/4/change', { holding_id: 1, subscription_id: 4 }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Plătește: Profesional' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/holding/1/users/10/subscriptions/3', {
        holding_id: 1,
        user_id: 10,
        subscription_id: 3,
      }),
    );
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  });
});
