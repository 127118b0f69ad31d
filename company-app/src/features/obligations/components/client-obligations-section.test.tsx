import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import type { ClientObligations } from '../api/obligations';
import { ClientObligationsSection } from './client-obligations-section';

// The client page's „Declarații” tab: the fiscal profile (the owner edits it, staff read it) and the
// client's declarations.

beforeEach(() => {
  mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

const withProfile: ClientObligations = {
  fiscal_profile: { vat: 'quarterly', employer: 'monthly', tax: 'profit', saft: 'none' },
  data: [
    {
      code: 'D112',
      name: 'Declarația D112',
      period: '2026-11',
      period_label: 'Noiembrie 2026',
      frequency: 'monthly',
      due_date: '2026-12-28',
      status: 'due',
      filed_at: null,
      receipt: null,
    },
  ],
};

describe('ClientObligationsSection', () => {
  it('the owner fills in a missing profile and the calendar reloads', async () => {
    let saved = false;
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/clients/7/obligations'))
        return Promise.resolve(ok(saved ? withProfile : { fiscal_profile: null, data: [] })) as never;
      if (url.endsWith('/clients/7/update')) {
        saved = true;
        return Promise.resolve(ok({ message: 'Clientul a fost actualizat.', data: {} })) as never;
      }
      return Promise.reject(new Error(`unexpected ${url}`)) as never;
    });
    const user = userEvent.setup();
    renderSignedIn(<ClientObligationsSection clientId={7} />);
    expect(await screen.findByText(/Profilul fiscal nu este completat/)).toBeInTheDocument();
    expect(screen.getByText('Nicio declarație în ultimele luni.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvează profilul' }));
    expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/update', {
      fiscal_profile: { vat: 'none', employer: 'no', tax: 'micro', saft: 'none' },
    });
    await waitFor(() => expect(screen.queryByText(/Profilul fiscal nu este completat/)).not.toBeInTheDocument());
    const row = (await screen.findByText('D112')).closest('tr') as HTMLElement;
    expect(within(row).getByText('28.12.2026')).toBeInTheDocument();
    expect(within(row).getByText('De depus')).toBeInTheDocument();
  });

  it('staff read the profile without a form', async () => {
    jest.spyOn(http, 'post').mockResolvedValue(ok(withProfile));
    renderSignedIn(<ClientObligationsSection clientId={7} />, { role: 3 });
    expect(await screen.findByText('Plătitor de TVA, trimestrial')).toBeInTheDocument();
    expect(screen.getByText('Impozit pe profit (D101 anual)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvează profilul' })).not.toBeInTheDocument();
    // Staff still mark declarations filed.
    expect(screen.getByRole('button', { name: 'Marchează depusă: D112, Noiembrie 2026' })).toBeInTheDocument();
  });
});
