import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '@dosar/shared';
import { captureDownloads, mockDialogs } from '@dosar/shared/testing';
import { ok, paged, renderSignedIn } from '../../../testing/render';
import { UtilityFilesPage } from './utility-files-page';

// The delete confirm and its toast are called from inside @dosar/shared (confirmDelete): a
// jest.mock of the package would not reach them, mockDialogs does.
beforeEach(() => {
  mockDialogs().mockResolvedValue(true);
});

const utils = paged([
  {
    id: 4,
    media_id: 40,
    title: 'Model declarație 112',
    description: 'Formular lunar',
    file: { name: 'declaratie-112.pdf', mime: 'application/pdf', size: 5120 },
    created_at: '2026-11-01T08:00:00.000Z',
  },
]);

afterEach(() => jest.restoreAllMocks());

describe('UtilityFilesPage', () => {
  it('role 3 lists and downloads, with no create, edit or delete', async () => {
    // The file is saved by the shared download hook: watch the browser's side of it.
    const saveBlob = captureDownloads();
    jest.spyOn(http, 'get').mockResolvedValue(ok(utils));
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(
        ok(new Blob(['%PDF']), { 'content-disposition': 'attachment; filename="declaratie-112.pdf"' }),
      );
    renderSignedIn(<UtilityFilesPage />, { role: 3, route: '/company/utils' });
    expect(await screen.findByText('Model declarație 112')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fișier util nou' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editează/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Șterge/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Descarcă Model declarație 112' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'declaratie-112.pdf'));
    expect(post).toHaveBeenCalledWith(
      '/api/company/1/utils/40',
      undefined,
      expect.objectContaining({ responseType: 'blob' }),
    );
  });

  it('role 2 creates a utility file with title, description and file', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok(paged([])));
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ data: utils.data[0] }));
    renderSignedIn(<UtilityFilesPage />, { role: 2, route: '/company/utils' });
    expect(await screen.findByText('Nu există încă fișiere utile.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fișier util nou' }));
    fireEvent.change(screen.getByLabelText(/^Titlu/), { target: { value: 'Model declarație 112' } });
    fireEvent.change(screen.getByLabelText('Descriere'), { target: { value: 'Formular lunar' } });
    const file = new File(['%PDF'], 'declaratie-112.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(/^Fișier \*/), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/storeUtil', expect.any(FormData), expect.anything()),
    );
    const body = post.mock.calls[0][1] as FormData;
    expect(body.get('title')).toBe('Model declarație 112');
    expect(body.get('description')).toBe('Formular lunar');
    expect((body.get('file') as File).name).toBe('declaratie-112.pdf');
  });
});
