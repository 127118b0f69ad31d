import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@dosar/shared';
import { fakeHttp, renderApp, type FakeCall } from '../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/federation-runtime-mock'));

const pending = {
  id: 17,
  plan_name: 'Start',
  amount: 49,
  currency: 'RON',
  status: 'pending',
  provider: 'sandbox',
  provider_ref: 'sandbox_17_ab',
};

function serve(routes: Record<string, [number, unknown]>): FakeCall[] {
  return fakeHttp(
    (call) => routes[`${call.method} ${call.url}`] ?? [500, { message: `neașteptat: ${call.method} ${call.url}` }],
  );
}

beforeEach(() => {
  jest.spyOn(toast, 'error').mockResolvedValue(undefined);
  jest.spyOn(toast, 'success').mockResolvedValue(undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('sandbox checkout page', () => {
  it('is plainly test mode and shows what is paid', async () => {
    serve({ 'GET /api/company/1/payments/17': [200, pending] });
    renderApp('/sandbox-checkout/17', { role: 2 });
    expect(await screen.findByText('49,00 lei')).toBeInTheDocument();
    expect(screen.getByText('MOD DE TEST')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('nu se mută niciun ban');
    expect(screen.getByText('Start — o lună')).toBeInTheDocument();
  });

  it('approve: stores the result and returns to the subscription screen', async () => {
    const calls = serve({
      'GET /api/company/1/payments/17': [200, pending],
      'POST /api/company/1/users/2/payment/17': [200, { payment: { ...pending, status: 'paid' }, changed: true }],
    });
    renderApp('/sandbox-checkout/17', { role: 2 });
    await userEvent.click(await screen.findByRole('button', { name: 'Aprobă plata' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/company/subscription'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(
      expect.objectContaining({ status: 'paid', provider_ref: 'sandbox_17_ab' }),
    );
  });

  it('decline from a holding admin goes through the holding prefix', async () => {
    const calls = serve({
      'GET /api/holding/1/payments/17': [200, pending],
      'POST /api/holding/1/users/4/payment/17': [200, { payment: { ...pending, status: 'failed' }, changed: true }],
    });
    renderApp('/sandbox-checkout/17', { role: 4 });
    await userEvent.click(await screen.findByRole('button', { name: 'Refuză plata' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/client/subscription'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual(expect.objectContaining({ status: 'failed' }));
  });

  it('a decided payment offers no buttons', async () => {
    serve({ 'GET /api/company/1/payments/17': [200, { ...pending, status: 'paid' }] });
    renderApp('/sandbox-checkout/17', { role: 2 });
    expect(await screen.findByText('Această plată a fost deja aprobată.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprobă plata' })).not.toBeInTheDocument();
  });

  it('an unknown payment says so', async () => {
    serve({ 'GET /api/company/1/payments/18': [404, { message: 'Plata nu a fost găsită.' }] });
    renderApp('/sandbox-checkout/18', { role: 2 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Plata nu a fost găsită.');
  });

  it('needs a sign-in', async () => {
    serve({});
    renderApp('/sandbox-checkout/17');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });
});
