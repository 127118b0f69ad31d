import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosRequestConfig } from 'axios';
import { http, periodFromNow, type Checklist, type ChecklistItem, type MonthMeta } from '@dosar/shared';
import { captureDownloads, mockDialogs } from '@dosar/shared/testing';
import { holdingUser, ok, renderWithSession } from '../../../testing/render';
import { acceptedItem, missingItem, monthMeta, rejectedItem } from '../testing/fixtures';
import { ClientMonthTab } from './client-month-tab';

let confirmMock: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirmMock = mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

const CLIENT = '/api/holding/1/clients/7';
const items: ChecklistItem[] = [rejectedItem, missingItem, acceptedItem];

/** POST clients/7/checklist answers the asked month with `meta`; `more` answers other URLs. */
function mockChecklist(
  meta: Partial<MonthMeta>,
  more: Record<string, (body: unknown, config?: AxiosRequestConfig) => unknown> = {},
) {
  return jest
    .spyOn(http, 'post')
    .mockImplementation(async (url: string, body?: unknown, config?: AxiosRequestConfig) => {
      if (more[url]) return ok(await more[url](body, config));
      if (url === `${CLIENT}/checklist`) {
        const { period } = body as { period: string };
        const answer: Checklist = {
          data: items,
          meta: monthMeta(period, {
            counts: { missing: 1, uploaded: 0, accepted: 1, rejected: 1, not_applicable: 0 },
            total: 3,
            ...meta,
          }),
        };
        return ok(answer);
      }
      throw new Error(`unexpected POST ${url}`);
    });
}

function renderTab() {
  return renderWithSession(<ClientMonthTab clientUrl={CLIENT} clientName="Alfa Distribuție SRL" />, {
    user: holdingUser,
  });
}

