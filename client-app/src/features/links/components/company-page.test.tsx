import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { httpError, ok, renderWithSession } from '../../../testing/render';
import { CompanyPage } from './company-page';

// The delete confirm and its toast are called from inside @dosar/shared (confirmDelete): a
// jest.mock of the package would not reach them, mockDialogs does (a fresh spy per test).
let confirmMock: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirmMock = mockDialogs();
});

const meta = { page: 1, per_page: 20, total: 1 };
const company = {
  id: 1,
  name: 'Contabil Demo SRL',
  cui: 'RO12345674',
  email: 'office@contabil-demo.ro',
  linked_at: '2026-01-10T00:00:00.000Z',
  clients_count: 2,
};

function mockLists() {
  return jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/holding/1/companies') return ok({ data: [company], meta });
    if (url === '/api/holding/1/company-requests') return ok({ data: [], meta: { ...meta, total: 0 } });
    throw new Error(`unexpected GET ${url}`);
  });
}

afterEach(() => jest.restoreAllMocks());

describe('CompanyPage', () => {
  it('lists the linked accounting companies', async () => {
    mockLists();
    renderWithSession(<CompanyPage />);
    expect(await screen.findByText('Contabil Demo SRL')).toBeInTheDocument();
    expect(await screen.findByText('Nu ai trimis încă invitații')).toBeInTheDocument();
  });

  it('validates the CUI checksum before inviting, then sends the invitation', async () => {
    mockLists();
    const post = jest
      .spyOn(http, 'post')
      .mockResolvedValue(ok({ message: 'Invitația a fost trimisă pe e-mail.', request: { id: 5 } }, 201));
    const user = userEvent.setup();
    renderWithSession(<CompanyPage />);
    await screen.findByText('Contabil Demo SRL');

    await user.type(screen.getByLabelText('Numele firmei'), 'Noua Contabilitate SRL');
    await user.type(screen.getByLabelText('CUI'), 'RO12345675');
    await user.type(screen.getByLabelText('E-mail'), 'birou@noua.ro');
    await user.click(screen.getByRole('button', { name: 'Trimite invitația' }));

    expect(await screen.findByText('CUI-ul nu este valid (cifra de control nu corespunde).')).toBeInTheDocument();
    expect(screen.getByLabelText('CUI')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('CUI'));
    await user.type(screen.getByLabelText('CUI'), 'ro 12345674');
    await user.click(screen.getByRole('button', { name: 'Trimite invitația' }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/holding/1/company-requests', {
        name: 'Noua Contabilitate SRL',
        cui: 'RO12345674',
        email: 'birou@noua.ro',
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Numele firmei')).toHaveValue(''));
  });

  it('shows the server field errors beside the inputs', async () => {
    mockLists();
    jest.spyOn(http, 'post').mockRejectedValue(
      httpError(422, {
        message: 'Date invalide',
        errors: { email: ['Compania acestei adrese colaborează deja cu grupul.'] },
      }),
    );
    const user = userEvent.setup();
    renderWithSession(<CompanyPage />);
    await screen.findByText('Contabil Demo SRL');
    await user.type(screen.getByLabelText('Numele firmei'), 'Contabil Demo SRL');
    await user.type(screen.getByLabelText('CUI'), '12345674');
    await user.type(screen.getByLabelText('E-mail'), 'office@contabil-demo.ro');
    await user.click(screen.getByRole('button', { name: 'Trimite invitația' }));
    expect(await screen.findByText('Compania acestei adrese colaborează deja cu grupul.')).toBeInTheDocument();
  });

  it('removes a company after the confirmation, saying no data is lost', async () => {
    mockLists();
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok({ message: 'Compania a fost eliminată din grup.' }));
    const user = userEvent.setup();
    renderWithSession(<CompanyPage />);
    const remove = await screen.findByRole('button', { name: 'Elimină Contabil Demo SRL din holding' });

    confirmMock.mockResolvedValueOnce(false);
    await user.click(remove);
    expect(confirmMock).toHaveBeenCalledWith(
      expect.objectContaining({ text: expect.stringContaining('Nu se pierde nicio dată') }),
    );
    expect(post).not.toHaveBeenCalled();

    confirmMock.mockResolvedValueOnce(true);
    await user.click(remove);
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/holding/1/company/1/delete'));
  });
});
