import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router-dom';
import { http } from '@dosar/shared';
import { httpError, ok, paged, renderSignedIn } from '../../../testing/render';
import { NewClientPage } from './new-client-page';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

function ClientStub() {
  return <p>{`client ${useParams().id}`}</p>;
}

function renderForm() {
  return renderSignedIn(
    <Routes>
      <Route path="new-client" element={<NewClientPage />} />
      <Route path="clients/:id" element={<ClientStub />} />
    </Routes>,
    { route: '/company/new-client', path: '/company/*' },
  );
}

const holdings = paged([{ id: 1, name: 'Grup Demo', cui: 'RO23456783', email: null }]);

afterEach(() => jest.restoreAllMocks());

describe('NewClientPage', () => {
  it('refuses a CUI with a wrong control digit before sending', async () => {
    const post = jest.spyOn(http, 'post').mockResolvedValue(ok(holdings));
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Nume/), { target: { value: 'Zeta SRL' } });
    fireEvent.change(screen.getByLabelText(/^CUI \*/), { target: { value: '12345675' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează clientul' }));

    expect(await screen.findByText(/CUI-ul nu este valid/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^CUI \*/)).toHaveAttribute('aria-invalid', 'true');
    expect(post.mock.calls.filter(([url]) => url.endsWith('/createClient'))).toHaveLength(0);
  });

  it('shows the server field errors next to the fields', async () => {
    jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/holdings')) return Promise.resolve(ok(holdings)) as never;
      return Promise.reject(
        httpError(422, {
          message: 'Datele trimise nu sunt valide.',
          errors: {
            cui: ['Există deja un client cu acest CUI.'],
            'new_holding.name': ['Există deja un holding cu acest nume.'],
          },
        }),
      ) as never;
    });
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Nume/), { target: { value: 'Zeta SRL' } });
    fireEvent.change(screen.getByLabelText(/^CUI \*/), { target: { value: 'RO12345674' } });
    fireEvent.click(screen.getByLabelText('Creează un holding nou'));
    fireEvent.change(screen.getByLabelText(/^Numele holdingului/), { target: { value: 'Grup Nou' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează clientul' }));

    expect(await screen.findByText('Există deja un client cu acest CUI.')).toBeInTheDocument();
    expect(screen.getByText('Există deja un holding cu acest nume.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^CUI \*/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the client with an existing holding and opens its view', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/holdings')) return Promise.resolve(ok(holdings)) as never;
      return Promise.resolve(ok({ message: 'Clientul a fost adăugat.', data: { id: 42, name: 'Zeta SRL' } })) as never;
    });
    renderForm();
    fireEvent.change(screen.getByLabelText(/^Nume/), { target: { value: ' Zeta SRL ' } });
    fireEvent.change(screen.getByLabelText(/^CUI \*/), { target: { value: 'RO12345674' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'office@zeta.ro' } });
    fireEvent.click(screen.getByLabelText('Alege un holding existent'));
    const holding = await screen.findByRole('combobox', { name: 'Holding existent' });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/holdings', expect.anything(), expect.anything()),
    );
    fireEvent.click(holding);
    fireEvent.keyDown(holding, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Salvează clientul' }));

    expect(await screen.findByText('client 42')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/company/1/createClient', {
      name: 'Zeta SRL',
      cui: 'RO12345674',
      email: 'office@zeta.ro',
      phone: null,
      notes: null,
      holding_id: 1,
    });
  });

  it('„Caută după CUI” fills the name, address and trade register from ANAF, with a loading state', async () => {
    let answer: (value: unknown) => void = () => {};
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/cui-lookup')) return new Promise((resolve) => (answer = resolve)) as never;
      return Promise.resolve(ok(holdings)) as never;
    });
    renderForm();
    fireEvent.change(screen.getByLabelText(/^CUI \*/), { target: { value: 'RO 13548146' } });
    fireEvent.click(screen.getByRole('button', { name: 'Caută după CUI' }));
    expect(await screen.findByRole('button', { name: 'Se caută la ANAF…' })).toBeDisabled();
    answer(
      ok({
        cui: '13548146',
        name: 'ALFA CONSULTANȚĂ FISCALĂ S.R.L.',
        address: 'MUNICIPIUL BUCUREŞTI, SECTOR 1, STR. VICTORIEI, NR.10',
        trade_register: 'J40/1234/2000',
        phone: '0212345678',
        vat_payer: true,
        e_factura: true,
        inactive: true,
      }),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Nume/)).toHaveValue('ALFA CONSULTANȚĂ FISCALĂ S.R.L.'));
    expect(screen.getByLabelText(/^Note/)).toHaveValue(
      'Adresă: MUNICIPIUL BUCUREŞTI, SECTOR 1, STR. VICTORIEI, NR.10\nNr. Reg. Com.: J40/1234/2000',
    );
    expect(screen.getByLabelText(/^Telefon/)).toHaveValue('0212345678');
    expect(screen.getByRole('status')).toHaveTextContent(/plătitor de TVA · înscris în RO e-Factura · INACTIV FISCAL/);
    expect(post).toHaveBeenCalledWith('/api/company/1/cui-lookup', { cui: 'RO 13548146' });
  });

  it('„Caută după CUI” with a wrong control digit asks nobody; ANAF’s refusal shows under the CUI', async () => {
    const post = jest.spyOn(http, 'post').mockImplementation((url: string) => {
      if (url.endsWith('/cui-lookup')) {
        return Promise.reject(
          httpError(503, { message: 'ANAF nu răspunde acum. Încearcă din nou în câteva minute.' }),
        ) as never;
      }
      return Promise.resolve(ok(holdings)) as never;
    });
    renderForm();
    fireEvent.change(screen.getByLabelText(/^CUI \*/), { target: { value: '13548147' } });
    fireEvent.click(screen.getByRole('button', { name: 'Caută după CUI' }));
    expect(await screen.findByText(/CUI-ul nu este valid/)).toBeInTheDocument();
    expect(post.mock.calls.filter(([url]) => url.endsWith('/cui-lookup'))).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^CUI \*/), { target: { value: '13548146' } });
    fireEvent.click(screen.getByRole('button', { name: 'Caută după CUI' }));
    expect(await screen.findByText('ANAF nu răspunde acum. Încearcă din nou în câteva minute.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nume/)).toHaveValue('');
  });
});
