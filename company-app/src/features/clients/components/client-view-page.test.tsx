import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { confirmDialog, http } from '@dosar/shared';
import { captureDownloads, mockDialogs } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import type { ClientDocumentsAnswer } from '@dosar/shared';
import { ClientViewPage } from './client-view-page';

const view = {
  data: {
    id: 7,
    name: 'Alfa Distribuție SRL',
    cui: '34567892',
    email: 'contabilitate@alfa.ro',
    phone: null,
    notes: null,
    holding: { id: 1, name: 'Grup Demo' },
    documents_count: 2,
    last_upload_at: '2026-11-20T10:00:00.000Z',
  },
  categories: [
    { id: 11, name: 'Facturi emise', position: 0, holding_id: null },
    { id: 12, name: 'Extrase bancare', position: 1, holding_id: null },
  ],
  categories_inherited: true,
  periods: [
    { period: '2026-11', count: 1 },
    { period: '2026-10', count: 1 },
  ],
  documents: [
    {
      id: 101,
      client_id: 7,
      category_id: 11,
      period: '2026-11',
      name: 'factura-101.pdf',
      mime: 'application/pdf',
      size: 2048,
      created_at: '2026-11-20T10:00:00.000Z',
      uploaded_by: { id: 2, name: 'Proprietar Demo' },
    },
    {
      id: 102,
      client_id: 7,
      category_id: 12,
      period: '2026-10',
      name: 'extras-octombrie.pdf',
      mime: 'application/pdf',
      size: 4096,
      created_at: '2026-10-05T10:00:00.000Z',
      uploaded_by: null,
    },
  ],
  upload_limits: {
    max_bytes: 10 * 1024 * 1024,
    max_files: 100,
    allowed_types: ['pdf', 'jpg', 'xlsx'],
    accept: '.pdf,.jpg,.xlsx',
  },
} satisfies ClientDocumentsAnswer;

type Handler = (body: unknown, config?: AxiosRequestConfig) => Promise<unknown>;

function fakePost(handlers: Record<string, Handler>) {
  return jest.spyOn(http, 'post').mockImplementation(((url: string, body?: unknown, config?: AxiosRequestConfig) => {
    const path = url.replace('/api/company/1/', '');
    const handler = handlers[path];
    if (!handler) return Promise.reject(new Error(`unexpected ${url}`));
    return handler(body, config);
  }) as typeof http.post);
}

function renderView(role: 2 | 3 = 2) {
  return renderSignedIn(<ClientViewPage />, { role, route: '/company/clients/7', path: '/company/clients/:id' });
}

afterEach(() => jest.restoreAllMocks());
// The delete flow lives in the shared view: mock the dialogs where it calls them.
beforeEach(() => mockDialogs());

