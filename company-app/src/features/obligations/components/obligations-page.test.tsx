import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, toast } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { httpError, ok, renderSignedIn } from '../../../testing/render';
import type { Obligation, ObligationGrid } from '../api/obligations';
import { ObligationsPage } from './obligations-page';

// The firm's „Declarații” grid (docs/PRODUCT.md, "Declarations"): clients × declarations for a month with
// status chips and Romanian dates; marking one filed with its receipt; undoing it after a confirmation.

let confirm: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirm = mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

const obligation = (o: Partial<Obligation> & Pick<Obligation, 'code'>): Obligation => ({
  name: `Declarația ${o.code}`,
  period: '2026-11',
  period_label: 'Noiembrie 2026',
  frequency: 'monthly',
  due_date: '2026-12-28',
  status: 'due',
  filed_at: null,
  receipt: null,
  ...o,
});

const grid: ObligationGrid = {
  period: '2026-11',
  codes: [
    { code: 'D112', name: 'Declarația D112' },
    { code: 'D300', name: 'Decont de TVA' },
    { code: 'D394', name: 'Declarația D394' },
  ],
  data: [
    {
      client: { id: 7, name: 'Alfa Distribuție SRL', cui: '34567892' },
      fiscal_profile: { vat: 'monthly', employer: 'monthly', tax: 'micro', saft: 'none' },
      obligations: [
        obligation({ code: 'D112', status: 'late', due_date: '2026-11-25' }),
        obligation({ code: 'D300' }),
        obligation({
          code: 'D394',
          status: 'filed',
          due_date: '2026-12-31',
          filed_at: '2026-12-10T10:00:00Z',
          receipt: { id: 51, name: 'recipisa-d394.pdf' },
        }),
      ],
    },
    {
      client: { id: 9, name: 'Beta Servicii SRL', cui: null },
      fiscal_profile: null,
      obligations: [],
    },
  ],
  meta: { page: 1, per_page: 25, total: 2 },
};

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('ObligationsPage', () => {
  it('shows each client’s declarations with status chips, Romanian due dates and „—” where none is owed', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok(grid));
    renderSignedIn(<ObligationsPage />, { route: '/company/declarations' });
    const alfa = await rowOf('Alfa Distribuție SRL');
    expect(within(alfa).getByText('Întârziată')).toBeInTheDocument();
    expect(within(alfa).getByText('De depus')).toBeInTheDocument();
    expect(within(alfa).getByText('Depusă')).toBeInTheDocument();
    expect(within(alfa).getByText('Termen: 28.12.2026')).toBeInTheDocument();
    expect(within(alfa).getByText('Termen: 25.11.2026')).toBeInTheDocument();
    const beta = await rowOf('Beta Servicii SRL');
    expect(within(beta).getByText('Profil fiscal necompletat')).toBeInTheDocument();
    expect(within(beta).getAllByText('—')).toHaveLength(3);
    expect(screen.getByText(/De depus: 1 · Întârziate: 1 · Depuse: 1/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/api/company/1/obligations',
      expect.objectContaining({ per_page: 25 }),
      expect.anything(),
    );
    expect(screen.getByRole('columnheader', { name: 'D300' })).toHaveAttribute('title', 'Decont de TVA');
  });

  it('marks a declaration filed with its receipt: the chip turns „Depusă”', async () => {
    const filed = obligation({
      code: 'D300',
      status: 'filed',
      filed_at: '2026-12-11T09:00:00Z',
      receipt: { id: 60, name: 'recipisa.pdf' },
    });
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/obligations')) return Promise.resolve(ok(grid)) as never;
      if (url.endsWith('/obligations/D300/2026-11/file'))
        return Promise.resolve(
          ok({ message: 'Declarația D300 pentru noiembrie 2026 a fost marcată ca depusă.', data: filed }),
        ) as never;
      return Promise.reject(new Error(`unexpected ${url}`)) as never;
    });
    const user = userEvent.setup();
    renderSignedIn(<ObligationsPage />, { route: '/company/declarations' });
    await user.click(
      await screen.findByRole('button', { name: 'Marchează depusă: D300, Noiembrie 2026, Alfa Distribuție SRL' }),
    );
    const dialog = await screen.findByRole('dialog');
    // Without a file: told what to choose, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Marchează depusă' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Alege recipisa declarației (un fișier PDF sau XML).');
    await user.upload(
      within(dialog).getByLabelText('Recipisa (PDF sau XML)'),
      new File(['%PDF-1.4'], 'recipisa.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Marchează depusă' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [, body] = post.mock.calls.find(([url]) => String(url).endsWith('/file')) as [string, FormData];
    expect((body.get('files') as File).name).toBe('recipisa.pdf');
    const alfa = await rowOf('Alfa Distribuție SRL');
    expect(within(alfa).getAllByText('Depusă')).toHaveLength(2);
    expect(toast.success).toHaveBeenCalledWith('Declarația D300 pentru noiembrie 2026 a fost marcată ca depusă.');
  });

  it('shows the server’s refusal of a receipt under the file field', async () => {
    jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/obligations')) return Promise.resolve(ok(grid)) as never;
      return Promise.reject(
        httpError(422, {
          message: 'Recipisa trebuie să fie un fișier PDF sau XML.',
          errors: { files: ['Recipisa trebuie să fie un fișier PDF sau XML.'] },
        }),
      ) as never;
    });
    const user = userEvent.setup();
    renderSignedIn(<ObligationsPage />, { route: '/company/declarations' });
    await user.click(await screen.findByRole('button', { name: /Marchează depusă: D112/ }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      within(dialog).getByLabelText('Recipisa (PDF sau XML)'),
      new File(['x'], 'poza.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Marchează depusă' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Recipisa trebuie să fie un fișier PDF sau XML.',
    );
  });

  it('undoes a filing only after a confirmation', async () => {
    const undone = obligation({ code: 'D394', due_date: '2026-12-31' });
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/obligations')) return Promise.resolve(ok(grid)) as never;
      if (url.endsWith('/unfile'))
        return Promise.resolve(
          ok({ message: 'Depunerea D394 pentru noiembrie 2026 a fost anulată.', data: undone }),
        ) as never;
      return Promise.reject(new Error(`unexpected ${url}`)) as never;
    });
    const user = userEvent.setup();
    renderSignedIn(<ObligationsPage />, { route: '/company/declarations' });
    const button = await screen.findByRole('button', {
      name: 'Anulează depunerea: D394, Noiembrie 2026, Alfa Distribuție SRL',
    });
    confirm.mockResolvedValueOnce(false);
    await user.click(button);
    expect(post.mock.calls.some(([url]) => String(url).endsWith('/unfile'))).toBe(false);
    confirm.mockResolvedValueOnce(true);
    await user.click(button);
    const alfa = await rowOf('Alfa Distribuție SRL');
    await waitFor(() => expect(within(alfa).queryByText('Depusă')).not.toBeInTheDocument());
    expect(within(alfa).getAllByText('De depus')).toHaveLength(2);
  });

  it('shows an error with a retry when the grid cannot load', async () => {
    jest
      .spyOn(http, 'post')
      .mockRejectedValue(httpError(500, { message: 'A apărut o eroare internă. Încearcă din nou.' }));
    renderSignedIn(<ObligationsPage />, { route: '/company/declarations' });
    expect(await screen.findByRole('button', { name: /Reîncearcă|Încearcă din nou/ })).toBeInTheDocument();
  });
});
