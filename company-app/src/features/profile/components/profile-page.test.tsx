import { screen } from '@testing-library/react';
import { http } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import { ProfilePage } from './profile-page';

afterEach(() => jest.restoreAllMocks());

function fakeCalls() {
  jest.spyOn(http, 'get').mockResolvedValue(ok({ data: [] }));
  return jest.spyOn(http, 'post').mockResolvedValue(ok({ require_two_factor: false, users_without_two_factor: 2 }));
}

test('every user sees two-factor sign-in and the sessions; only the owner the company-wide switch', async () => {
  const post = fakeCalls();
  renderSignedIn(<ProfilePage />, { role: 2, route: '/company/profile' });
  expect(screen.getByRole('region', { name: 'Autentificare în doi pași' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Sesiuni active' })).toBeInTheDocument();
  expect(await screen.findByRole('switch', { name: /Cere autentificarea în doi pași/ })).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('/api/company/1/security', undefined, expect.anything());
});

test('staff (role 3) has no company-wide switch and makes no call for it', async () => {
  const post = fakeCalls();
  renderSignedIn(<ProfilePage />, { role: 3, route: '/company/profile' });
  expect(await screen.findByText('Nu există sesiuni active.')).toBeInTheDocument();
  expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});
