import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type Checklist, type ChecklistItem } from '@dosar/shared';
import { captureDownloads, mockDialogs } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import { ClientMonthArea } from './client-month-area';

const ROUTE = '/company/clients/7?tab=luna&period=2026-11';
const CLIENT = '/api/company/1/clients/7';

const items: ChecklistItem[] = [
  {
    id: 31,
    requirement_id: 11,
    name: 'Extras de cont',
    details: 'RO49AAAA1B31007593840000',
    category: { id: 3, name: 'Extrase bancare' },
    frequency: 'monthly',
    status: 'uploaded',
    note: null,
    reason: null,
    documents: [
      {
        id: 101,
        name: 'extras-noiembrie.pdf',
        mime: 'application/pdf',
        size: 2048,
        created_at: '2026-11-24T09:30:00.000Z',
        uploaded_by_name: 'Ana Popescu',
        review_status: 'pending',
        review_reason: null,
        reviewed_at: null,
        reviewed_by_name: null,
      },
    ],
  },
  {
    id: 32,
    requirement_id: 12,
    name: 'Stat de plată',
    details: null,
    category: null,
    frequency: 'monthly',
    status: 'missing',
    note: null,
    reason: null,
    documents: [],
  },
  {
    id: 33,
    requirement_id: 13,
    name: 'Bonuri fiscale',
    details: null,
    category: null,
    frequency: 'monthly',
    status: 'not_applicable',
    note: 'Casa de marcat a fost predată.',
    reason: null,
    documents: [],
  },
];

const checklist = (closed = false): Checklist => ({
  data: items,
  meta: {
    period: '2026-11',
    due_date: '2026-12-07',
    days_left: 12,
    complete: false,
    closed,
    closed_at: closed ? '2026-12-08T10:00:00.000Z' : null,
    done_at: null,
    done_by_name: null,
    counts: { missing: 1, uploaded: 1, accepted: 0, rejected: 0, not_applicable: 1 },
    total: 3,
  },
});

function mockServer(closed = false) {
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url === `${CLIENT}/checklist`) return Promise.resolve(ok(checklist(closed))) as never;
    if (url.endsWith('/review-queue/count')) return Promise.resolve(ok({ count: 0, done: 0 })) as never;
    if (url.endsWith('/handover')) {
      return Promise.resolve(
        ok(new Blob(['%PDF']), { 'content-disposition': 'attachment; filename="Proces-verbal Alfa 2026-11.pdf"' }),
      ) as never;
    }
    return Promise.resolve(ok({ message: 'Gata.', data: items[0], closed_at: '2026-12-08T10:00:00.000Z' })) as never;
  });
}

let confirm: ReturnType<typeof mockDialogs>;
beforeEach(() => {
  confirm = mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

describe('ClientMonthArea — Luna', () => {
  it('shows each item with its status, documents, the counts and the due date of the month in the address', async () => {
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    const list = await screen.findByRole('list', { name: 'Ce trebuie să predea în Noiembrie 2026' });
    expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist`, { period: '2026-11' }, expect.anything());
    expect(screen.getByRole('tab', { name: 'Luna' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('1 din 3 gata')).toBeInTheDocument();
    expect(screen.getByText('Termen: 7 dec. (12 zile)')).toBeInTheDocument();

    const extras = within(list).getAllByRole('listitem')[0];
    expect(within(extras).getByText('Încărcat').closest('.month-status')).toHaveClass('month-status-uploaded');
    expect(within(extras).getByText('extras-noiembrie.pdf')).toBeInTheDocument();
    expect(within(extras).getByText(/Încărcat de Ana Popescu pe/)).toBeInTheDocument();
    expect(within(extras).getByText('În verificare')).toBeInTheDocument();
    expect(screen.getByText('Casa de marcat a fost predată.', { exact: false })).toHaveTextContent(
      'Notă: Casa de marcat a fost predată.',
    );

    await userEvent.setup().click(within(extras).getByRole('button', { name: 'Acceptă extras-noiembrie.pdf' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${CLIENT}/media/101/review`, { status: 'accepted' }));
  });

  it('marks an item „Nu se aplică” only with a note, and cancels the mark', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Nu se aplică: Stat de plată' }));
    const dialog = screen.getByRole('dialog', { name: '„Stat de plată” nu se aplică luna aceasta' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Scrie de ce nu se aplică.');
    expect(post.mock.calls.some(([url]) => String(url).endsWith('/not-applicable'))).toBe(false);

    await user.type(within(dialog).getByLabelText(/Nota/), 'Nu a avut angajați.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist/32/not-applicable`, { note: 'Nu a avut angajați.' }),
    );

    await user.click(screen.getByRole('button', { name: 'Anulează «Nu se aplică» pentru Bonuri fiscale' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist/33/applicable`));
  });

  it('lets the owner close the month only after confirming', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    const close = await screen.findByRole('button', { name: 'Închide luna' });
    confirm.mockResolvedValueOnce(false);
    await user.click(close);
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Închizi luna Noiembrie 2026?',
        text: expect.stringContaining('Luna nu este completă: 1 din 3 gata.'),
      }),
    );
    expect(post).not.toHaveBeenCalledWith(`${CLIENT}/periods/2026-11/close`);

    confirm.mockResolvedValueOnce(true);
    await user.click(close);
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${CLIENT}/periods/2026-11/close`));
  });

  it('offers the owner „Redeschide luna” and the handover of a closed month', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    const post = mockServer(true);
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    expect(await screen.findByRole('button', { name: 'Redeschide luna' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Închide luna' })).not.toBeInTheDocument();
    // A closed month's documents are no longer reviewed.
    expect(screen.queryByRole('button', { name: 'Acceptă extras-noiembrie.pdf' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Descarcă procesul-verbal' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.any(Blob), 'Proces-verbal Alfa 2026-11.pdf'));
    expect(post).toHaveBeenCalledWith(`${CLIENT}/periods/2026-11/handover`, undefined, expect.anything());
  });

  it('shows staff (role 3) no owner-only button', async () => {
    mockServer(true);
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE, role: 3 });

    expect(await screen.findByRole('button', { name: 'Descarcă procesul-verbal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeschide luna' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Închide luna' })).not.toBeInTheDocument();
  });

  it('shows staff no „Închide luna” on an open month either', async () => {
    mockServer(false);
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE, role: 3 });
    expect(await screen.findByRole('button', { name: 'Acceptă extras-noiembrie.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Închide luna' })).not.toBeInTheDocument();
  });
});
