import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { confirmDialog, http } from '@dosar/shared';
import { httpError, ok, paged, renderAsAdmin } from '../../../testing/render';
import { CompaniesPage } from './companies-page';
import { CompanyDetailPage } from './company-detail-page';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn() },
  confirmDialog: jest.fn(),
}));

afterEach(() => jest.restoreAllMocks());

const companies = [
  {
    id: 1,
    name: 'Contabil Demo SRL',
    cui: 'RO12345674',
    email: 'office@contabil-demo.ro',
    phone: null,
    status: 'active',
    created_at: '2026-11-01T10:00:00.000Z',
    users_count: 2,
    clients_count: 3,
    plan_name: 'Probă gratuită',
    subscription_status: 'trial',
    current_period_end: '2026-12-01T10:00:00.000Z',
  },
  {
    id: 2,
    name: 'Alt Contabil SRL',
    cui: 'RO67890120',
    email: null,
    phone: null,
    status: 'suspended',
    created_at: '2026-10-01T10:00:00.000Z',
    users_count: 1,
    clients_count: 2,
    plan_name: 'Start',
    subscription_status: 'active',
    current_period_end: '2026-12-01T10:00:00.000Z',
  },
];

const detail = (status: 'active' | 'suspended') => ({
  company: {
    id: 1,
    name: 'Contabil Demo SRL',
    cui: 'RO12345674',
    reg_no: null,
    email: 'office@contabil-demo.ro',
    phone: null,
    address: 'București',
    status,
    created_at: '2026-11-01T10:00:00.000Z',
  },
  users: [
    {
      id: 2,
      name: 'Proprietar Demo',
      email: 'owner@demo.ro',
      role: 2,
      last_seen_at: null,
      created_at: '2026-11-01T10:00:00.000Z',
    },
  ],
  holdings: [{ id: 1, name: 'Grup Demo', cui: null }],
  clients_count: 3,
  storage_bytes: 1536,
  subscription: {
    id: 1,
    status: 'trial',
    current_period_end: '2026-12-01T10:00:00.000Z',
    plan: {
      id: 1,
      name: 'Probă gratuită',
      audience: 'company',
      price_ron: 0,
      max_clients: 20,
      max_users: 5,
      max_storage_bytes: 1073741824,
      is_trial: true,
    },
  },
  payments: [
    {
      id: 7,
      plan_name: 'Start',
      amount: 49,
      currency: 'RON',
      status: 'paid',
      provider: 'sandbox',
      provider_ref: 'x',
      period_end: null,
      created_at: '2026-11-02T10:00:00.000Z',
    },
  ],
});

