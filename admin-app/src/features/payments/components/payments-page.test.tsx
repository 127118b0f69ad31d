import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, saveBlob } from '@dosar/shared';
import { ok, paged, renderAsAdmin } from '../../../testing/render';
import { PaymentsPage } from './payments-page';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn() },
  saveBlob: jest.fn(),
}));

afterEach(() => jest.restoreAllMocks());

const payment = {
  id: 12,
  company_id: 2,
  holding_id: null,
  company_name: 'Alt Contabil SRL',
  holding_name: null,
  user_name: 'Proprietar Alt Contabil SRL',
  user_email: 'owner2@demo.ro',
  plan_name: 'Start',
  amount: 49,
  currency: 'RON',
  status: 'paid',
  provider: 'sandbox',
  provider_ref: 'sandbox_12_ab',
  period_end: '2026-12-22T10:00:00.000Z',
  created_at: '2026-11-22T10:00:00.000Z',
};

const page = (data = [payment]) => ({
  ...paged(data),
  totals: { paid: { count: 1, amount: 49 }, pending: { count: 2, amount: 258 }, failed: { count: 0, amount: 0 } },
});

function mockGet() {
  return jest.spyOn(http, 'get').mockImplementation(async (url) => {
    if (url === '/api/admin/companies') return ok(paged([{ id: 2, name: 'Alt Contabil SRL' }]));
    if (url === '/api/admin/holdings') return ok(paged([{ id: 1, name: 'Grup Demo' }]));
    if (url === '/api/admin/payments.csv') {
      return ok(new Blob(['\uFEFFNr. plată;Data\r\n'], { type: 'text/csv' }), {
        'content-disposition': 'attachment; filename="plati-2026-11-22.csv"',
      });
    }
    return ok(page());
  });
}

const lastPaymentsParams = (get: jest.SpyInstance) =>
  get.mock.calls.filter(([url]) => url === '/api/admin/payments').at(-1)?.[1]?.params as Record<string, unknown>;

describe('PaymentsPage', () => {
  it('shows payments with totals per status', async () => {
    mockGet();
    renderAsAdmin(<PaymentsPage />, { route: '/admin/payments' });
    expect(await screen.findByText('sandbox_12_ab')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-paid')).getByText('49,00 lei')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-pending')).getByText('258,00 lei')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-pending')).getByText('2 plăți')).toBeInTheDocument();
    expect(screen.getByText('owner2@demo.ro')).toBeInTheDocument();
  });

  it('filters by status, period and tenant on the server', async () => {
    const get = mockGet();
    renderAsAdmin(<PaymentsPage />, { route: '/admin/payments' });
    await screen.findByText('sandbox_12_ab');
    expect(lastPaymentsParams(get)).toEqual({ page: 1, per_page: 25 });

    const status = screen.getByRole('combobox', { name: 'Stare' });
    fireEvent.focus(status);
    fireEvent.change(status, { target: { value: 'Eșu' } });
    fireEvent.keyDown(status, { key: 'Enter' });
    await waitFor(() => expect(lastPaymentsParams(get)).toEqual({ page: 1, per_page: 25, status: 'failed' }));

    fireEvent.change(screen.getByLabelText('De la'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Până la'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(lastPaymentsParams(get)).toEqual(expect.objectContaining({ from: '2026-11-01', to: '2026-11-30' })),
    );

    const tenant = screen.getByRole('combobox', { name: 'Client (companie sau holding)' });
    fireEvent.focus(tenant);
    fireEvent.change(tenant, { target: { value: 'Grup Demo' } });
    fireEvent.keyDown(tenant, { key: 'Enter' });
    await waitFor(() => expect(lastPaymentsParams(get)).toEqual(expect.objectContaining({ holding_id: 1 })));
    expect(lastPaymentsParams(get).company_id).toBeUndefined();
  });

  it('warns about a reversed period', async () => {
    mockGet();
    renderAsAdmin(<PaymentsPage />, { route: '/admin/payments' });
    await screen.findByText('sandbox_12_ab');
    fireEvent.change(screen.getByLabelText('De la'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Până la'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Data de început este după data de sfârșit.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportă CSV' })).toBeDisabled();
  });

  it('downloads the CSV with the current filters', async () => {
    const get = mockGet();
    renderAsAdmin(<PaymentsPage />, { route: '/admin/payments' });
    await screen.findByText('sandbox_12_ab');
    fireEvent.change(screen.getByLabelText('De la'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exportă CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'plati-2026-11-22.csv'));
    expect(get).toHaveBeenCalledWith('/api/admin/payments.csv', {
      params: { from: '2026-11-01' },
      responseType: 'blob',
    });
  });

  it('shows an empty state', async () => {
    jest
      .spyOn(http, 'get')
      .mockImplementation(async (url) => (url === '/api/admin/payments' ? ok(page([])) : ok(paged([]))));
    renderAsAdmin(<PaymentsPage />, { route: '/admin/payments' });
    expect(await screen.findByText('Nicio plată pentru filtrele alese')).toBeInTheDocument();
  });
});
