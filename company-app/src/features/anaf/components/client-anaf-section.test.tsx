import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import { ClientAnafSection } from './client-anaf-section';

afterEach(() => jest.restoreAllMocks());

const registry = {
  found: true,
  vat_payer: false,
  e_factura: true,
  inactive: false,
  checked_at: '2026-12-02T00:30:00Z',
  changes: ['vat_payer'],
  changed_at: '2026-12-02T00:30:00Z',
  flagged: true,
};

it('shows the client’s registry state and the nightly change until it is marked seen', async () => {
  const post = jest.spyOn(http, 'post').mockImplementation((url: string) =>
    url.endsWith('/anaf/seen')
      ? (Promise.resolve(ok({ registry: { ...registry, flagged: false } })) as never)
      : (Promise.resolve(
          ok({
            registry,
            spv: { enabled: true, last_sync_at: null, last_status: 'ok', last_message: 'Sincronizat.' },
          }),
        ) as never),
  );
  renderSignedIn(<ClientAnafSection clientId={5} />);
  expect(await screen.findByText(/Neplătitor de TVA · RO e-Factura/)).toBeInTheDocument();
  expect(screen.getByText(/S-a schimbat înregistrarea în scopuri de TVA/)).toBeInTheDocument();
  expect(screen.getByText(/sincronizarea este pornită/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Am văzut' }));
  await waitFor(() => expect(screen.queryByText(/S-a schimbat/)).not.toBeInTheDocument());
  expect(post).toHaveBeenCalledWith('/api/company/1/clients/5/anaf/seen', {});
});