describe('CompaniesPage', () => {
  it('lists, searches on the server and pages', async () => {
    const get = jest.spyOn(http, 'get').mockResolvedValue(ok(paged(companies, 1, 20, 45)));
    renderAsAdmin(<CompaniesPage />);
    expect(await screen.findByRole('link', { name: 'Contabil Demo SRL' })).toHaveAttribute(
      'href',
      '/admin/companies/1',
    );
    const row = screen.getByRole('link', { name: 'Alt Contabil SRL' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Suspendată')).toBeInTheDocument();
    expect(within(row).getByText('Activ')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/admin/companies',
      expect.objectContaining({ params: { page: 1, per_page: 20, sort: 'name' } }),
    );

    fireEvent.change(screen.getByLabelText('Caută companii'), { target: { value: 'demo' } });
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/admin/companies',
        expect.objectContaining({ params: { page: 1, per_page: 20, search: 'demo', sort: 'name' } }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/admin/companies',
        expect.objectContaining({ params: expect.objectContaining({ page: 2 }) }),
      ),
    );
  });

  it('shows an empty state and an error state with retry', async () => {
    const get = jest
      .spyOn(http, 'get')
      .mockRejectedValueOnce(httpError(500, { message: 'x' }))
      .mockResolvedValue(ok(paged([])));
    renderAsAdmin(<CompaniesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reîncearcă' }));
    expect(await screen.findByText('Nu există încă nicio companie')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('creates a company with its owner and opens it', async () => {
    jest
      .spyOn(http, 'get')
      .mockImplementation(async (url) =>
        url === '/api/admin/companies' ? ok(paged(companies)) : ok(detail('active')),
      );
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok(detail('active')));
    renderAsAdmin(
      <Routes>
        <Route path="/admin/companies" element={<CompaniesPage />} />
        <Route path="/admin/companies/:id" element={<CompanyDetailPage />} />
      </Routes>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Companie nouă' }));
    const dialog = screen.getByRole('dialog', { name: 'Companie nouă' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Creează compania' }));
    expect(await within(dialog).findByText('Numele companiei este obligatoriu.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Numele companiei/), { target: { value: 'Firmă Nouă SRL' } });
    fireEvent.change(within(dialog).getByLabelText(/^CUI/), { target: { value: '18547290' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nume \*/), { target: { value: 'Ion Popescu' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail \*/), { target: { value: 'ion@noua.ro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Creează compania' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/admin/companies',
        expect.objectContaining({
          name: 'Firmă Nouă SRL',
          cui: '18547290',
          owner_name: 'Ion Popescu',
          owner_email: 'ion@noua.ro',
        }),
      ),
    );
    expect(await screen.findByRole('heading', { name: /Contabil Demo SRL/ })).toBeInTheDocument();
  });

  it("shows the server's field errors in the form", async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(paged(companies)));
    jest
      .spyOn(http, 'post')
      .mockRejectedValue(
        httpError(422, { message: 'x', errors: { owner_email: ['Adresa de e-mail este folosită deja de alt cont.'] } }),
      );
    renderAsAdmin(<CompaniesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Companie nouă' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Numele companiei/), { target: { value: 'X SRL' } });
    fireEvent.change(within(dialog).getByLabelText(/^CUI/), { target: { value: 'RO12345674' } });
    fireEvent.change(within(dialog).getByLabelText(/^Nume \*/), { target: { value: 'Ion' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail \*/), { target: { value: 'owner@demo.ro' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Creează compania' }));
    expect(await within(dialog).findByText('Adresa de e-mail este folosită deja de alt cont.')).toBeInTheDocument();
  });
});

describe('CompanyDetailPage', () => {
  const renderDetail = () =>
    renderAsAdmin(<CompanyDetailPage />, { route: '/admin/companies/1', path: '/admin/companies/:id' });

  it('shows users, usage against the plan and payments', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(detail('active')));
    renderDetail();
    expect(await screen.findByRole('heading', { name: /Contabil Demo SRL/ })).toBeInTheDocument();
    expect(screen.getByText('owner@demo.ro')).toBeInTheDocument();
    expect(screen.getByText('3 din 20')).toBeInTheDocument();
    expect(screen.getByText('1,5 KB din 1 GB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grup Demo' })).toHaveAttribute('href', '/admin/holdings/1');
    expect(within(screen.getByRole('region', { name: 'Plăți' })).getByText('49,00 lei')).toBeInTheDocument();
  });

  it('suspends after confirmation, then reactivates', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(detail('active')));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValueOnce(ok(detail('suspended')))
      .mockResolvedValueOnce(ok(detail('active')));
    const confirm = jest.mocked(confirmDialog).mockResolvedValueOnce(false).mockResolvedValue(true);
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspendă compania' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Suspendă compania' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/admin/companies/1/suspend'));
    expect(confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Suspenzi compania „Contabil Demo SRL”?', danger: true }),
    );
    expect(await screen.findByText(/Compania este suspendată/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reactivează compania' }));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/api/admin/companies/1/reactivate'));
    expect(await screen.findByRole('button', { name: 'Suspendă compania' })).toBeInTheDocument();
  });

  it('says when the company does not exist', async () => {
    jest.spyOn(http, 'get').mockRejectedValue(httpError(404, { message: 'Compania nu a fost găsită.' }));
    renderDetail();
    expect(await screen.findByText('Compania nu există.')).toBeInTheDocument();
  });
});
