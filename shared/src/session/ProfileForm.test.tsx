import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../http/http';
import { axiosResponse, renderInSession } from '../testing';
import type { User } from '../types';
import { ProfileForm } from './ProfileForm';

const user: User = { id: 5, name: 'Ana Pop', email: 'ana@firma.ro', role: 3, company_id: 1 };

afterEach(() => jest.restoreAllMocks());

test('a new e-mail asks for the current password and sends it; a name change alone does not', async () => {
  const post = jest.spyOn(http, 'post').mockResolvedValue(axiosResponse({ ...user, name: 'Ana Popa' }));
  renderInSession(<ProfileForm />, { user });
  const save = screen.getByRole('button', { name: 'Salvează' });

  fireEvent.change(screen.getByLabelText(/^Nume/), { target: { value: 'Ana Popa' } });
  expect(screen.queryByLabelText(/pentru noul e-mail/)).not.toBeInTheDocument();
  fireEvent.click(save);
  await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  expect(post.mock.calls[0][1]).toEqual({ name: 'Ana Popa', email: 'ana@firma.ro' });

  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ana.noua@firma.ro' } });
  const password = await screen.findByLabelText(/pentru noul e-mail/);
  expect(save).toBeDisabled();
  fireEvent.change(password, { target: { value: 'Parola123' } });
  expect(save).toBeEnabled();
  fireEvent.click(save);
  await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
  expect(post.mock.calls[1][1]).toEqual({
    name: 'Ana Popa',
    email: 'ana.noua@firma.ro',
    current_password: 'Parola123',
  });
});

test('a new e-mail is only pending: the form says where the link went and keeps the current address', async () => {
  jest
    .spyOn(http, 'post')
    .mockResolvedValue(axiosResponse({ ...user, email_verified: true, pending_email: 'ana.noua@firma.ro' }));
  renderInSession(<ProfileForm />, { user: { ...user, email_verified: true, pending_email: null } });
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ana.noua@firma.ro' } });
  fireEvent.change(await screen.findByLabelText(/pentru noul e-mail/), { target: { value: 'Parola123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
  expect(
    await screen.findByText(
      'Ți-am trimis un link de confirmare la ana.noua@firma.ro. Adresa se schimbă după ce deschizi linkul.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText(/^E-mail/)).toHaveValue('ana@firma.ro');
});

test('a pending address from the server is shown as waiting for its link', () => {
  renderInSession(<ProfileForm />, { user: { ...user, pending_email: 'alt@firma.ro' } });
  expect(screen.getByTestId('email-change-pending')).toHaveTextContent(
    'Adresa nouă alt@firma.ro așteaptă confirmarea din linkul trimis acolo.',
  );
});
