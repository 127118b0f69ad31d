import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { http, type OpenMonth } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { holdingUser, ok, renderWithSession } from '../../../testing/render';
import { missingItem, openMonth, rejectedItem } from '../testing/fixtures';
import { OpenItemsPage } from './open-items-page';

let confirmMock: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirmMock = mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

const clients = [
  { id: 7, name: 'Alfa Distribuție SRL' },
  { id: 8, name: 'Beta Construct SRL' },
];

type Handler = (body: unknown, config?: AxiosRequestConfig) => unknown;

/** The holding door as the page reads it; `more` answers (or overrides) other URLs. */
function mockServer(open: Record<number, OpenMonth[]>, more: Record<string, Handler> = {}) {
  return jest
    .spyOn(http, 'post')
    .mockImplementation(async (url: string, body?: unknown, config?: AxiosRequestConfig) => {
      if (more[url]) return ok(await more[url](body, config));
      if (url === '/api/holding/1/index') return ok({ data: clients, meta: { page: 1, per_page: 100, total: 2 } });
      const match = /^\/api\/holding\/1\/clients\/(\d+)\/open-items$/.exec(url);
      if (match) return ok({ data: open[Number(match[1])] ?? [] });
      throw new Error(`unexpected POST ${url}`);
    });
}

const november = openMonth('2026-11', [rejectedItem, missingItem]);

function renderPage() {
  return renderWithSession(<OpenItemsPage />, { user: holdingUser });
}

