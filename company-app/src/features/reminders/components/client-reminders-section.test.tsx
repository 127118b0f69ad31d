import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, toast } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import { ClientRemindersSection } from './client-reminders-section';

const CLIENT = '/api/company/1/clients/4';

function mockServer(
  link = { active: true, created_at: '2026-12-01T08:00:00Z', expires_at: '2026-12-15T08:00:00Z', last_used_at: null },
) {
  jest.spyOn(http, 'get').mockResolvedValue(ok({ data: { enabled: true, due_day: 5, steps: [0], hour: 9 } }) as never);
  return jest.spyOn(http, 'post').mockImplementation((url: string, body?: unknown) => {
    if (url === CLIENT)
      return Promise.resolve(ok({ data: { id: 4, due_day: null, reminders_paused: false } })) as never;
    if (url === `${CLIENT}/update`)
      return Promise.resolve(
        ok({
          message: 'Clientul a fost actualizat.',
          data: { due_day: null, reminders_paused: false, ...(body as object) },
        }),
      ) as never;
    if (url === `${CLIENT}/remind`)
      return Promise.resolve(ok({ message: 'Memento trimis către 2 adrese.', data: {} })) as never;
    if (url === `${CLIENT}/upload-link`) return Promise.resolve(ok(link)) as never;
    if (url === `${CLIENT}/upload-link/revoke`)
      return Promise.resolve(ok({ message: 'Linkul a fost revocat.', revoked: true })) as never;
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

let confirm: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirm = mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

it('sets the client’s own due day and pauses its reminders (owner)', async () => {
  const post = mockServer();
  renderSignedIn(<ClientRemindersSection clientId={4} />);
  const due = await screen.findByRole('spinbutton', { name: 'Ziua termenului pentru acest client' });
  expect(screen.getByText('Goală: ziua 5, a firmei.')).toBeInTheDocument();
  await userEvent.type(due, '12');
  await userEvent.click(screen.getByRole('button', { name: 'Salvează termenul' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith(`${CLIENT}/update`, { due_day: 12 }, { silent: true }));
  await userEvent.click(screen.getByRole('switch', { name: 'Oprește memento-urile' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith(`${CLIENT}/update`, { reminders_paused: true }, { silent: true }),
  );
  expect(await screen.findByRole('switch', { name: 'Oprește memento-urile' })).toBeChecked();
});

it('sends a reminder now and revokes the upload link only after confirming', async () => {
  const post = mockServer();
  renderSignedIn(<ClientRemindersSection clientId={4} />, { role: 3 });
  expect(await screen.findByText(/Linkul funcționează până la 15\.12\.2026/)).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Oprește memento-urile' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Trimite memento acum' }));
  expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Trimiți acum un memento?' }));
  expect(post).not.toHaveBeenCalledWith(`${CLIENT}/remind`);
  confirm.mockResolvedValue(true);
  await userEvent.click(screen.getByRole('button', { name: 'Trimite memento acum' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Memento trimis către 2 adrese.'));

  await userEvent.click(screen.getByRole('button', { name: 'Revocă linkul' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith(`${CLIENT}/upload-link/revoke`));
  expect(confirm).toHaveBeenLastCalledWith(
    expect.objectContaining({ title: 'Revoci linkul de încărcare?', danger: true }),
  );
});
