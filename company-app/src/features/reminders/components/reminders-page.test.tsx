import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, toast } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { httpError, ok, renderSignedIn } from '../../../testing/render';
import { RemindersPage } from './reminders-page';
import { parseSteps, stepLabel } from './steps';

const BASE = '/api/company/1';
const settings = { enabled: true, due_day: 5, steps: [-3, 0, 3], hour: 9 };

function mockServer() {
  jest.spyOn(http, 'get').mockResolvedValue(ok({ data: settings }) as never);
  return jest.spyOn(http, 'post').mockImplementation((url: string, body?: unknown) => {
    if (url === `${BASE}/reminders/update`)
      return Promise.resolve(ok({ message: 'Setările au fost salvate.', data: body })) as never;
    if (url === `${BASE}/reminders/preview`)
      return Promise.resolve(
        ok({
          date: '2026-12-07',
          enabled: true,
          hour: 9,
          clients: 1,
          messages: 2,
          data: [
            {
              client: { id: 4, name: 'Alfa SRL' },
              recipients: [
                { email: 'ana@alfa.ro', name: 'Ana' },
                { email: 'contabil@alfa.ro', name: null },
              ],
              steps: [{ period: '2026-11', step: 0 }],
              months: [
                {
                  period: '2026-11',
                  due_date: '2026-12-07',
                  items: [
                    { name: 'Extras de cont', status: 'missing' },
                    { name: 'Facturi', status: 'rejected' },
                  ],
                },
              ],
            },
          ],
        }),
      ) as never;
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

beforeEach(() => {
  mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

describe('steps', () => {
  it('read as Romanian sentences', () => {
    expect([-3, -1, 0, 1, 3, 20].map(stepLabel)).toEqual([
      'cu 3 zile înainte',
      'cu o zi înainte',
      'în ziua scadenței',
      'la o zi după',
      'la 3 zile după',
      'la 20 de zile după',
    ]);
  });

  it('are checked before they are sent', () => {
    expect(parseSteps([])).toEqual({ error: 'Adaugă cel puțin un memento.' });
    expect(parseSteps([{ days: '', when: 'after' }])).toEqual({
      error: 'Numărul de zile este un număr întreg, cel puțin 1.',
    });
    expect(parseSteps([{ days: '31', when: 'before' }])).toEqual({ error: 'Cel mult 30 de zile înainte de termen.' });
    expect(
      parseSteps([
        { days: '3', when: 'after' },
        { days: '3', when: 'after' },
      ]),
    ).toEqual({
      error: 'Două memento-uri cad în aceeași zi: păstrează unul singur.',
    });
    expect(
      parseSteps([
        { days: '7', when: 'after' },
        { days: '0', when: 'on' },
        { days: '2', when: 'before' },
      ]),
    ).toEqual({
      steps: [-2, 0, 7],
    });
  });
});

describe('RemindersPage', () => {
  it('shows the firm’s steps as sentences and saves the edited list', async () => {
    const post = mockServer();
    renderSignedIn(<RemindersPage />, { route: '/company/reminders' });
    const form = within(await screen.findByRole('form', { name: 'Setările memento-urilor' }));
    expect(form.getByRole('switch', { name: 'Trimite memento-uri clienților' })).toBeChecked();
    expect(form.getByRole('button', { name: 'Șterge memento-ul 1 (cu 3 zile înainte)' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Șterge memento-ul 2 (în ziua scadenței)' })).toBeInTheDocument();
    expect(form.getByRole('button', { name: 'Șterge memento-ul 3 (la 3 zile după)' })).toBeInTheDocument();

    await userEvent.click(form.getByRole('button', { name: 'Adaugă un memento' }));
    const days = form.getByRole('spinbutton', { name: 'Zile, memento-ul 4' });
    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await userEvent.click(form.getByRole('button', { name: 'Șterge memento-ul 1 (cu 3 zile înainte)' }));
    await userEvent.selectOptions(form.getByLabelText('Ora trimiterii'), '8');
    await userEvent.click(form.getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `${BASE}/reminders/update`,
        { enabled: true, due_day: 5, steps: [0, 3, 10], hour: 8 },
        { silent: true },
      ),
    );
    expect(toast.success).toHaveBeenCalledWith('Setările au fost salvate.');
  });

  it('says in Romanian what is wrong, before and after asking the server', async () => {
    const post = mockServer();
    renderSignedIn(<RemindersPage />, { route: '/company/reminders' });
    const form = within(await screen.findByRole('form', { name: 'Setările memento-urilor' }));
    const due = form.getByRole('spinbutton', { name: 'Ziua termenului' });
    await userEvent.clear(due);
    await userEvent.type(due, '40');
    await userEvent.click(form.getByRole('button', { name: 'Adaugă un memento' }));
    await userEvent.click(form.getByRole('button', { name: 'Salvează' }));
    expect(await form.findByText('Ziua termenului este între 1 și 31.')).toBeInTheDocument();
    expect(form.getByText('Două memento-uri cad în aceeași zi: păstrează unul singur.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await userEvent.clear(due);
    await userEvent.type(due, '12');
    await userEvent.click(form.getByRole('button', { name: /Șterge memento-ul 4/ }));
    post.mockRejectedValueOnce(
      httpError(422, { message: 'Datele trimise nu sunt valide.', errors: { steps: ['Pașii nu sunt valizi.'] } }),
    );
    await userEvent.click(form.getByRole('button', { name: 'Salvează' }));
    expect(await form.findByText('Pașii nu sunt valizi.')).toBeInTheDocument();
  });

  it('previews who would be reminded on a chosen day and for what', async () => {
    const post = mockServer();
    renderSignedIn(<RemindersPage />, { route: '/company/reminders' });
    const preview = within(await screen.findByRole('form', { name: 'Previzualizează memento-urile' }));
    const day = preview.getByLabelText('Ziua');
    await userEvent.clear(day);
    await userEvent.type(day, '2026-12-07');
    await userEvent.click(preview.getByRole('button', { name: 'Previzualizează' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${BASE}/reminders/preview`, { date: '2026-12-07' }));
    const result = await screen.findByText(/Pe 07\.12\.2026, la 09:00: 1 client, 2 e-mailuri\./);
    const status = result.closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent('Alfa SRL — în ziua scadenței');
    expect(status).toHaveTextContent('Către: Ana <ana@alfa.ro>, contabil@alfa.ro');
    expect(status).toHaveTextContent('Noiembrie 2026 (termen 07.12.2026): Extras de cont, Facturi (respins)');
  });
});