describe('OpenItemsPage („Ce mai am de trimis”)', () => {
  it('lists per firm and month the missing and rejected items, the firm’s reason in sight', async () => {
    mockServer({ 7: [november], 8: [] });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ce mai am de trimis' })).toBeInTheDocument();
    const alfa = await screen.findByRole('region', { name: 'Alfa Distribuție SRL' });
    expect(within(alfa).getByRole('link', { name: 'Alfa Distribuție SRL' })).toHaveAttribute(
      'href',
      '/client/7?tab=luna',
    );
    const month = within(alfa).getByRole('region', { name: 'Noiembrie 2026' });
    expect(month).toHaveTextContent('Termen: 7 decembrie 2026 · 3 zile rămase');
    expect(month).toHaveTextContent('1 document lipsă · 1 document respins');

    const bank = within(month).getByRole('listitem', { name: 'Extras de cont' });
    expect(within(bank).getByText('Respins', { selector: '.month-status span' })).toBeInTheDocument();
    expect(within(bank).getByText('Motivul respingerii:').parentElement).toHaveTextContent(
      'Motivul respingerii: Extras fără sold final',
    );
    const invoices = within(month).getByRole('listitem', { name: 'Facturi de achiziție' });
    expect(within(invoices).getByText('Lipsă')).toBeInTheDocument();
    expect(within(invoices).getByRole('button', { name: 'Încarcă pentru Facturi de achiziție' })).toBeInTheDocument();
    // The firm with nothing owed is named once, without a card.
    expect(screen.queryByRole('region', { name: 'Beta Construct SRL' })).not.toBeInTheDocument();
    expect(screen.getByText('Nimic de trimis pentru: Beta Construct SRL.')).toBeInTheDocument();
  });

  it('says thanks when nothing is owed', async () => {
    mockServer({ 7: [], 8: [] });
    renderPage();
    expect(await screen.findByText('Nu mai ai nimic de trimis. Mulțumim!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Am terminat' })).not.toBeInTheDocument();
  });

  it('uploads files straight into the item (item_id), with progress, then reads the list again', async () => {
    let finish: (() => void) | undefined;
    let progress: AxiosRequestConfig['onUploadProgress'];
    const bodies: FormData[] = [];
    let uploaded = false;
    const post = mockServer(
      { 7: [november], 8: [] },
      {
        '/api/holding/1/clients/7/storeFiles': async (body, config) => {
          bodies.push(body as FormData);
          progress = config?.onUploadProgress;
          if (bodies.length === 1) {
            await new Promise<void>((resolve) => {
              finish = resolve;
            });
          }
          uploaded = true;
          return { message: 'Fișier încărcat.' };
        },
        '/api/holding/1/clients/7/open-items': () => ({
          data: uploaded ? [openMonth('2026-11', [rejectedItem])] : [november],
        }),
      },
    );
    const user = userEvent.setup();
    renderPage();
    const invoices = await screen.findByRole('listitem', { name: 'Facturi de achiziție' });
    await user.upload(within(invoices).getByLabelText('Fișiere pentru Facturi de achiziție'), [
      new File(['%PDF-1.4 a'], 'factura-1.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4 b'], 'factura-2.pdf', { type: 'application/pdf' }),
    ]);
    await waitFor(() => expect(progress).toBeDefined());
    act(() => progress?.({ loaded: 40, total: 100 } as AxiosProgressEvent));
    const list = within(invoices).getByRole('list', { name: 'Fișiere trimise pentru Facturi de achiziție' });
    expect(within(list).getByRole('progressbar', { name: 'factura-1.pdf' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(list).getByRole('progressbar', { name: 'factura-2.pdf' })).toHaveAttribute('aria-valuenow', '0');
    expect(within(invoices).getByRole('button', { name: 'Încarcă pentru Facturi de achiziție' })).toBeDisabled();

    await act(async () => finish?.());
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Facturi de achiziție' })).not.toBeInTheDocument(),
    );
    expect(bodies).toHaveLength(2);
    expect(bodies.map((b) => b.get('item_id'))).toEqual(['42', '42']);
    expect(bodies.map((b) => (b.get('files') as File).name)).toEqual(['factura-1.pdf', 'factura-2.pdf']);
    expect(bodies[0].get('period')).toBe('2026-11');
    expect(bodies[0].get('category_id')).toBeNull();
    expect(post.mock.calls.filter(([url]) => url === '/api/holding/1/clients/7/open-items')).toHaveLength(2);
    // The rejected item is still owed.
    expect(screen.getByRole('listitem', { name: 'Extras de cont' })).toBeInTheDocument();
  });

  it('keeps a refused file in sight with the server’s message', async () => {
    const refused = Object.assign(new Error('422'), {
      isAxiosError: true,
      response: { status: 409, data: { message: 'Luna Noiembrie 2026 este închisă.' } },
    });
    jest.spyOn(http, 'post').mockImplementation(async (url: string) => {
      if (url === '/api/holding/1/index') return ok({ data: [clients[0]], meta: { page: 1, per_page: 100, total: 1 } });
      if (url === '/api/holding/1/clients/7/open-items') return ok({ data: [november] });
      throw refused;
    });
    const user = userEvent.setup();
    renderPage();
    const bank = await screen.findByRole('listitem', { name: 'Extras de cont' });
    await user.upload(within(bank).getByLabelText('Fișiere pentru Extras de cont'), [
      new File(['%PDF-1.4'], 'extras.pdf', { type: 'application/pdf' }),
    ]);
    expect(await within(bank).findByText('Luna Noiembrie 2026 este închisă.')).toBeInTheDocument();
    expect(within(bank).getByText('Eroare')).toBeInTheDocument();
  });

  it('offers the phone’s camera for an item (accept image/*, capture environment)', async () => {
    mockServer({ 7: [november], 8: [] });
    renderPage();
    const bank = await screen.findByRole('listitem', { name: 'Extras de cont' });
    const camera = within(bank).getByLabelText('Fotografie pentru Extras de cont');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(within(bank).getByRole('button', { name: 'Fotografiază pentru Extras de cont' })).toBeInTheDocument();
  });

  it('„Am terminat” asks first, then tells the firm and says when', async () => {
    const done = jest.fn(() => ({
      message: 'Firma de contabilitate a fost anunțată.',
      done_at: '2026-11-25T14:30:00.000Z',
    }));
    const post = mockServer({ 7: [november], 8: [] }, { '/api/holding/1/clients/7/periods/2026-11/done': done });
    const user = userEvent.setup();
    renderPage();
    const month = await screen.findByRole('region', { name: 'Noiembrie 2026' });

    confirmMock.mockResolvedValueOnce(false);
    await user.click(within(month).getByRole('button', { name: 'Am terminat' }));
    expect(confirmMock).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Anunți firma de contabilitate că ai trimis tot pentru Noiembrie 2026?',
        text: expect.stringContaining('Mai sunt 2 documente lipsă sau respinse.'),
      }),
    );
    expect(done).not.toHaveBeenCalled();

    confirmMock.mockResolvedValueOnce(true);
    await user.click(within(month).getByRole('button', { name: 'Am terminat' }));
    expect(await within(month).findByText(/^Ai anunțat «Am terminat» pe 25\.11\.2026 \d\d:30\.$/)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/holding/1/clients/7/periods/2026-11/done');
    expect(within(month).queryByRole('button', { name: 'Am terminat' })).not.toBeInTheDocument();
  });

  it('after the last upload the month stays, says all arrived, and keeps „Am terminat” until pressed', async () => {
    let uploaded = false;
    const allSent = openMonth('2026-11', [], {
      counts: { missing: 0, uploaded: 1, accepted: 0, rejected: 0, not_applicable: 0 },
      total: 1,
    });
    mockServer(
      { 8: [] },
      {
        '/api/holding/1/clients/7/storeFiles': () => {
          uploaded = true;
          return { message: 'Fișier încărcat.' };
        },
        '/api/holding/1/clients/7/open-items': () => ({
          data: [uploaded ? allSent : openMonth('2026-11', [missingItem])],
        }),
        '/api/holding/1/clients/7/periods/2026-11/done': () => ({
          message: 'Firma de contabilitate a fost anunțată.',
          done_at: '2026-11-25T14:30:00.000Z',
        }),
      },
    );
    const user = userEvent.setup();
    renderPage();
    const invoices = await screen.findByRole('listitem', { name: 'Facturi de achiziție' });
    await user.upload(within(invoices).getByLabelText('Fișiere pentru Facturi de achiziție'), [
      new File(['%PDF-1.4 a'], 'factura.pdf', { type: 'application/pdf' }),
    ]);
    const month = await screen.findByRole('region', { name: 'Noiembrie 2026' });
    expect(
      await within(month).findByText(
        'Ai trimis tot ce s-a cerut pentru noiembrie 2026. Apasă „Am terminat” ca firma să afle.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nu mai ai nimic de trimis. Mulțumim!')).not.toBeInTheDocument();
    confirmMock.mockResolvedValueOnce(true);
    await user.click(within(month).getByRole('button', { name: 'Am terminat' }));
    expect(confirmMock).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Firma de contabilitate primește un e-mail.' }),
    );
    expect(await within(month).findByText(/^Ai anunțat «Am terminat» pe 25\.11\.2026/)).toBeInTheDocument();
    expect(within(month).getByText('Ai trimis tot ce s-a cerut pentru noiembrie 2026.')).toBeInTheDocument();
  });

  it('names who already announced the month', async () => {
    mockServer({
      7: [
        openMonth('2026-10', [missingItem], {
          done_at: '2026-11-03T08:00:00.000Z',
          done_by_name: 'Ion Ionescu',
          days_left: -2,
        }),
      ],
      8: [],
    });
    renderPage();
    const month = await screen.findByRole('region', { name: 'Octombrie 2026' });
    expect(month).toHaveTextContent('Întârziere de 2 zile');
    expect(month).toHaveTextContent(/Ion Ionescu a anunțat «Am terminat» pe 03\.11\.2026/);
    expect(within(month).queryByRole('button', { name: 'Am terminat' })).not.toBeInTheDocument();
  });
});
