import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import { AnafPage } from './anaf-page';
import type { AnafOverview } from '../api/get-anaf-overview';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const overview = (authorized: boolean): AnafOverview => ({
  spv: { configured: true, authorized, authorized_at: authorized ? '2026-12-01T08:00:00Z' : null, expires_at: null },
  data: [
    {
      id: 7,
      name: 'Alfa SRL',
      cui: '13548146',
      registry: {
        found: true,
        vat_payer: true,
        e_factura: true,
        inactive: true,
        checked_at: '2026-12-02T00:30:00Z',
        changes: ['inactive'],
        changed_at: '2026-12-02T00:30:00Z',
        flagged: true,
      },
      spv: { enabled: false, last_sync_at: null, last_status: null, last_message: null },
    },
    {
      id: 8,
      name: 'Delta SRL',
      cui: '14146589',
      registry: null,
      spv: {
        enabled: true,
        last_sync_at: '2026-12-02T07:20:00Z',
        last_status: 'error',
        last_message: 'ANAF a refuzat sincronizarea: Nu exista drept de interogare',
      },
    },
  ],
});

afterEach(() => jest.restoreAllMocks());

describe('AnafPage', () => {
  it('shows the nightly flags, the SPV status in Romanian, and marks a change seen', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/anaf/seen')) {
        return Promise.resolve(
          ok({ registry: { ...overview(true).data[0].registry, flagged: false }, spv: {} }),
        ) as never;
      }
      return Promise.resolve(ok(overview(true))) as never;
    });
    renderSignedIn(<AnafPage />, { route: '/company/anaf?spv=ok' });
    expect(await screen.findByText(/Autorizarea SPV a fost salvată/)).toBeInTheDocument();
    expect(screen.getByText('Inactiv fiscal · Plătitor de TVA · RO e-Factura')).toBeInTheDocument();
    expect(screen.getByText(/S-a schimbat starea de inactiv fiscal/)).toBeInTheDocument();
    expect(screen.getByText(/1 client are schimbări nevăzute/)).toBeInTheDocument();
    expect(screen.getByText(/Nu exista drept de interogare/)).toHaveClass('field-error');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Doar clienții cu schimbări' }));
    expect(screen.queryByText('Delta SRL')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Am văzut schimbarea pentru Alfa SRL' }));
    await waitFor(() => expect(screen.queryByText(/S-a schimbat/)).not.toBeInTheDocument());
    expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/anaf/seen', {});
  });

  it('the owner turns a client’s SPV sync on; before authorising, the page offers the authorisation instead', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/clients/7/spv')) {
        return Promise.resolve(
          ok({
            message: 'Sincronizarea din SPV este pornită pentru acest client.',
            data: { enabled: true, last_sync_at: null, last_status: null, last_message: null },
          }),
        ) as never;
      }
      return Promise.resolve(ok(overview(true))) as never;
    });
    renderSignedIn(<AnafPage />, { route: '/company/anaf' });
    const row = (await screen.findByText('Alfa SRL')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('switch', { name: 'Sincronizare SPV pentru Alfa SRL' }));
    await waitFor(() => expect(within(row).getByRole('switch')).toBeChecked());
    expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/spv', { enabled: true });
  });

  it('not authorised yet: „Autorizează accesul la SPV” for the owner, nothing to press for the staff', async () => {
    jest.spyOn(http, 'post').mockResolvedValue(ok(overview(false)));
    const view = renderSignedIn(<AnafPage />, { route: '/company/anaf' });
    expect(await screen.findByRole('button', { name: 'Autorizează accesul la SPV' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    view.unmount();
    renderSignedIn(<AnafPage />, { route: '/company/anaf', role: 3 });
    expect(await screen.findByText('Alfa SRL')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Autorizează/ })).not.toBeInTheDocument();
  });
});