describe('ClientMonthTab („Luna”)', () => {
  it('a link into the month (an e-mail’s button) opens that month at that item, focused', async () => {
    const post = mockChecklist({});
    renderWithSession(<ClientMonthTab clientUrl={CLIENT} clientName="Alfa Distribuție SRL" />, {
      user: holdingUser,
      route: '/client/7?tab=luna&period=2026-10&item=41',
    });
    const list = await screen.findByRole('list', { name: /^Documentele pentru/ });
    expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist`, { period: '2026-10' }, expect.anything());
    const linked = within(list).getByRole('listitem', { name: 'Extras de cont' });
    expect(linked).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(linked).toHaveFocus());
    expect(within(list).getByRole('listitem', { name: 'Facturi emise' })).not.toHaveAttribute('aria-current');
  });

  it('shows this month’s checklist with statuses, documents, upload into each item and „Am terminat”', async () => {
    const post = mockChecklist({});
    renderTab();
    const list = await screen.findByRole('list', { name: /^Documentele pentru/ });
    expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist`, { period: periodFromNow(0) }, expect.anything());
    expect(screen.getByText('1 lipsă · 1 document acceptat · 1 document respins')).toBeInTheDocument();
    const accepted = within(list).getByRole('listitem', { name: 'Facturi emise' });
    expect(within(accepted).getByText('Acceptat', { selector: '.month-status span' })).toBeInTheDocument();
    expect(within(accepted).getByRole('list', { name: 'Documente pentru Facturi emise' })).toHaveTextContent(
      'facturi-emise.pdf',
    );
    expect(within(list).getByRole('listitem', { name: 'Extras de cont' })).toHaveTextContent(
      'Motivul respingerii: Extras fără sold final',
    );
    expect(screen.getAllByRole('button', { name: /^Încarcă pentru / })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Am terminat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descarcă procesul-verbal' })).not.toBeInTheDocument();
  });

  it('uploads into the item with its id and reads the month again', async () => {
    const bodies: FormData[] = [];
    const post = mockChecklist(
      {},
      { [`${CLIENT}/storeFiles`]: (body) => (bodies.push(body as FormData), { message: 'ok' }) },
    );
    const user = userEvent.setup();
    renderTab();
    const bank = await screen.findByRole('listitem', { name: 'Extras de cont' });
    await user.upload(within(bank).getByLabelText('Fișiere pentru Extras de cont'), [
      new File(['%PDF-1.4'], 'extras-corect.pdf', { type: 'application/pdf' }),
    ]);
    await waitFor(() => expect(post.mock.calls.filter(([url]) => url === `${CLIENT}/checklist`)).toHaveLength(2));
    expect(bodies).toHaveLength(1);
    expect(bodies[0].get('item_id')).toBe('41');
    expect((bodies[0].get('files') as File).name).toBe('extras-corect.pdf');
  });

  it('„Am terminat” calls the month’s done URL once confirmed', async () => {
    const done = jest.fn(() => ({ done_at: '2026-11-25T14:30:00.000Z' }));
    const period = periodFromNow(0);
    mockChecklist({}, { [`${CLIENT}/periods/${period}/done`]: done });
    confirmMock.mockResolvedValue(true);
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Am terminat' }));
    expect(confirmMock).toHaveBeenCalledWith(
      expect.objectContaining({
        title: expect.stringMatching(/^Anunți firma de contabilitate că ai trimis tot pentru [A-Z]/),
      }),
    );
    expect(await screen.findByText(/^Ai anunțat «Am terminat» pe 25\.11\.2026/)).toBeInTheDocument();
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('a closed month takes no upload and offers the handover (proces-verbal)', async () => {
    const period = periodFromNow(0);
    let finish: (() => void) | undefined;
    const post = mockChecklist(
      { closed: true, closed_at: '2026-12-08T09:00:00.000Z', complete: true },
      {
        [`${CLIENT}/periods/${period}/handover`]: async () => {
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          return new Blob(['%PDF-1.4']);
        },
      },
    );
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderTab();
    expect(await screen.findByText(/Luna este închisă de firma de contabilitate\./)).toBeInTheDocument();
    expect(screen.getByText(/Închisă pe 08\.12\.2026\./)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Extras de cont' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Încarcă/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Fișiere pentru/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Am terminat' })).not.toBeInTheDocument();
    // The due date without a countdown: nothing is owed any more.
    expect(screen.getByText(/^Termen:/).closest('.month-due')).toHaveTextContent(/^Termen: 7 decembrie 2026$/);

    await user.click(screen.getByRole('button', { name: 'Descarcă procesul-verbal' }));
    expect(post).toHaveBeenCalledWith(
      `${CLIENT}/periods/${period}/handover`,
      undefined,
      expect.objectContaining({ responseType: 'blob' }),
    );
    expect(screen.getByRole('button', { name: 'Descarcă procesul-verbal' })).toBeDisabled();
    await act(async () => finish?.());
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0][1]).toBe(`Proces-verbal Alfa Distribuție SRL ${period}.pdf`);
  });

  it('reads another month from the picker', async () => {
    const post = mockChecklist({});
    const user = userEvent.setup();
    renderTab();
    await screen.findByRole('list', { name: /^Documentele pentru/ });
    const picker = screen.getByRole('combobox', { name: 'Alege luna' });
    await user.click(picker);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(24);
    await user.click(options[1]);
    const previous = periodFromNow(-1);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist`, { period: previous }, expect.anything()),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: `Luna: ${options[1].textContent}` }),
    ).toBeInTheDocument();
  });

  it('says so when the firm asks nothing for the month', async () => {
    jest.spyOn(http, 'post').mockImplementation(async (_url: string, body?: unknown) =>
      ok({
        data: [],
        meta: monthMeta((body as { period: string }).period, {
          total: 0,
          complete: true,
          counts: { missing: 0, uploaded: 0, accepted: 0, rejected: 0, not_applicable: 0 },
        }),
      }),
    );
    renderTab();
    expect(
      await screen.findByText('Firma de contabilitate nu îți cere niciun document pentru această lună.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Am terminat' })).not.toBeInTheDocument();
  });
});
