import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, periodFromNow, type ActivityEntry } from '@dosar/shared';
import { ok, renderWithSession } from '../../../testing/render';
import { ClientHistoryTab } from './client-history-tab';

afterEach(() => jest.restoreAllMocks());

const CLIENT = '/api/holding/1/clients/7';

const entry = (id: number, change: Partial<ActivityEntry>): ActivityEntry => ({
  id,
  action: 'document.upload',
  label: 'a încărcat',
  created_at: '2026-11-20T10:05:00.000Z',
  actor_name: 'Utilizator Client Demo',
  side: 'holding',
  ip: '192.0.2.10',
  user_agent: 'Mozilla/5.0',
  period: '2026-11',
  document: { id: 900, name: 'extras-noiembrie.pdf' },
  details: null,
  ...change,
});

const page1 = [
  entry(3, {
    action: 'period.close',
    label: 'a închis luna',
    actor_name: 'Maria Contabil',
    side: 'company',
    document: null,
  }),
  entry(2, {
    action: 'document.reject',
    label: 'a respins',
    actor_name: 'Maria Contabil',
    side: 'company',
    details: { reason: 'Extras fără sold final' },
  }),
  entry(1, {}),
];

describe('ClientHistoryTab („Istoric”)', () => {
  it('shows the history’s rows with their labels, paged by the server', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation(async (_url: string, body?: unknown) => {
      const { page = 1 } = body as { page?: number };
      return ok({
        data: page === 1 ? page1 : [entry(9, { label: 'a descărcat', action: 'document.download' })],
        meta: { page, per_page: 20, total: 21 },
      });
    });
    const user = userEvent.setup();
    renderWithSession(<ClientHistoryTab clientUrl={CLIENT} />);
    const rows = within(await screen.findByRole('list', { name: 'Istoric' })).getAllByRole('listitem');
    expect(post).toHaveBeenCalledWith(`${CLIENT}/activity`, { page: 1, per_page: 20 }, expect.anything());
    expect(rows[0]).toHaveTextContent('Maria Contabil (firma de contabilitate) a închis luna');
    expect(rows[1]).toHaveTextContent('Maria Contabil (firma de contabilitate) a respins „extras-noiembrie.pdf”');
    expect(rows[1]).toHaveTextContent('Motiv: Extras fără sold final');
    expect(rows[2]).toHaveTextContent('Utilizator Client Demo (client) a încărcat „extras-noiembrie.pdf”');
    expect(rows[2]).toHaveTextContent('Noiembrie 2026');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    expect(await screen.findByText(/a descărcat/)).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith(`${CLIENT}/activity`, { page: 2, per_page: 20 }, expect.anything());
  });

  it('filters by month and says when a month has nothing', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation(async (_url: string, body?: unknown) => {
      const { period } = body as { period?: string };
      return ok({ data: period ? [] : page1, meta: { page: 1, per_page: 20, total: period ? 0 : 3 } });
    });
    const user = userEvent.setup();
    renderWithSession(<ClientHistoryTab clientUrl={CLIENT} />);
    await screen.findByRole('list', { name: 'Istoric' });
    await user.click(screen.getByRole('combobox', { name: 'Filtrează istoricul după lună' }));
    await user.click(screen.getAllByRole('option')[1]);
    const period = periodFromNow(0);
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(`${CLIENT}/activity`, { period, page: 1, per_page: 20 }, expect.anything()),
    );
    expect(await screen.findByText(/^Nicio acțiune în /)).toBeInTheDocument();
  });
});
