import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, periodFromNow, type ActivityPage } from '@dosar/shared';
import { captureDownloads } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import { ClientMonthArea } from './client-month-area';

const CLIENT = '/api/company/1/clients/7';

const activity: ActivityPage = {
  data: [
    {
      id: 2,
      action: 'document.reject',
      label: 'a respins',
      created_at: '2026-11-24T10:00:00.000Z',
      actor_name: 'Proprietar Demo',
      side: 'company',
      ip: '10.0.0.1',
      user_agent: 'Firefox',
      period: '2026-11',
      document: { id: 101, name: 'extras.pdf' },
      details: { reason: 'Document ilizibil' },
    },
    {
      id: 1,
      action: 'document.upload',
      label: 'a încărcat',
      created_at: '2026-11-23T10:00:00.000Z',
      actor_name: 'Ana Popescu',
      side: 'holding',
      ip: '10.0.0.2',
      user_agent: 'Chrome',
      period: '2026-11',
      document: { id: 101, name: 'extras.pdf' },
      details: null,
    },
  ],
  meta: { page: 1, per_page: 20, total: 2 },
};

function mockServer() {
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url === `${CLIENT}/activity`) return Promise.resolve(ok(activity)) as never;
    if (url === `${CLIENT}/activity/export`) {
      return Promise.resolve(
        ok(new Blob(['Data;Acțiune']), { 'content-disposition': 'attachment; filename="Istoric Alfa.csv"' }),
      ) as never;
    }
    return Promise.reject(new Error(`unexpected ${url}`)) as never;
  });
}

afterEach(() => jest.restoreAllMocks());

describe('ClientMonthArea — Istoric', () => {
  it('lists who did what, newest first, and filters by month', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: '/company/clients/7?tab=istoric' });
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText('a respins „extras.pdf”')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Proprietar Demo')).toBeInTheDocument();
    expect(within(rows[1]).getByText('firma')).toBeInTheDocument();
    expect(within(rows[2]).getByText('clientul')).toBeInTheDocument();
    // IP and browser are there on a wide screen; a phone hides those columns.
    expect(within(rows[1]).getByText('10.0.0.1')).toHaveClass('month-wide-only');
    expect(screen.getByText('2 înregistrări')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`${CLIENT}/activity`, { page: 1, per_page: 20 }, expect.anything());
    expect(screen.getByRole('table').parentElement).toHaveClass('table-scroll-box');

    const period = periodFromNow(0);
    await user.click(screen.getByRole('combobox', { name: 'Luna' }));
    await user.click(screen.getByRole('option', { name: new RegExp(`^${formatTitle(period)}$`) }));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(`${CLIENT}/activity`, { period, page: 1, per_page: 20 }, expect.anything()),
    );
  });

  it('exports the history as CSV', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: '/company/clients/7?tab=istoric' });

    await screen.findAllByRole('row');
    await user.click(screen.getByRole('button', { name: 'Exportă CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.any(Blob), 'Istoric Alfa.csv'));
    expect(post).toHaveBeenCalledWith(`${CLIENT}/activity/export`, {}, expect.anything());
  });
});

const MONTHS = [
  'Ianuarie',
  'Februarie',
  'Martie',
  'Aprilie',
  'Mai',
  'Iunie',
  'Iulie',
  'August',
  'Septembrie',
  'Octombrie',
  'Noiembrie',
  'Decembrie',
];
function formatTitle(period: string): string {
  const [year, month] = period.split('-');
  return `${MONTHS[Number(month) - 1]} ${year}`;
}
