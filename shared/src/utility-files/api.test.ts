import { http } from '../http/http';
import { axiosResponse, paged } from '../testing';
import { downloadUtilityFile, listUtilityFiles, utilityFileName, utilityFileSize, type UtilityFile } from './api';

const fromCompany: UtilityFile = {
  id: 4,
  media_id: 40,
  title: 'Model declarație 112',
  file: { name: 'declaratie-112.pdf', mime: 'application/pdf', size: 5120 },
};
const fromHolding: UtilityFile = {
  id: 4,
  media_id: 40,
  title: 'Model declarație 112',
  company: { id: 1, name: 'Contabil Demo SRL' },
  original_name: 'declaratie-112.pdf',
  size: 5120,
};

afterEach(() => jest.restoreAllMocks());

describe('utility files', () => {
  it('reads the file name and size from either door', () => {
    expect(utilityFileName(fromCompany)).toBe('declaratie-112.pdf');
    expect(utilityFileName(fromHolding)).toBe('declaratie-112.pdf');
    expect(utilityFileSize(fromCompany)).toBe(5120);
    expect(utilityFileSize(fromHolding)).toBe(5120);
    expect(utilityFileName({ id: 1, media_id: 2, title: 'Fără fișier' })).toBe('Fără fișier');
  });

  it.each(['/api/company/1', '/api/holding/1'])('lists and downloads on %s', async (apiBase) => {
    const get = jest.spyOn(http, 'get').mockResolvedValue(axiosResponse(paged([fromCompany])));
    await listUtilityFiles(apiBase, { page: 2, search: 'model' });
    expect(get).toHaveBeenCalledWith(`${apiBase}/utils`, { params: { page: 2, search: 'model' }, signal: undefined });

    const post = jest.spyOn(http, 'post').mockResolvedValue(axiosResponse(new Blob(['%PDF'])));
    await downloadUtilityFile(apiBase, 40);
    expect(post).toHaveBeenCalledWith(
      `${apiBase}/utils/40`,
      undefined,
      expect.objectContaining({ responseType: 'blob' }),
    );
  });
});
