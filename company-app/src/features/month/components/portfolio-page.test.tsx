import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, periodFromNow, type Portfolio, type PortfolioMonths, type StatusCounts } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import { PortfolioPage } from './portfolio-page';

const PERIOD = periodFromNow(0);

const counts = (c: Partial<StatusCounts>): StatusCounts => ({
  missing: 0,
  uploaded: 0,
  accepted: 0,
  rejected: 0,
  not_applicable: 0,
  ...c,
});

const portfolio: Portfolio = {
  data: [
    {
      client: { id: 7, name: 'Alfa Distribuție SRL', cui: '34567892', holding: { id: 1, name: 'Grup Demo' } },
      counts: counts({ accepted: 1, uploaded: 1, missing: 1 }),
      total: 3,
      complete: false,
      closed: false,
      done: true,
      due_date: '2026-12-07',
      days_left: 3,
      items: [
        { id: 1, requirement_id: 11, name: 'Facturi emise', status: 'accepted' },
        { id: 2, requirement_id: 12, name: 'Extras de cont', status: 'uploaded' },
        { id: 3, requirement_id: 13, name: 'Stat de plată', status: 'missing' },
      ],
    },
    {
      client: { id: 9, name: 'Beta Servicii SRL', cui: null, holding: null },
      counts: counts({ rejected: 1, not_applicable: 1 }),
      total: 2,
      complete: false,
      closed: false,
      done: false,
      due_date: '2026-12-07',
      days_left: -2,
      items: [
        { id: 4, requirement_id: 21, name: 'Facturi emise', status: 'rejected' },
        { id: 5, requirement_id: 22, name: 'Bonuri fiscale', status: 'not_applicable' },
      ],
    },
  ],
  meta: { page: 1, per_page: 20, total: 2, period: PERIOD },
};

const months: PortfolioMonths = {
  data: [
    {
      client: { id: 7, name: 'Alfa Distribuție SRL' },
      months: [
        { period: '2026-10', total: 3, counts: counts({ accepted: 3 }), complete: true, closed: true },
        { period: '2026-11', total: 3, counts: counts({ accepted: 1, missing: 2 }), complete: false, closed: false },
        { period: '2026-12', total: 3, counts: counts({ missing: 3 }), complete: false, closed: false },
      ],
    },
  ],
  meta: { page: 1, per_page: 20, total: 1, periods: ['2026-10', '2026-11', '2026-12'] },
};

function mockServer() {
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url.endsWith('/checklist/months')) return Promise.resolve(ok(months)) as never;
    if (url.endsWith('/checklist')) return Promise.resolve(ok(portfolio)) as never;
    return Promise.reject(new Error(`unexpected ${url}`)) as never;
  });
}

afterEach(() => jest.restoreAllMocks());

describe('PortfolioPage', () => {
  it('pivots the requirement kinds into columns, colours each cell by status and counts each client', async () => {
    const post = mockServer();
    renderSignedIn(<PortfolioPage />, { route: '/company/month' });

    const table = await screen.findByRole('table');
    // One column per requirement kind, in the order they first appear.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Client', 'Stare', 'Facturi emise', 'Extras de cont', 'Stat de plată', 'Bonuri fiscale']);
    expect(post).toHaveBeenCalledWith(
      '/api/company/1/checklist',
      { period: PERIOD, page: 1, per_page: 20 },
      expect.anything(),
    );

    const alfa = screen.getByRole('row', { name: /Alfa Distribuție SRL/ });
    const alfaCells = within(alfa).getAllByRole('cell');
    expect(within(alfaCells[2]).getByText('Acceptat').closest('.month-status')).toHaveClass('month-status-accepted');
    expect(within(alfaCells[3]).getByText('Încărcat').closest('.month-status')).toHaveClass('month-status-uploaded');
    expect(within(alfaCells[4]).getByText('Lipsă').closest('.month-status')).toHaveClass('month-status-missing');
    // Alfa owes no „Bonuri fiscale”: the cell says so rather than a status.
    expect(within(alfaCells[5]).getByTitle('Nu se cere')).toBeInTheDocument();
    expect(within(alfa).getByText('1 din 3 gata')).toBeInTheDocument();
    expect(within(alfa).getByText('Termen: 7 dec. (3 zile)')).toBeInTheDocument();
    expect(within(alfa).getByText('Clientul a terminat')).toBeInTheDocument();
    expect(within(alfa).getByRole('link', { name: 'Alfa Distribuție SRL' })).toHaveAttribute(
      'href',
      `/company/clients/7?tab=luna&period=${PERIOD}`,
    );

    const beta = screen.getByRole('row', { name: /Beta Servicii SRL/ });
    expect(within(beta).getByText('Respins').closest('.month-status')).toHaveClass('month-status-rejected');
    expect(within(beta).getByText('Nu se aplică').closest('.month-status')).toHaveClass('month-status-not_applicable');
    const late = within(beta).getByText('Termen: 7 dec. (întârziere 2 zile)');
    expect(late).toHaveClass('month-late');
    expect(screen.getByText(/2 clienți$/)).toBeInTheDocument();

    // A wide grid scrolls inside its card, never the page.
    expect(table.parentElement).toHaveClass('table-scroll-box');
  });

  it('asks again for the chosen status filter', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<PortfolioPage />, { route: '/company/month' });
    await screen.findByRole('table');

    await user.click(screen.getByRole('combobox', { name: 'Stare' }));
    await user.click(screen.getByRole('option', { name: 'Cu lipsuri' }));
    expect(post).toHaveBeenLastCalledWith(
      '/api/company/1/checklist',
      { period: PERIOD, status: 'missing', page: 1, per_page: 20 },
      expect.anything(),
    );
  });

  it('shows the last months coloured by completeness in „Pe luni”', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<PortfolioPage />, { route: '/company/month' });
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Pe luni' }));
    const closed = await screen.findByRole('link', { name: 'Alfa Distribuție SRL, Octombrie 2026: Închisă' });
    expect(closed.closest('td')).toHaveClass('month-cell-closed');
    expect(
      screen.getByRole('link', { name: 'Alfa Distribuție SRL, Noiembrie 2026: Parțial' }).closest('td'),
    ).toHaveClass('month-cell-partly');
    const nothing = screen.getByRole('link', { name: 'Alfa Distribuție SRL, Decembrie 2026: Nimic' });
    expect(nothing.closest('td')).toHaveClass('month-cell-nothing');
    expect(nothing).toHaveAttribute('href', '/company/clients/7?tab=luna&period=2026-12');
    expect(screen.getByRole('columnheader', { name: 'nov. 2026' })).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith(
      '/api/company/1/checklist/months',
      { period: PERIOD, months: 6, page: 1, per_page: 20 },
      expect.anything(),
    );
  });
});
