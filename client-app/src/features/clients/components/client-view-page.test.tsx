import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios';
import { http, type ClientDocumentsAnswer } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { holdingAdmin, holdingUser, ok, renderWithSession } from '../../../testing/render';
import { ClientViewPage } from './client-view-page';

let confirmMock: ReturnType<typeof mockDialogs>;
// The delete flow lives in the shared view: mock the dialogs where it calls them.
beforeEach(() => {
  confirmMock = mockDialogs();
});

const view = {
  client: {
    id: 7,
    name: 'Alfa Distribuție SRL',
    cui: '34567892',
    company: { id: 1, name: 'Contabil Demo SRL' },
    documents_count: 2,
  },
  categories: [
    { id: 2, name: 'Facturi primite', position: 1 },
    { id: 1, name: 'Facturi emise', position: 0 },
  ],
  periods: ['2026-11', '2026-10'],
  upload_limits: { max_bytes: 1000, max_files: 100, allowed_types: ['pdf', 'jpg'], accept: '.pdf,.jpg' },
  documents: [
    {
      id: 100,
      client_id: 7,
      category_id: 1,
      period: '2026-11',
      name: 'Factura mea.pdf',
      size: 2048,
      uploaded_by: { id: holdingUser.id, name: holdingUser.name },
      created_at: '2026-11-20T10:00:00.000Z',
      can_delete: true,
    },
    {
      id: 101,
      client_id: 7,
      category_id: 2,
      period: '2026-10',
      name: 'Extras contabil.pdf',
      size: 4096,
      uploaded_by: { id: 3, name: 'Proprietar Contabil Demo SRL' },
      created_at: '2026-10-02T10:00:00.000Z',
      can_delete: true,
    },
  ],
} satisfies ClientDocumentsAnswer;

function mockView(data: ClientDocumentsAnswer = view) {
  return jest.spyOn(http, 'post').mockImplementation(async (url: string) => {
    if (url === '/api/holding/1/clients/7') return ok(data);
    throw new Error(`unexpected POST ${url}`);
  });
}

function renderView(user = holdingAdmin) {
  return renderWithSession(<ClientViewPage />, { user, route: '/client/7', path: '/client/:id' });
}

afterEach(() => {
  jest.restoreAllMocks();
  confirmMock.mockReset();
});

