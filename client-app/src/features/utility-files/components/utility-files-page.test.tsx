import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@dosar/shared';
import { holdingUser, ok, renderWithSession } from '../../../testing/render';
import { UtilityFilesPage } from './utility-files-page';

const file = {
  id: 3,
  media_id: 40,
  title: 'Model contract',
  description: 'Model pentru colaboratori',
  company: { id: 1, name: 'Contabil Demo SRL' },
  original_name: 'Model contract.txt',
  size: 120,
  created_at: '2026-11-01T09:00:00.000Z',
};

afterEach(() => jest.restoreAllMocks());

describe('UtilityFilesPage', () => {
  it('lists the utility files read-only and downloads one', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: [file], meta: { page: 1, per_page: 20, total: 1 } }));
    const post = jest.spyOn(http, 'post').mockResolvedValue({
      ...ok(new Blob(['x'], { type: 'text/plain' })),
      headers: { 'content-disposition': 'attachment; filename="Model contract.txt"' },
    });
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithSession(<UtilityFilesPage />, { user: holdingUser });

    expect(await screen.findByText('Model contract')).toBeInTheDocument();
    expect(screen.getByText('Contabil Demo SRL')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Șterge|Editează/ })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Descarcă Model contract' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/holding/1/utils/40',
        undefined,
        expect.objectContaining({ responseType: 'blob' }),
      ),
    );
    await waitFor(() => expect(saved).toEqual(['Model contract.txt']));
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('shows an empty state', async () => {
    jest.spyOn(http, 'get').mockResolvedValue(ok({ data: [], meta: { page: 1, per_page: 20, total: 0 } }));
    renderWithSession(<UtilityFilesPage />, { user: holdingUser });
    expect(await screen.findByText('Nu există încă fișiere utile')).toBeInTheDocument();
  });
});
