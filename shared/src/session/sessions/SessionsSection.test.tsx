import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '../../http/http';
import { toast } from '../../ui/toast';
import { axiosResponse, httpError, mockDialogs, renderInSession } from '../../testing';
import type { User } from '../../types';
import type { ActiveSession } from '../api/sessions';
import { SessionsSection } from './SessionsSection';

const user: User = { id: 5, name: 'Ana Pop', email: 'ana@firma.ro', role: 3, company_id: 1 };
const sessions: ActiveSession[] = [
  {
    id: 11,
    device: 'Chrome pe Windows',
    ip: '10.0.0.1',
    created_at: '2026-11-20T08:00:00Z',
    last_used_at: '2026-11-25T09:30:00Z',
    current: true,
  },
  {
    id: 12,
    device: 'Safari pe iPhone',
    ip: '10.0.0.2',
    created_at: '2026-11-01T08:00:00Z',
    last_used_at: '2026-11-24T18:05:00Z',
    expires_at: '2026-11-25T06:05:00Z',
    current: false,
  },
  { id: 13, device: null, ip: null, created_at: '2026-10-01T08:00:00Z', last_used_at: null, current: false },
];

afterEach(() => jest.restoreAllMocks());

test('lists the devices with IP, last use and expiry in Romanian format and the current one marked', async () => {
  jest.spyOn(http, 'get').mockResolvedValue(axiosResponse({ data: sessions }));
  renderInSession(<SessionsSection />, { user, token: 't' });
  expect(screen.getByRole('status')).toHaveTextContent('Se încarcă sesiunile…');

  const items = await screen.findAllByRole('listitem');
  expect(items).toHaveLength(3);
  expect(within(items[0]).getByText('Sesiunea curentă')).toBeInTheDocument();
  expect(within(items[0]).queryByRole('button')).not.toBeInTheDocument();
  expect(within(items[1]).getByText('IP: 10.0.0.2')).toBeInTheDocument();
  expect(within(items[1]).getByText(/Ultima activitate: 24\.11\.2026 \d\d:05/)).toBeInTheDocument();
  expect(within(items[1]).getByText(/Expiră: 25\.11\.2026 \d\d:05/)).toBeInTheDocument();
  expect(within(items[2]).getByText('Dispozitiv necunoscut')).toBeInTheDocument();
  expect(within(items[2]).getByText('Ultima activitate: 01.10.2026', { exact: false })).toBeInTheDocument();
});

test('„Închide" asks first, then revokes that session and drops it from the list', async () => {
  const confirm = mockDialogs();
  jest.spyOn(http, 'get').mockResolvedValue(axiosResponse({ data: sessions }));
  const post = jest.spyOn(http, 'post').mockResolvedValue(axiosResponse({ message: 'ok' }));
  renderInSession(<SessionsSection />, { user, token: 't' });
  const close = await screen.findByRole('button', { name: /Închide sesiunea Safari pe iPhone/ });

  fireEvent.click(close);
  await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
  expect(post).not.toHaveBeenCalled();

  confirm.mockResolvedValueOnce(true);
  fireEvent.click(close);
  await waitFor(() => expect(screen.queryByText('Safari pe iPhone')).not.toBeInTheDocument());
  expect(post).toHaveBeenCalledWith('/api/sessions/12/revoke');
  expect(toast.success).toHaveBeenCalledWith('Sesiunea a fost închisă.');
});

test('„Închide celelalte sesiuni" keeps only the current one', async () => {
  const confirm = mockDialogs().mockResolvedValue(true);
  jest.spyOn(http, 'get').mockResolvedValue(axiosResponse({ data: sessions }));
  const post = jest
    .spyOn(http, 'post')
    .mockResolvedValue(axiosResponse({ message: 'Au fost închise 2 sesiuni.', revoked: 2 }));
  renderInSession(<SessionsSection />, { user, token: 't' });
  fireEvent.click(await screen.findByRole('button', { name: 'Închide celelalte sesiuni' }));

  await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(post).toHaveBeenCalledWith('/api/sessions/revoke-others');
  expect(toast.success).toHaveBeenCalledWith('Au fost închise 2 sesiuni.');
  expect(screen.queryByRole('button', { name: 'Închide celelalte sesiuni' })).not.toBeInTheDocument();
});

test('a failed list offers to try again', async () => {
  const get = jest
    .spyOn(http, 'get')
    .mockRejectedValueOnce(httpError(500, { message: 'A apărut o eroare.' }))
    .mockResolvedValueOnce(axiosResponse({ data: [sessions[0]] }));
  renderInSession(<SessionsSection />, { user, token: 't' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Sesiunile nu au putut fi încărcate.');
  fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă' }));
  expect(await screen.findByText('Chrome pe Windows')).toBeInTheDocument();
  expect(get).toHaveBeenCalledTimes(2);
});