describe('ClientViewPage', () => {
  it('groups the documents by category (in order) and month', async () => {
    mockView();
    renderView();
    expect(await screen.findByRole('heading', { level: 1, name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Încarcă documente', 'Facturi emise', 'Facturi primite']);
    expect(screen.getByRole('heading', { level: 3, name: 'noiembrie 2026' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'octombrie 2026' })).toBeInTheDocument();
  });

  it('role 4 may delete every document', async () => {
    mockView();
    renderView(holdingAdmin);
    await screen.findByText('Factura mea.pdf');
    expect(screen.getByRole('button', { name: 'Șterge Factura mea.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Șterge Extras contabil.pdf' })).toBeInTheDocument();
  });

  it('role 5 may delete only its own uploads', async () => {
    mockView();
    renderView(holdingUser);
    await screen.findByText('Factura mea.pdf');
    expect(screen.getByRole('button', { name: 'Șterge Factura mea.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Șterge Extras contabil.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descarcă Extras contabil.pdf' })).toBeInTheDocument();
  });

  it('hides delete when the server says no, whatever the role', async () => {
    mockView({ ...view, documents: view.documents.map((d) => ({ ...d, can_delete: false })) });
    renderView(holdingAdmin);
    await screen.findByText('Factura mea.pdf');
    expect(screen.queryByRole('button', { name: /^Șterge/ })).not.toBeInTheDocument();
  });

  it('deletes a document only after the confirmation', async () => {
    const post = mockView();
    const user = userEvent.setup();
    renderView(holdingAdmin);
    const button = await screen.findByRole('button', { name: 'Șterge Extras contabil.pdf' });

    confirmMock.mockResolvedValueOnce(false);
    await user.click(button);
    expect(confirmMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ștergi „Extras contabil.pdf”?' }));
    expect(post).not.toHaveBeenCalledWith('/api/holding/1/clients/7/media/101/delete');

    const after = { ...view, documents: [view.documents[0]] };
    post.mockImplementation(async (url: string) => {
      if (url === '/api/holding/1/clients/7/media/101/delete') return ok({ message: 'Documentul a fost șters.' });
      if (url === '/api/holding/1/clients/7') return ok(after);
      throw new Error(`unexpected POST ${url}`);
    });
    confirmMock.mockResolvedValueOnce(true);
    await user.click(button);
    await waitFor(() => expect(screen.queryByText('Extras contabil.pdf')).not.toBeInTheDocument());
    expect(post).toHaveBeenCalledWith('/api/holding/1/clients/7/media/101/delete');
  });

  it('uploads the batch through storeFiles with FormData, showing per-file and total progress', async () => {
    const post = mockView();
    let finish: (() => void) | undefined;
    let uploadProgress: AxiosRequestConfig['onUploadProgress'];
    renderView(holdingUser);
    await screen.findByText('Factura mea.pdf');

    post.mockImplementation(async (url: string, _body?: unknown, config?: AxiosRequestConfig) => {
      if (url === '/api/holding/1/clients/7') return ok(view);
      if (url === '/api/holding/1/clients/7/storeFiles') {
        uploadProgress = config?.onUploadProgress;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return ok({ message: 'Fișier încărcat.' }, 201);
      }
      throw new Error(`unexpected POST ${url}`);
    });

    const file = new File(['%PDF-1.4 test'], 'bon.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByRole('list', { name: 'Fișiere selectate' })).toHaveTextContent('bon.pdf');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Încarcă 1 fișier' }));
    await waitFor(() => expect(uploadProgress).toBeDefined());

    const [, body] = post.mock.calls.find(([url]) => url === '/api/holding/1/clients/7/storeFiles') ?? [];
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('category_id')).toBe('1');
    expect(form.get('period')).toMatch(/^\d{4}-\d{2}$/);
    expect((form.get('files') as File).name).toBe('bon.pdf');

    act(() => uploadProgress?.({ loaded: 50, total: 100 } as AxiosProgressEvent));
    expect(screen.getByRole('progressbar', { name: 'bon.pdf' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('progressbar', { name: /^Total/ })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Anulează încărcarea' })).toBeInTheDocument();

    await act(async () => finish?.());
    const item = within(screen.getByRole('list', { name: 'Fișiere selectate' })).getByRole('listitem');
    await waitFor(() => expect(within(item).getByText('Încărcat')).toBeInTheDocument());
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // After the upload no disabled "Încarcă 0 fișiere" button stays behind.
    expect(screen.queryByRole('button', { name: /^Încarcă/ })).not.toBeInTheDocument();
  });

  it('offers the camera on a phone: a second picker for photos (capture="environment")', async () => {
    mockView();
    renderView(holdingUser);
    const camera = await screen.findByLabelText('Fotografie de încărcat');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(screen.getByRole('button', { name: 'Fotografiază' })).toBeInTheDocument();
  });

  it('refuses files over the size limit or of another type before sending them', async () => {
    const post = mockView();
    renderView(holdingUser);
    expect(await screen.findByText(/Maximum 1000 B pe fișier\. .*Tipuri acceptate: PDF, JPG\./)).toBeInTheDocument();
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: {
        files: [
          new File(['x'.repeat(2000)], 'mare.pdf', { type: 'application/pdf' }),
          new File(['MZ'], 'program.exe', { type: 'application/octet-stream' }),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: 'Fișiere selectate' });
    expect(within(list).getByText('Depășește limita de 1000 B.')).toBeInTheDocument();
    expect(within(list).getByText('Tipul fișierului nu este acceptat.')).toBeInTheDocument();
    expect(within(list).getAllByText('Respins')).toHaveLength(2);
    // Nothing sendable: no (disabled) "Încarcă 0 fișiere" button, only the way to clear the list.
    expect(screen.queryByRole('button', { name: /^Încarcă/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Golește lista' })).toBeInTheDocument();
    expect(post.mock.calls.filter(([url]) => String(url).endsWith('storeFiles'))).toHaveLength(0);
  });

  it('cancels the upload in flight', async () => {
    const post = mockView();
    renderView(holdingAdmin);
    await screen.findByText('Factura mea.pdf');
    post.mockImplementation(async (url: string, _body?: unknown, config?: AxiosRequestConfig) => {
      if (url === '/api/holding/1/clients/7') return ok(view);
      return new Promise((_resolve, reject) => {
        (config?.signal as AbortSignal | undefined)?.addEventListener('abort', () =>
          reject(Object.assign(new Error('canceled'), { name: 'CanceledError' })),
        );
      });
    });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Fișiere de încărcat'), [
      new File(['a'], 'a.pdf', { type: 'application/pdf' }),
      new File(['b'], 'b.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Încarcă 2 fișiere' }));
    await user.click(await screen.findByRole('button', { name: 'Anulează încărcarea' }));
    await waitFor(() => expect(screen.getAllByText('Anulat')).toHaveLength(2));
    expect(post.mock.calls.filter(([url]) => String(url).endsWith('storeFiles'))).toHaveLength(1);
  });

  it('downloads the whole collection as a zip, with progress', async () => {
    const post = mockView();
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:zip'), revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let progress: AxiosRequestConfig['onDownloadProgress'];
    let finish: (() => void) | undefined;
    renderView(holdingUser);
    await screen.findByText('Factura mea.pdf');
    post.mockImplementation(async (url: string, _body?: unknown, config?: AxiosRequestConfig) => {
      if (url === '/api/holding/1/clients/7/collection') {
        progress = config?.onDownloadProgress;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return { ...ok(new Blob(['PK'])), headers: { 'content-disposition': 'attachment; filename="alfa.zip"' } };
      }
      return ok(view);
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Descarcă tot (.zip)' }));
    await waitFor(() => expect(progress).toBeDefined());
    expect(post).toHaveBeenCalledWith(
      '/api/holding/1/clients/7/collection',
      {},
      expect.objectContaining({ responseType: 'blob' }),
    );
    act(() => progress?.({ loaded: 2048 } as AxiosProgressEvent));
    expect(screen.getByRole('status')).toHaveTextContent('Se descarcă: arhiva tuturor documentelor — 2 KB');
    await act(async () => finish?.());
    await waitFor(() => expect(screen.queryByText(/Se descarcă/)).not.toBeInTheDocument());
    expect(saved).toEqual(['alfa.zip']);
  });

  it('says so when the client does not exist', async () => {
    jest.spyOn(http, 'post').mockRejectedValue(
      Object.assign(new Error('404'), {
        isAxiosError: true,
        response: { status: 404, data: { message: 'Clientul nu a fost găsit.' } },
      }),
    );
    renderView();
    expect(await screen.findByText('Clientul nu a fost găsit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Înapoi la firmele holdingului' })).toHaveAttribute(
      'href',
      '/client/dashboard',
    );
  });
});
