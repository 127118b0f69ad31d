import { fireEvent, screen, waitFor } from '@testing-library/react';
import { confirmDialog, http, toast } from '@dosar/shared';
import { ok, paged, renderAsAdmin } from '../../../testing/render';
import { CuiClaimsPage } from './cui-claims-page';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn() },
  confirmDialog: jest.fn(),
}));

afterEach(() => jest.restoreAllMocks());

const claim = {
  id: 7,
  cui: 'RO12345674',
  status: 'pending',
  created_at: '2026-11-20T10:00:00.000Z',
  decided_at: null,
  decided_by_name: null,
  claimant: {
    id: 3,
    name: 'Contabil Real SRL',
    cui: null,
    deleted: false,
    owner_name: 'Ana',
    owner_email: 'ana@real.ro',
    owner_verified: true,
  },
  holder: {
    id: 2,
    name: 'Impostor SRL',
    cui: 'RO12345674',
    deleted: false,
    owner_name: 'X',
    owner_email: 'x@impostor.ro',
    owner_verified: false,
  },
};

test('lists the pending claims with both companies; granting asks first, then calls and reloads', async () => {
  const get = jest.spyOn(http, 'get').mockResolvedValue(ok(paged([claim])));
  const post = jest
    .spyOn(http, 'post')
    .mockResolvedValue(ok({ message: 'CUI-ul a fost atribuit.', claim: { ...claim, status: 'granted' } }));
  (confirmDialog as jest.Mock).mockResolvedValueOnce(false).mockResolvedValueOnce(true);
  renderAsAdmin(<CuiClaimsPage />, { route: '/admin/cui-claims' });

  expect(await screen.findByText('Contabil Real SRL')).toBeInTheDocument();
  expect(get.mock.calls[0][0]).toBe('/api/admin/cui-claims');
  expect(get.mock.calls[0][1]).toMatchObject({ params: { status: 'pending', page: 1, per_page: 20 } });
  expect(screen.getByText('Impostor SRL')).toBeInTheDocument();
  expect(screen.getByText('x@impostor.ro (adresă neconfirmată)')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Acordă' }));
  await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
  expect(post).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Acordă' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/api/admin/cui-claims/7/grant'));
  expect(toast.success).toHaveBeenCalledWith('CUI-ul a fost atribuit.');
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
});

test('an empty list says so', async () => {
  jest.spyOn(http, 'get').mockResolvedValue(ok(paged([])));
  renderAsAdmin(<CuiClaimsPage />, { route: '/admin/cui-claims' });
  expect(await screen.findByText('Nicio revendicare în așteptare')).toBeInTheDocument();
});