describe('ClientViewPage', () => {
  it('groups the documents by category and month and shows the upload limits first', async () => {
    fakePost({ 'clients/7': () => Promise.resolve(ok(view)) });
    renderView();
    expect(await screen.findByRole('heading', { name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
    const invoices = screen.getByRole('region', { name: 'Facturi emise' });
    expect(within(invoices).getByRole('heading', { name: 'noiembrie 2026' })).toBeInTheDocument();
    expect(within(invoices).getByText('factura-101.pdf')).toBeInTheDocument();
    const statements = screen.getByRole('region', { name: 'Extrase bancare' });
    expect(within(statements).getByText('extras-octombrie.pdf')).toBeInTheDocument();
    expect(screen.getByText(/Maximum 10 MB pe fișier\. Tipuri acceptate: PDF, JPG, XLSX\./)).toBeInTheDocument();
  });

  it('uploads the picked files with per-file and total progress', async () => {
    let finish: (() => void) | undefined;
    const uploads: FormData[] = [];
    const post = fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/storeFiles': (body, config) => {
        uploads.push(body as FormData);
        const progress = config?.onUploadProgress as (e: AxiosProgressEvent) => void;
        progress({ loaded: 60, total: 100, bytes: 60, lengthComputable: true } as AxiosProgressEvent);
        return new Promise((resolve) => {
          finish = () => resolve(ok({ data: [] }));
        });
      },
    });
    renderView();
    await screen.findByRole('heading', { name: 'Alfa Distribuție SRL' });

    const pdf = new File(['%PDF-1.4 test'], 'balanta.pdf', { type: 'application/pdf' });
    const exe = new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' });
    fireEvent.change(screen.getByLabelText('Fișiere de încărcat'), { target: { files: [pdf, exe] } });
    // The refused type is marked before anything is sent.
    expect(screen.getByText('Tipul fișierului nu este acceptat.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Încarcă 1 fișier' }));
    expect(await screen.findByRole('progressbar', { name: 'balanta.pdf' })).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByRole('progressbar', { name: /^Total/ })).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByRole('button', { name: 'Anulează încărcarea' })).toBeInTheDocument();

    const sent = uploads[0];
    expect(sent.get('category_id')).toBe('11');
    expect(sent.get('period')).toMatch(/^\d{4}-\d{2}$/);
    expect((sent.get('files') as File).name).toBe('balanta.pdf');

    await act(async () => finish?.());
    const list = screen.getByRole('list', { name: 'Fișiere selectate' });
    expect(await within(list).findByText('Încărcat')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'balanta.pdf' })).toHaveAttribute('aria-valuenow', '100');
    // The list is reloaded after a saved batch.
    await waitFor(() => expect(post.mock.calls.filter(([url]) => url === '/api/company/1/clients/7')).toHaveLength(2));
  });

  it('cancels an upload in flight', async () => {
    fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/storeFiles': (_body, config) =>
        new Promise((_resolve, reject) => {
          config?.signal?.addEventListener?.('abort', () =>
            reject(Object.assign(new Error('canceled'), { name: 'CanceledError', code: 'ERR_CANCELED' })),
          );
        }),
    });
    renderView();
    await screen.findByRole('heading', { name: 'Alfa Distribuție SRL' });
    const files = [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')];
    fireEvent.change(screen.getByLabelText('Fișiere de încărcat'), { target: { files } });
    fireEvent.click(screen.getByRole('button', { name: 'Încarcă 2 fișiere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Anulează încărcarea' }));
    await waitFor(() => expect(screen.getAllByText('Anulat')).toHaveLength(2));
  });

  it('deletes a document only after the confirm dialog', async () => {
    let deleted = false;
    const post = fakePost({
      'clients/7': () => Promise.resolve(ok(deleted ? { ...view, documents: view.documents.slice(1) } : view)),
      'clients/7/media/101/delete': () => {
        deleted = true;
        return Promise.resolve(ok({ message: 'Documentul a fost șters.' }));
      },
    });
    renderView();
    await screen.findByText('factura-101.pdf');

    jest.mocked(confirmDialog).mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Șterge factura-101.pdf' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1));
    expect(post.mock.calls.some(([url]) => url.endsWith('/delete'))).toBe(false);

    jest.mocked(confirmDialog).mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Șterge factura-101.pdf' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/media/101/delete'));
    await waitFor(() => expect(screen.queryByText('factura-101.pdf')).not.toBeInTheDocument());
  });

  it('role 3 sees no delete button', async () => {
    fakePost({ 'clients/7': () => Promise.resolve(ok(view)) });
    renderView(3);
    await screen.findByText('factura-101.pdf');
    expect(screen.queryByRole('button', { name: /^Șterge/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descarcă factura-101.pdf' })).toBeInTheDocument();
  });

  it('downloads what the filter shows as one zip, with progress', async () => {
    // The file is saved by the shared download hook: watch the browser's side of it.
    const saveBlob = captureDownloads();
    let finish: (() => void) | undefined;
    const post = fakePost({
      'clients/7': () => Promise.resolve(ok(view)),
      'clients/7/collection': (_body, config) => {
        const progress = config?.onDownloadProgress as (e: AxiosProgressEvent) => void;
        progress({ loaded: 250, total: 1000, bytes: 250, lengthComputable: true } as AxiosProgressEvent);
        return new Promise((resolve) => {
          finish = () =>
            resolve(
              ok(new Blob(['PK']), {
                'content-disposition': `attachment; filename="Alfa.zip"; filename*=UTF-8''Alfa%20Distribu%C8%9Bie%20-%202026-11.zip`,
              }),
            );
        });
      },
    });
    renderView();
    await screen.findByText('factura-101.pdf');

    const period = screen.getByRole('combobox', { name: 'Filtrează după lună' });
    fireEvent.click(period);
    fireEvent.change(period, { target: { value: 'noiembrie' } });
    fireEvent.keyDown(period, { key: 'Enter' });
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('/api/company/1/clients/7', { period: '2026-11' }, expect.anything()),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Descarcă selecția (.zip)' }));
    expect(await screen.findByRole('progressbar', { name: /Se descarcă/ })).toHaveAttribute('aria-valuenow', '25');
    expect(post).toHaveBeenCalledWith(
      '/api/company/1/clients/7/collection',
      { period: '2026-11' },
      expect.objectContaining({ responseType: 'blob' }),
    );
    await act(async () => finish?.());
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Alfa Distribuție - 2026-11.zip'));
    expect(screen.queryByRole('progressbar', { name: /Se descarcă/ })).not.toBeInTheDocument();
  });
});
