import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '../../http/http';
import { axiosResponse, captureDownloads, httpError, mockDialogs, renderInSession } from '../../testing';
import type { User } from '../../types';
import { RECOVERY_CODES_FILE } from './RecoveryCodesPanel';
import { TwoFactorSection } from './TwoFactorSection';

const user: User = { id: 5, name: 'Ana Pop', email: 'ana@firma.ro', role: 3, company_id: 1, two_factor_enabled: false };
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/><script>alert(1)</script></svg>';
const codes = Array.from({ length: 10 }, (_, i) => `code-${i}-abcd`);

afterEach(() => jest.restoreAllMocks());

test('enable: password → QR (an image, never markup) and the secret → code → recovery codes once, with download', async () => {
  mockDialogs();
  const saved = captureDownloads();
  const post = jest
    .spyOn(http, 'post')
    .mockResolvedValueOnce(
      axiosResponse({ secret: 'JBSWY3DPEHPK3PXPJBSW', otpauth_url: 'otpauth://totp/Dosar:ana', qr_svg: SVG }),
    )
    .mockResolvedValueOnce(axiosResponse({ message: 'Activată.', recovery_codes: codes }));
  const { store, container } = renderInSession(<TwoFactorSection />, { user, token: 't' });
  expect(screen.getByText('Inactivă')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Activează autentificarea în doi pași' }));
  fireEvent.change(screen.getByLabelText(/^Parola actuală/), { target: { value: 'Parola123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuă' }));

  const qr = await screen.findByRole('img', { name: 'Cod QR pentru aplicația de autentificare' });
  expect(post).toHaveBeenNthCalledWith(1, '/api/two-factor/setup', { current_password: 'Parola123' }, { silent: true });
  expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
  expect(container.querySelector('svg, script')).toBeNull();
  expect(screen.getByLabelText(/Introdu manual cheia/)).toHaveValue('JBSW Y3DP EHPK 3PXP JBSW');

  const code = screen.getByLabelText(/^Cod de verificare/);
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  fireEvent.change(code, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Activează' }));

  const list = await screen.findByRole('list', { name: 'Coduri de rezervă' });
  expect(post).toHaveBeenNthCalledWith(2, '/api/two-factor/enable', { code: '123456' }, { silent: true });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(codes);
  expect(screen.getByText(/Păstrează aceste coduri într-un loc sigur/)).toBeInTheDocument();
  expect(store.getState().session.user?.two_factor_enabled).toBe(true);
  expect(screen.getByText('Activă')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Descarcă (.txt)' }));
  expect(saved).toHaveBeenCalledTimes(1);
  const [blob, name] = saved.mock.calls[0];
  expect(name).toBe(RECOVERY_CODES_FILE);
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob as Blob);
  });
  for (const c of codes) expect(text).toContain(c);

  // Shown once: after "Am salvat codurile" they are gone from the page.
  fireEvent.click(screen.getByRole('button', { name: 'Am salvat codurile' }));
  expect(screen.queryByText(codes[0])).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Generează coduri de rezervă noi' })).toBeInTheDocument();
});

test('a wrong password stays under its field; a wrong code under the code', async () => {
  const post = jest
    .spyOn(http, 'post')
    .mockRejectedValueOnce(httpError(422, { errors: { current_password: ['Parola nu este corectă.'] } }))
    .mockResolvedValueOnce(axiosResponse({ secret: 'ABCD', otpauth_url: 'otpauth://x', qr_svg: '<svg/>' }))
    .mockRejectedValueOnce(httpError(422, { errors: { code: ['Codul nu este corect.'] } }));
  renderInSession(<TwoFactorSection />, { user, token: 't' });
  fireEvent.click(screen.getByRole('button', { name: 'Activează autentificarea în doi pași' }));
  const password = screen.getByLabelText(/^Parola actuală/);
  fireEvent.change(password, { target: { value: 'gresita' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continuă' }));
  expect(await screen.findByText('Parola nu este corectă.')).toBeInTheDocument();
  expect(password).toHaveAttribute('aria-invalid', 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Continuă' }));
  const code = await screen.findByLabelText(/^Cod de verificare/);
  fireEvent.change(code, { target: { value: '111111' } });
  fireEvent.click(screen.getByRole('button', { name: 'Activează' }));
  expect(await screen.findByText('Codul nu este corect.')).toBeInTheDocument();
  expect(post).toHaveBeenCalledTimes(3);
});

test('disable asks for the password, a code and a confirmation; a firm that requires it answers 403 with its message', async () => {
  const confirm = mockDialogs();
  const enabled = { ...user, two_factor_enabled: true, two_factor_required: true };
  const refusal = 'Firma ta cere autentificarea în doi pași; nu o poți dezactiva.';
  const post = jest.spyOn(http, 'post').mockRejectedValueOnce(httpError(403, { message: refusal }));
  const { store } = renderInSession(<TwoFactorSection />, { user: enabled, token: 't' });

  fireEvent.click(screen.getByRole('button', { name: 'Dezactivează' }));
  fireEvent.change(screen.getByLabelText(/^Parola actuală/), { target: { value: 'Parola123' } });
  // The password alone is not enough while two-factor sign-in is on.
  expect(screen.getByRole('button', { name: 'Dezactivează' })).toBeDisabled();
  const code = screen.getByLabelText(/^Cod de verificare/);
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  fireEvent.change(code, { target: { value: '123 456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Dezactivează' }));
  await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
  expect(post).not.toHaveBeenCalled(); // "Renunță" in the dialog

  confirm.mockResolvedValueOnce(true);
  fireEvent.click(await screen.findByRole('button', { name: 'Dezactivează' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  expect(post).toHaveBeenCalledWith(
    '/api/two-factor/disable',
    { current_password: 'Parola123', code: '123456' },
    { silent: true },
  );
  expect(store.getState().session.user?.two_factor_enabled).toBe(true);
});

test('new recovery codes after the password and a recovery code; a wrong code shows under its field', async () => {
  const post = jest
    .spyOn(http, 'post')
    .mockRejectedValueOnce(httpError(422, { errors: { code: ['Codul nu este corect.'] } }))
    .mockResolvedValueOnce(axiosResponse({ recovery_codes: ['nou-1', 'nou-2'] }));
  renderInSession(<TwoFactorSection />, { user: { ...user, two_factor_enabled: true }, token: 't' });
  fireEvent.click(screen.getByRole('button', { name: 'Generează coduri de rezervă noi' }));
  fireEvent.change(screen.getByLabelText(/^Parola actuală/), { target: { value: 'Parola123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Folosește un cod de rezervă' }));
  const recovery = screen.getByLabelText(/^Cod de rezervă/);
  fireEvent.change(recovery, { target: { value: 'abcde-fghjk' } });
  fireEvent.click(screen.getByRole('button', { name: 'Generează coduri noi' }));
  expect(await screen.findByText('Codul nu este corect.')).toBeInTheDocument();
  expect(recovery).toHaveAttribute('aria-invalid', 'true');
  expect(post).toHaveBeenLastCalledWith(
    '/api/two-factor/recovery-codes',
    { current_password: 'Parola123', recovery_code: 'abcde-fghjk' },
    { silent: true },
  );
  fireEvent.change(recovery, { target: { value: 'mnpqr-stuvw' } });
  fireEvent.click(screen.getByRole('button', { name: 'Generează coduri noi' }));
  expect(await screen.findByText('nou-1')).toBeInTheDocument();
});
