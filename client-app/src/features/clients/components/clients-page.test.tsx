import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@dosar/shared';
import { ok, renderWithSession, holdingUser } from '../../../testing/render';
import type { ClientList } from '../api/list-clients';
import { ClientsPage } from './clients-page';

const periods = ['2026-11', '2026-10', '2026-09', '2026-08', '2026-07', '2026-06'];

function page(data: ClientList['data'], since: string | null = '2026-11-20T08:00:00.000Z'): ClientList {
  return { data, meta: { page: 1, per_page: 20, total: data.length, since, periods } };
}

const alfa = {
  id: 7,
  name: 'Alfa Distribuție SRL',
  cui: '34567892',
  company: { id: 1, name: 'Contabil Demo SRL' },
  documents_count: 4,
  new_count: 3,
  last_upload_at: '2026-11-21T10:00:00.000Z',
  months: periods.map((period, i) => ({ period, count: i === 0 ? 3 : i === 1 ? 1 : 0 })),
};
const beta = { ...alfa, id: 8, name: 'Beta Construct SRL', cui: '45678900', new_count: 0, documents_count: 2 };

afterEach(() => jest.restoreAllMocks());

describe('ClientsPage', () => {
  it("lists the holding's firms with their new documents and monthly counts", async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok(page([alfa, beta])));
    renderWithSession(<ClientsPage />);

    const link = await screen.findByRole('link', { name: 'Alfa Distribuție SRL' });
    expect(link).toHaveAttribute('href', '/client/7');
    expect(post).toHaveBeenCalledWith(
      '/api/holding/1/index',
      expect.objectContaining({ page: 1, per_page: 20, sort: 'name', direction: 'asc' }),
      expect.anything(),
    );

    const alfaRow = link.closest('tr') as HTMLElement;
    expect(within(alfaRow).getByText('3 noi')).toBeInTheDocument();
    expect(within(alfaRow).getByLabelText('noiembrie 2026: 3')).toBeInTheDocument();
    expect(within(alfaRow).getByLabelText('octombrie 2026: 1')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /nov\. 2026/ })).toBeInTheDocument();

    const betaRow = screen.getByRole('link', { name: 'Beta Construct SRL' }).closest('tr') as HTMLElement;
    expect(within(betaRow).queryByText(/noi$/)).not.toBeInTheDocument();
    expect(screen.getByText(/3 documente noi la firmele afișate/)).toBeInTheDocument();
  });

  it('shows an empty state when the holding has no firms', async () => {
    jest.spyOn(http, 'post').mockResolvedValue(ok(page([], null)));
    renderWithSession(<ClientsPage />, { user: holdingUser });
    expect(await screen.findByText('Holdingul nu are încă firme')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const post = jest
      .spyOn(http, 'post')
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockResolvedValueOnce(ok(page([beta])));
    renderWithSession(<ClientsPage />);
    const retry = await screen.findByRole('button', { name: 'Reîncearcă' });
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('link', { name: 'Beta Construct SRL' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledTimes(2);
  });
});
