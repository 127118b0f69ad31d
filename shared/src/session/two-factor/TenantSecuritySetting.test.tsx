import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from '../../http/http';
import { axiosResponse, mockDialogs, renderInSession } from '../../testing';
import type { User } from '../../types';
import { REQUIRE_TWO_FACTOR_LABEL, TenantSecuritySetting, usersWithoutTwoFactor } from './TenantSecuritySetting';

const owner: User = { id: 1, name: 'Ana', email: 'ana@firma.ro', role: 2, company_id: 4, two_factor_enabled: true };

afterEach(() => jest.restoreAllMocks());

test('Romanian plurals of the users still without it', () => {
  expect(usersWithoutTwoFactor(0)).toBe('Toți utilizatorii au activat-o.');
  expect(usersWithoutTwoFactor(1)).toBe('Un utilizator nu a activat-o încă.');
  expect(usersWithoutTwoFactor(3)).toBe('3 utilizatori nu au activat-o încă.');
  expect(usersWithoutTwoFactor(20)).toBe('20 de utilizatori nu au activat-o încă.');
  expect(usersWithoutTwoFactor(101)).toBe('101 utilizatori nu au activat-o încă.');
});

test('turning it on shows the count and asks first; turning it off does not ask', async () => {
  const confirm = mockDialogs();
  const post = jest
    .spyOn(http, 'post')
    .mockResolvedValueOnce(axiosResponse({ require_two_factor: false, users_without_two_factor: 3 }))
    .mockResolvedValueOnce(axiosResponse({ require_two_factor: true, users_without_two_factor: 3 }))
    .mockResolvedValueOnce(axiosResponse({ require_two_factor: false, users_without_two_factor: 3 }));
  renderInSession(<TenantSecuritySetting apiBase="/api/company/4" />, { user: owner, token: 't' });

  const toggle = await screen.findByRole('switch', { name: REQUIRE_TWO_FACTOR_LABEL });
  expect(post).toHaveBeenNthCalledWith(
    1,
    '/api/company/4/security',
    undefined,
    expect.objectContaining({ silent: true }),
  );
  expect(toggle).toHaveAccessibleDescription('3 utilizatori nu au activat-o încă.');
  fireEvent.click(toggle);
  await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
  expect(confirm.mock.calls[0][0].text).toContain('3 utilizatori nu au activat-o încă.');
  expect(post).toHaveBeenCalledTimes(1);

  confirm.mockResolvedValueOnce(true);
  fireEvent.click(toggle);
  await waitFor(() => expect(toggle).toBeChecked());
  expect(post).toHaveBeenNthCalledWith(2, '/api/company/4/security/update', { require_two_factor: true });

  fireEvent.click(toggle);
  await waitFor(() => expect(toggle).not.toBeChecked());
  expect(post).toHaveBeenNthCalledWith(3, '/api/company/4/security/update', { require_two_factor: false });
  expect(confirm).toHaveBeenCalledTimes(2);
});

test('an owner without two-factor sign-in must turn it on for their own account first', async () => {
  jest
    .spyOn(http, 'post')
    .mockResolvedValueOnce(axiosResponse({ require_two_factor: false, users_without_two_factor: 2 }));
  renderInSession(<TenantSecuritySetting apiBase="/api/holding/2" />, {
    user: { ...owner, role: 4, two_factor_enabled: false },
    token: 't',
  });
  const toggle = await screen.findByRole('switch', { name: REQUIRE_TWO_FACTOR_LABEL });
  expect(toggle).toBeDisabled();
  expect(toggle).toHaveAccessibleDescription(/Activează mai întâi autentificarea în doi pași pentru contul tău/);
});
