import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../http/http';
import { axiosResponse, httpError, renderInSession } from '../testing';
import type { User } from '../types';
import { DEVICE_STORAGE_KEY } from './api/device-id';
import { LoginForm } from './LoginForm';

const user: User = { id: 7, name: 'Ana Pop', email: 'ana@firma.ro', role: 2, company_id: 1, two_factor_enabled: true };
const challenge = {
  two_factor_required: true,
  challenge: 'ch-123',
  message: 'Introdu codul din aplicația de autentificare.',
};

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

async function passFirstStep(post: jest.SpyInstance) {
  post.mockResolvedValueOnce(axiosResponse(challenge));
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@firma.ro' } });
  fireEvent.change(screen.getByLabelText('Parolă'), { target: { value: 'Parola123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Autentificare' }));
  return screen.findByLabelText('Cod de verificare');
}

test('an account with two-factor sign-in asks for the code, then signs in with it (the same device id on both calls)', async () => {
  const post = jest.spyOn(http, 'post');
  const onSignedIn = jest.fn();
  const { store } = renderInSession(<LoginForm onSignedIn={onSignedIn} />);
  const code = await passFirstStep(post);

  expect(screen.getByText(challenge.message)).toBeInTheDocument();
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(store.getState().session.token).toBeNull();

  const verify = screen.getByRole('button', { name: 'Verifică' });
  fireEvent.change(code, { target: { value: '12 34' } });
  expect(code).toHaveValue('1234');
  expect(verify).toBeDisabled();
  post.mockResolvedValueOnce(axiosResponse({ user, token: 'tok-2fa' }));
  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.submit(code.closest('form') as HTMLFormElement); // Enter in the field submits the form

  await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ user, token: 'tok-2fa' }));
  const device = localStorage.getItem(DEVICE_STORAGE_KEY);
  expect(device).toBeTruthy();
  expect(post.mock.calls[0]).toEqual([
    '/api/login',
    { email: 'ana@firma.ro', password: 'Parola123', device_id: device },
  ]);
  expect(post.mock.calls[1][0]).toBe('/api/login/two-factor');
  expect(post.mock.calls[1][1]).toEqual({ challenge: 'ch-123', code: '123456', device_id: device });
  expect(store.getState().session.token).toBe('tok-2fa');
});

test('a wrong code shows the server message under the field and keeps the step', async () => {
  const post = jest.spyOn(http, 'post');
  renderInSession(<LoginForm />);
  const code = await passFirstStep(post);
  post.mockRejectedValueOnce(
    httpError(422, { message: 'Datele nu sunt valide.', errors: { code: ['Codul nu este corect.'] } }),
  );
  fireEvent.change(code, { target: { value: '000000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verifică' }));

  expect(await screen.findByText('Codul nu este corect.')).toBeInTheDocument();
  expect(screen.getByLabelText('Cod de verificare')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'Verifică' })).toBeEnabled();
});

test('a recovery code goes as recovery_code; the toggle and the back link are buttons', async () => {
  const post = jest.spyOn(http, 'post');
  const onSignedIn = jest.fn();
  renderInSession(<LoginForm onSignedIn={onSignedIn} />);
  await passFirstStep(post);

  fireEvent.click(screen.getByRole('button', { name: 'Folosește un cod de rezervă' }));
  const recovery = screen.getByLabelText('Cod de rezervă');
  expect(screen.queryByLabelText('Cod de verificare')).not.toBeInTheDocument();
  post.mockResolvedValueOnce(axiosResponse({ user, token: 'tok-rec' }));
  fireEvent.change(recovery, { target: { value: ' abcd-efgh ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verifică' }));

  await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  expect(post.mock.calls[1][1]).toMatchObject({ challenge: 'ch-123', recovery_code: 'abcd-efgh' });
  expect(post.mock.calls[1][1]).not.toHaveProperty('code');
});

test('an expired challenge goes back to e-mail and password with the reason; "Înapoi" does too', async () => {
  const post = jest.spyOn(http, 'post');
  renderInSession(<LoginForm />);
  let code = await passFirstStep(post);
  const expired = 'Sesiunea de autentificare a expirat. Autentifică-te din nou.';
  post.mockRejectedValueOnce(httpError(422, { message: expired, errors: { challenge: [expired] } }));
  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verifică' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(expired);
  expect(screen.getByLabelText('Parolă')).toHaveValue('');
  expect(screen.getByLabelText('E-mail')).toHaveValue('ana@firma.ro');

  code = await passFirstStep(post);
  fireEvent.click(screen.getByRole('button', { name: 'Înapoi la autentificare' }));
  expect(screen.getByRole('button', { name: 'Autentificare' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('too many attempts (429) says so under the form', async () => {
  const post = jest.spyOn(http, 'post');
  renderInSession(<LoginForm />);
  const code = await passFirstStep(post);
  post.mockRejectedValueOnce(httpError(429, { message: 'Prea multe încercări. Încearcă din nou peste un minut.' }));
  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verifică' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Prea multe încercări. Încearcă din nou peste un minut.');
});
