import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, toast } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, paged, renderSignedIn } from '../../../testing/render';
import type { ImportEntry } from '../api/import-invoices';
import type { SearchAnswer } from '../api/search-documents';
import type { UnsortedInvoice } from '../api/unsorted-invoices';
import { DocumentSearchPage } from './document-search-page';
import { ImportResults, importSummary } from './import-results';
import { InvoicesImportPage } from './invoices-import-page';
import { UnsortedInvoicesPage } from './unsorted-invoices-page';

const entries: ImportEntry[] = [
  {
    file: 'spv-octombrie.zip',
    entry: '4219876543.xml',
    status: 'filed',
    number: 'FCT-0042',
    issue_date: '2026-10-15',
    client_id: 7,
    client_name: 'Alfa Distribuție SRL',
    category: 'Facturi primite',
    period: '2026-10',
    document_id: 101,
    copies: [
      {
        invoice_id: 1,
        client_id: 7,
        client_name: 'Alfa Distribuție SRL',
        category: 'Facturi primite',
        period: '2026-10',
        document_id: 101,
        kind: 'received',
      },
    ],
  },
  { file: 'dublura.xml', entry: null, status: 'duplicate', number: 'FCT-0042', reason: 'Factura există deja.' },
  { file: 'necunoscut.xml', entry: null, status: 'unmatched', number: 'X-9', unsorted_id: 3, reason: 'Niciun client.' },
  {
    file: 'respinsa.zip',
    entry: null,
    status: 'refused',
    reason: 'ANAF a respins factura',
    anaf_errors: ['E: CUI cumpărător invalid'],
  },
];

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the import results', () => {
  test('one row per invoice, its outcome in Romanian, a filed one linked to its client’s month', () => {
    renderSignedIn(<ImportResults entries={entries} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]).getByText('Îndosariată')).toBeInTheDocument();
    expect(within(rows[0]).getByText('4219876543.xml')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Alfa Distribuție SRL, octombrie 2026' })).toHaveAttribute(
      'href',
      '/company/clients/7?tab=luna&period=2026-10',
    );
    expect(within(rows[0]).getByText('Facturi primite')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Duplicat')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Fără client — de sortat')).toBeInTheDocument();
    expect(within(rows[2]).getByRole('link', { name: 'De sortat' })).toHaveAttribute(
      'href',
      '/company/invoices/unsorted',
    );
    expect(within(rows[3]).getByText('Refuzată: ANAF a respins factura')).toBeInTheDocument();
    expect(within(rows[3]).getByText('E: CUI cumpărător invalid')).toBeInTheDocument();
  });

  test('an invoice filed under two clients links both months', () => {
    const both: ImportEntry = {
      ...entries[0],
      copies: [
        entries[0].copies![0],
        {
          ...entries[0].copies![0],
          client_id: 9,
          client_name: 'Beta Servicii SRL',
          category: 'Facturi emise',
          kind: 'issued',
        },
      ],
    };
    renderSignedIn(<ImportResults entries={[both]} />);
    expect(screen.getByRole('link', { name: 'Beta Servicii SRL, octombrie 2026' })).toHaveAttribute(
      'href',
      '/company/clients/9?tab=luna&period=2026-10',
    );
  });

  test('the summary counts each outcome', () => {
    expect(importSummary(entries)).toBe('4 facturi: 1 îndosariată, 1 duplicat, 1 fără client (de sortat), 1 refuzată.');
  });
});

