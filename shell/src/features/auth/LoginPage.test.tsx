import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@dosar/shared';
import * as runtime from '../../testing/federation-runtime-mock';
import { demoUsers, fakeHttp, renderApp, resetRemoteLoader } from '../../testing/render-app';

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

describe('/login', () => {
  it('has labelled fields; Enter submits; the session starts and the owner lands on /company/dashboard', async () => {
    const calls = fakeHttp(({ url }) =>
      url === '/api/login' ? [200, { user: demoUsers[2], token: '12|secret' }] : [404, {}],
    );
    const { store } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'owner@demo.ro');
    await userEvent.type(screen.getByLabelText('Parolă'), 'Demo1234!{Enter}');

    await waitFor(() => expect(location()).toBe('/company/dashboard'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/login',
      body: { email: 'owner@demo.ro', password: 'Demo1234!' },
    });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(store.getState().session).toEqual({ user: demoUsers[2], token: '12|secret', status: 'authenticated' });
    expect(localStorage.getItem('bearer_token')).toBe('12|secret');
    expect(await screen.findByRole('heading', { name: 'Zona company la /company' })).toBeInTheDocument();
  });

  it.each([
    [1, '/admin/companies'],
    [3, '/company/dashboard'],
    [4, '/client/dashboard'],
    [5, '/client/dashboard'],
  ])('role %i lands on %s', async (role, target) => {
    fakeHttp(() => [200, { user: demoUsers[role], token: `${role}|t` }]);
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), demoUsers[role].email);
    await userEvent.type(screen.getByLabelText('Parolă'), 'Demo1234!');
    await userEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
    await waitFor(() => expect(location()).toBe(target));
  });

  it("shows the server's error and stays on /login", async () => {
    const message = 'E-mailul sau parola nu sunt corecte.';
    fakeHttp(() => [401, { message, error: message }]);
    const { store } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'owner@demo.ro');
    await userEvent.type(screen.getByLabelText('Parolă'), 'gresit{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(location()).toBe('/login');
    expect(store.getState().session.user).toBeNull();
    expect(toast.error).not.toHaveBeenCalledWith('Trebuie sa fii autentificat ca sa accesezi aceasta pagina');
  });

  it('links to the password reset and to registration', async () => {
    fakeHttp(() => [200, {}]);
    renderApp('/login');
    expect(await screen.findByRole('link', { name: 'Ai uitat parola?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getAllByRole('link', { name: /Creează/ }).some((a) => a.getAttribute('href') === '/register')).toBe(
      true,
    );
  });
});

describe('/forgot-password and /reset-password/:token', () => {
  it('asks for a link and says an e-mail was sent if the account exists', async () => {
    const message =
      'Dacă adresa aparține unui cont, vei primi în câteva minute un e-mail cu linkul de resetare a parolei.';
    const calls = fakeHttp(() => [200, { message }]);
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'owner@demo.ro{Enter}');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/password/email', body: { email: 'owner@demo.ro' } });
  });

  it('sets a new password from the e-mailed link, then /login with a success toast', async () => {
    const calls = fakeHttp(() => [200, { message: 'Parola a fost schimbată. Te poți autentifica cu noua parolă.' }]);
    renderApp('/reset-password/tok123?email=owner%40demo.ro');
    expect(await screen.findByLabelText('E-mail')).toHaveValue('owner@demo.ro');
    await userEvent.type(screen.getByLabelText('Parola nouă'), 'Nou12345');
    await userEvent.type(screen.getByLabelText('Confirmă parola nouă'), 'Nou12345{Enter}');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls[0]).toMatchObject({
      url: '/api/password/reset',
      body: { token: 'tok123', email: 'owner@demo.ro', password: 'Nou12345', password_confirmation: 'Nou12345' },
    });
    expect(toast.success).toHaveBeenCalledWith('Parola a fost schimbată. Te poți autentifica cu noua parolă.');
  });

  it('shows a refused token inline and stays', async () => {
    const refused = 'Linkul de resetare a parolei nu este valid sau a expirat. Cere un link nou.';
    fakeHttp(() => [422, { message: refused, errors: { token: [refused] } }]);
    renderApp('/reset-password/old?email=owner%40demo.ro');
    await userEvent.type(await screen.findByLabelText('Parola nouă'), 'Nou12345');
    await userEvent.type(screen.getByLabelText('Confirmă parola nouă'), 'Nou12345{Enter}');
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(refused);
    expect(location()).toBe('/reset-password/old');
  });
});
