import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '@dosar/shared';
import { ok, renderSignedIn } from '../../../testing/render';
import type { FirmNotification } from '../api/notifications';
import { NotificationsPage } from './notifications-page';

const BASE = '/api/company/1';

const upload: FirmNotification = {
  id: 'event-7',
  kind: 'upload',
  created_at: '2026-12-01T08:30:00.000Z',
  unread: true,
  client: { id: 4, name: 'Alfa SRL' },
  period: '2026-11',
  actor_name: null,
  via_link: true,
  document: { name: 'extras.pdf', pending: true },
  due_date: null,
  open_items: null,
};
const done: FirmNotification = {
  ...upload,
  id: 'event-6',
  kind: 'done',
  unread: true,
  via_link: false,
  actor_name: 'Ion Pop',
  document: null,
};
const overdue: FirmNotification = {
  ...upload,
  id: 'notice-2',
  kind: 'overdue',
  unread: false,
  client: { id: 5, name: 'Beta SRL' },
  via_link: false,
  document: null,
  due_date: '2026-12-07',
  open_items: 3,
};

function mockServer(rows: FirmNotification[], unread: number) {
  return jest.spyOn(http, 'post').mockImplementation((url: string, body?: unknown) => {
    if (url === `${BASE}/notifications`)
      return Promise.resolve(ok({ data: rows, meta: { page: 1, per_page: 25, total: rows.length, unread } })) as never;
    if (url === `${BASE}/notifications/read`) return Promise.resolve(ok({ unread: 0 })) as never;
    if (url === `${BASE}/notifications/settings`) return Promise.resolve(ok({ daily_digest: true, hour: 8 })) as never;
    if (url === `${BASE}/notifications/settings/update`) return Promise.resolve(ok(body)) as never;
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

afterEach(() => jest.restoreAllMocks());

describe('NotificationsPage', () => {
  it('lists what happened, newest first, and marks it read once opened', async () => {
    const post = mockServer([upload, done, overdue], 2);
    renderSignedIn(<NotificationsPage />, { route: '/company/notifications' });
    const list = within(await screen.findByRole('region', { name: 'Lista notificărilor' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Document nou „extras.pdf” la „Alfa SRL”, noiembrie 2026.');
    expect(items[0]).toHaveTextContent('Încărcat prin linkul de încărcare. Așteaptă verificarea.');
    expect(items[0]).toHaveTextContent('Nou');
    expect(items[1]).toHaveTextContent('„Alfa SRL” a anunțat că a trimis tot pentru noiembrie 2026 („Am terminat”).');
    expect(items[1]).toHaveTextContent('De Ion Pop.');
    expect(items[2]).toHaveTextContent('„Beta SRL” a depășit termenul pentru noiembrie 2026 (07.12.2026).');
    expect(items[2]).toHaveTextContent('Mai avea de trimis 3 documente.');
    expect(items[2]).not.toHaveTextContent('Nou');
    expect(list.getByRole('link', { name: /Beta SRL/ })).toHaveAttribute(
      'href',
      '/company/clients/5?tab=luna&period=2026-11',
    );
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${BASE}/notifications/read`, {}, { silent: true }));
  });

  it('says when there is nothing yet, and marks nothing read', async () => {
    const post = mockServer([], 0);
    renderSignedIn(<NotificationsPage />, { route: '/company/notifications' });
    expect(await screen.findByText('Nicio notificare deocamdată.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith(`${BASE}/notifications/read`, expect.anything(), expect.anything());
  });

  it('lets the user turn off the daily digest or move its hour', async () => {
    const post = mockServer([], 0);
    renderSignedIn(<NotificationsPage />, { route: '/company/notifications', role: 3 });
    const hour = await screen.findByLabelText('Ora rezumatului');
    await userEvent.selectOptions(hour, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${BASE}/notifications/settings/update`, { daily_digest: true, hour: 10 }),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Trimite-mi rezumatul zilnic pe e-mail' }));
    expect(hour).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${BASE}/notifications/settings/update`, { daily_digest: false, hour: 10 }),
    );
  });
});