describe('„Facturi”: the import', () => {
  test('picks several .xml and .zip files, sends them in one call and shows the results', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ data: entries }) as never);
    renderSignedIn(<InvoicesImportPage />);
    const input = screen.getByLabelText('Facturi de importat');
    const files = [
      new File(['<Invoice/>'], 'a.xml', { type: 'application/xml' }),
      new File(['PK'], 'spv.zip', { type: 'application/zip' }),
      new File(['x'], 'poza.jpg', { type: 'image/jpeg' }),
    ];
    fireEvent.change(input, { target: { files } });
    expect(screen.getByText('2 fișiere alese')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Importă' }));
    expect(await screen.findByText('Îndosariată')).toBeInTheDocument();
    const [url, form] = post.mock.calls[0] as [string, FormData];
    expect(url).toBe('/api/company/1/invoices/import');
    expect((form.getAll('files[]') as File[]).map((f) => f.name)).toEqual(['a.xml', 'spv.zip']);
    expect(screen.queryByText('2 fișiere alese')).not.toBeInTheDocument();
  });

  test('files dropped on the zone join the list, the ones that are not .xml or .zip left aside', () => {
    mockDialogs();
    renderSignedIn(<InvoicesImportPage />);
    const files = [
      new File(['<Invoice/>'], 'b.xml', { type: 'application/xml' }),
      new File(['x'], 'nota.pdf', { type: 'application/pdf' }),
    ];
    fireEvent.drop(screen.getByTestId('invoice-dropzone'), { dataTransfer: { files } });
    expect(screen.getByText('1 fișier ales')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Fișierele alese' })).getByText('b.xml')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('1 fișier a fost lăsat deoparte: doar .xml și .zip.');
  });

  test('a failed import keeps the files chosen', async () => {
    jest.spyOn(http, 'post').mockRejectedValue(new Error('network'));
    renderSignedIn(<InvoicesImportPage />);
    fireEvent.change(screen.getByLabelText('Facturi de importat'), {
      target: { files: [new File(['<Invoice/>'], 'a.xml', { type: 'application/xml' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Importă' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Importă' })).toBeEnabled());
    expect(screen.getByText('1 fișier ales')).toBeInTheDocument();
  });
});

const unsorted: UnsortedInvoice = {
  id: 3,
  file_name: 'necunoscut.xml',
  number: 'X-9',
  type_code: 380,
  issue_date: '2026-10-02',
  currency: 'RON',
  supplier: { cui: '13548146', name: 'Furnizor Necunoscut SRL' },
  buyer: { cui: '37024165', name: 'Cumpărător Nou SRL' },
  total_payable: '500.00',
  signature_verified: null,
  created_at: '2026-11-01T10:00:00Z',
};

describe('„De sortat”', () => {
  test('lists the invoices without a client and files one under the client picked', async () => {
    let assigned = false;
    const post = jest.spyOn(http, 'post').mockImplementation(((url: string) => {
      if (url.endsWith('/invoices/unsorted')) return Promise.resolve(ok(paged(assigned ? [] : [unsorted])));
      if (url.endsWith('/clients'))
        return Promise.resolve(ok(paged([{ id: 7, name: 'Alfa Distribuție SRL', cui: '49278701' }])));
      if (url.endsWith('/invoices/unsorted/3/assign')) {
        assigned = true;
        return Promise.resolve(ok({ message: 'Factura a fost îndosariată.', data: {} }));
      }
      return Promise.reject(new Error(`unexpected ${url}`));
    }) as never);
    renderSignedIn(<UnsortedInvoicesPage />);
    expect(await screen.findByText('Furnizor Necunoscut SRL')).toBeInTheDocument();
    expect(screen.getByText('500,00 RON')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Atribuie factura X-9 unui client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atribuie factura X-9' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Alfa Distribuție SRL/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Îndosariază la Alfa Distribuție SRL' }));
    expect(await screen.findByText('Nicio factură de sortat.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/company/1/invoices/unsorted/3/assign', { client_id: 7 });
  });
});

const hits: SearchAnswer = {
  data: [
    {
      client: { id: 7, name: 'Alfa Distribuție SRL' },
      document: {
        id: 101,
        name: '4219876543.xml',
        mime: 'application/xml',
        size: 2048,
        created_at: '2026-11-01T10:00:00Z',
      },
      period: '2026-10',
      category: { id: 3, name: 'Facturi primite' },
      invoice: {
        number: 'FCT-0042',
        kind: 'received',
        issue_date: '2026-10-15',
        partner: { name: 'Țesătoria Mureș SA', cui: '13548146' },
        amount: '1234.50',
        currency: 'RON',
      },
    },
  ],
  meta: { page: 1, per_page: 25, total: 1, capped: false },
};

describe('„Caută documente”', () => {
  test('asks the server once the typing pauses and at 3 characters, then shows the hits', async () => {
    jest.useFakeTimers();
    const post = jest
      .spyOn(http, 'post')
      .mockImplementation(((url: string, body: { q: string }) =>
        Promise.resolve(
          ok(body.q === 'zzz' ? { data: [], meta: { page: 1, per_page: 25, total: 0, capped: false } } : hits),
        )) as never);
    renderSignedIn(<DocumentSearchPage />);
    expect(screen.getByText('Caută în documentele tuturor clienților')).toBeInTheDocument();
    const box = screen.getByLabelText('Caută');
    fireEvent.change(box, { target: { value: 'fc' } });
    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'fct' } });
    fireEvent.change(box, { target: { value: 'fct-0042' } });
    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    await waitFor(() => expect(screen.getByText('Primită nr. FCT-0042')).toBeInTheDocument());
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/company/1/documents/search', { q: 'fct-0042', page: 1 }, expect.anything());
    expect(screen.getByText('de la Țesătoria Mureș SA')).toBeInTheDocument();
    expect(screen.getByText('1.234,50 RON')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alfa Distribuție SRL' })).toHaveAttribute(
      'href',
      '/company/clients/7?tab=luna&period=2026-10',
    );
    expect(screen.getByRole('button', { name: 'Previzualizează 4219876543.xml' })).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'zzz' } });
    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    expect(await screen.findByText('Niciun document pentru „zzz”.')).toBeInTheDocument();
  });
});
