import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@dosar/shared';
import * as runtime from '../../testing/federation-runtime-mock';
import { fakeHttp, renderApp, resetRemoteLoader } from '../../testing/render-app';
import { validateRegistration } from './RegisterPage';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/federation-runtime-mock'));

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  jest.spyOn(toast, 'error').mockResolvedValue(undefined);
  jest.spyOn(toast, 'success').mockResolvedValue(undefined);
  resetRemoteLoader();
  runtime.remoteAppsLoad();
  runtime.mockRemotesJson();
});

afterEach(() => jest.restoreAllMocks());

async function fill(values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.click(screen.getByLabelText(label, { exact: false }));
    await userEvent.paste(value);
  }
}

const VALID = {
  'Numele companiei': 'Contabil Nou SRL',
  'CUI (cod fiscal)': 'RO18547290',
  'E-mailul companiei': 'office@contabilnou.ro',
  Telefon: '0722 123 456',
  'Numele tău': 'Maria Ionescu',
  'E-mailul tău': 'maria@contabilnou.ro',
  Parolă: 'Parola123',
  'Confirmă parola': 'Parola123',
};

describe('/register', () => {
  it('creates the company and its owner, signs in and lands on /company', async () => {
    const owner = {
      id: 9,
      name: 'Maria Ionescu',
      email: 'maria@contabilnou.ro',
      role: 2,
      company_id: 3,
      holding_id: null,
    };
    const calls = fakeHttp(() => [201, { user: owner, token: '30|tok' }]);
    const { store } = renderApp('/register');
    await screen.findByRole('heading', { name: 'Creează un cont pentru firma ta' });
    await fill(VALID);
    await userEvent.click(screen.getByRole('button', { name: 'Creează contul' }));

    expect(await screen.findByTestId('register-verify-notice')).toHaveTextContent(
      'Ți-am trimis un link de confirmare la maria@contabilnou.ro.',
    );
    expect(screen.queryByTestId('register-cui-claim')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continuă în contul companiei' }));
    await waitFor(() => expect(location()).toBe('/company/dashboard'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/company/create',
      body: {
        company_name: 'Contabil Nou SRL',
        cui: 'RO18547290',
        company_email: 'office@contabilnou.ro',
        phone: '0722 123 456',
        name: 'Maria Ionescu',
        email: 'maria@contabilnou.ro',
        password: 'Parola123',
        password_confirmation: 'Parola123',
      },
    });
    expect(store.getState().session).toMatchObject({ user: owner, token: '30|tok', status: 'authenticated' });
  });

  it('a CUI already in use: the page says the claim went to the platform administrator', async () => {
    const owner = { id: 9, name: 'Maria', email: 'maria@contabilnou.ro', role: 2, company_id: 3, holding_id: null };
    fakeHttp(() => [201, { user: owner, token: '30|tok', cui_claim: { status: 'pending' }, message: 'x' }]);
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Creează un cont pentru firma ta' });
    await fill(VALID);
    await userEvent.click(screen.getByRole('button', { name: 'Creează contul' }));
    expect(await screen.findByTestId('register-cui-claim')).toHaveTextContent(
      'CUI-ul este deja folosit de altă companie din Dosar; am trimis cererea administratorului platformei, care o va verifica.',
    );
  });

  it('refuses a CUI whose control digit is wrong, before calling the server', async () => {
    const calls = fakeHttp(() => [201, {}]);
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Creează un cont pentru firma ta' });
    await fill({ ...VALID, 'CUI (cod fiscal)': 'RO18547291' });
    await userEvent.click(screen.getByRole('button', { name: 'Creează contul' }));
    expect(await screen.findByText(/CUI-ul nu este valid/)).toBeInTheDocument();
    expect(screen.getByLabelText('CUI (cod fiscal)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('CUI (cod fiscal)')).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field errors beside the fields (and as toasts)", async () => {
    const taken = 'Această adresă de e-mail este deja folosită de alt cont.';
    fakeHttp(() => [422, { message: 'Datele trimise nu sunt valide.', errors: { email: [taken] } }]);
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Creează un cont pentru firma ta' });
    await fill(VALID);
    await userEvent.click(screen.getByRole('button', { name: 'Creează contul' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(taken);
    expect(location()).toBe('/register');
  });
});

describe('validateRegistration', () => {
  const base = {
    company_name: 'X SRL',
    cui: '18547290',
    company_email: '',
    phone: '',
    name: 'Ion',
    email: 'ion@x.ro',
    password: 'abc12345',
    password_confirmation: 'abc12345',
  };

  it('accepts a complete form, with or without the RO prefix', () => {
    expect(validateRegistration(base)).toEqual({});
    expect(validateRegistration({ ...base, cui: 'RO 18547290' })).toEqual({});
  });

  it('names each problem', () => {
    const errors = validateRegistration({
      ...base,
      company_name: ' ',
      cui: '123',
      email: 'nu-e-email',
      password: 'scurt',
      password_confirmation: 'altceva',
    });
    expect(Object.keys(errors).sort()).toEqual(['company_name', 'cui', 'email', 'password', 'password_confirmation']);
  });
});
