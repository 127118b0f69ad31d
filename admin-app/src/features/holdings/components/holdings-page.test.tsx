import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, paged, renderAsAdmin } from '../../../testing/render';
import { HoldingsPage } from './holdings-page';
import { HoldingDetailPage } from './holding-detail-page';

afterEach(() => jest.restoreAllMocks());

const holding = {
  id: 1,
  name: 'Grup Demo',
  cui: 'RO23456783',
  email: 'contact@grup-demo.ro',
  created_at: '2026-11-01T10:00:00.000Z',
  companies_count: 1,
  users_count: 2,
  clients_count: 2,
  plan_name: 'Grup Mic',
  subscription_status: 'active',
  current_period_end: '2026-12-01T10:00:00.000Z',
};

describe('HoldingsPage', () => {
  it('lists and searches holdings', async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue(ok(paged([holding])));
    renderAsAdmin(<HoldingsPage />, { route: '/admin/holdings' });
    const link = await screen.findByRole('link', { name: 'Grup Demo' });
    expect(link).toHaveAttribute('href', '/admin/holdings/1');
    expect(within(link.closest('tr') as HTMLElement).getByText('Activ')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Caută holdinguri'), { target: { value: 'grup' } });
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/admin/holdings',
        expect.objectContaining({ params: { page: 1, per_page: 20, search: 'grup' } }),
      ),
    );
  });
});

describe('HoldingDetailPage', () => {
  it('shows linked companies and users', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(
      ok({
        holding: { id: 1, name: 'Grup Demo', cui: 'RO23456783', email: null, created_at: '2026-11-01T10:00:00.000Z' },
        companies: [{ id: 1, name: 'Contabil Demo SRL', cui: 'RO12345674', status: 'active' }],
        users: [
          {
            id: 4,
            name: 'Administrator Grup Demo',
            email: 'holding@demo.ro',
            role: 4,
            last_seen_at: null,
            created_at: '2026-11-01T10:00:00.000Z',
          },
        ],
        clients_count: 2,
        storage_bytes: 0,
        subscription: null,
        payments: [],
      }),
    );
    renderAsAdmin(<HoldingDetailPage />, { route: '/admin/holdings/1', path: '/admin/holdings/:id' });
    expect(await screen.findByRole('link', { name: 'Contabil Demo SRL' })).toHaveAttribute(
      'href',
      '/admin/companies/1',
    );
    expect(screen.getByText('holding@demo.ro')).toBeInTheDocument();
    expect(screen.getByText('Administrator holding')).toBeInTheDocument();
    expect(screen.getByText('Nicio plată încă')).toBeInTheDocument();
  });
});
