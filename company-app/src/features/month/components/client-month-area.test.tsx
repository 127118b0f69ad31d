import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type Checklist, type ChecklistDocument, type ChecklistItem } from '@dosar/shared';
import { captureDownloads, mockDialogs } from '@dosar/shared/testing';
import { httpError, ok, renderSignedIn } from '../../../testing/render';
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

/** A document of the month outside the checklist, awaiting review. */
const extra: ChecklistDocument = {
  id: 105,
  name: 'chitanta.pdf',
  mime: 'application/pdf',
  size: 1024,
  created_at: '2026-11-25T08:00:00.000Z',
  uploaded_by_name: 'Ana Popescu',
  review_status: 'pending',
  review_reason: null,
  reviewed_at: null,
  reviewed_by_name: null,
};

/** The same month with nothing left to do: every item accepted or not applicable, nothing awaiting review. */
const wholeItems: ChecklistItem[] = items.map((item) => ({
  ...item,
  status: item.status === 'not_applicable' ? 'not_applicable' : 'accepted',
  documents: item.documents.map((doc) => ({ ...doc, review_status: 'accepted' as const })),
}));

const checklist = (closed = false, whole = false): Checklist => ({
  data: whole ? wholeItems : items,
  extra: whole ? [] : [extra],
  meta: {
    period: '2026-11',
    due_date: '2026-12-07',
    days_left: 12,
    complete: whole,
    closed,
    closed_at: closed ? '2026-12-08T10:00:00.000Z' : null,
    done_at: null,
    done_by_name: null,
    counts: whole
      ? { missing: 0, uploaded: 0, accepted: 2, rejected: 0, not_applicable: 1 }
      : { missing: 1, uploaded: 1, accepted: 0, rejected: 0, not_applicable: 1 },
    total: 3,
  },
});

function mockServer(closed = false, whole = false) {
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url === `${CLIENT}/checklist`) return Promise.resolve(ok(checklist(closed, whole))) as never;
    if (url.endsWith('/review-queue/count')) return Promise.resolve(ok({ count: 0, done: 0 })) as never;
    if (url.endsWith('/handover')) {
      return Promise.resolve(
        ok(new Blob(['%PDF']), { 'content-disposition': 'attachment; filename="Proces-verbal Alfa 2026-11.pdf"' }),
      ) as never;
    }
    return Promise.resolve(ok({ message: 'Gata.', data: items[0], closed_at: '2026-12-08T10:00:00.000Z' })) as never;
  });
}

beforeEach(() => {
  mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

describe('ClientMonthArea — Luna', () => {
  it('shows each item with its status, documents, the counts and the due date of the month in the address', async () => {
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    const list = await screen.findByRole('list', { name: 'Ce trebuie să predea în Noiembrie 2026' });
    expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist`, { period: '2026-11' }, expect.anything());
    expect(screen.getByText('1 din 3 gata')).toBeInTheDocument();
    expect(screen.getByText('Termen: 7 dec. (12 zile)')).toBeInTheDocument();

    const extras = within(list).getAllByRole('listitem')[0];
    expect(within(extras).getByText('Încărcat').closest('.month-status')).toHaveClass('month-status-uploaded');
    expect(within(extras).getByText('extras-noiembrie.pdf')).toBeInTheDocument();
    expect(within(extras).getByText(/Încărcat de Ana Popescu pe/)).toBeInTheDocument();
    // The firm reads a document awaiting review as its own to do.
    expect(within(extras).getByText('De verificat')).toBeInTheDocument();
    // The month's document outside the checklist, reviewable from the month too.
    const outside = screen.getByRole('list', { name: 'Documente în afara listei' });
    expect(within(outside).getByText('chitanta.pdf')).toBeInTheDocument();
    expect(within(outside).getByRole('button', { name: 'Acceptă chitanta.pdf' })).toBeInTheDocument();
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
      expect(post).toHaveBeenCalledWith(
        `${CLIENT}/checklist/32/not-applicable`,
        { note: 'Nu a avut angajați.' },
        { silent: true },
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Anulează «Nu se aplică» pentru Bonuri fiscale' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${CLIENT}/checklist/33/applicable`));
  });

  it('asks what becomes of an item’s document awaiting review before marking it „Nu se aplică”', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Nu se aplică: Extras de cont' }));
    const dialog = screen.getByRole('dialog', { name: '„Extras de cont” nu se aplică luna aceasta' });
    const question = within(dialog).getByRole('group', {
      name: 'Documentul „extras-noiembrie.pdf” așteaptă verificarea. Ce se întâmplă cu el?',
    });
    await user.type(within(dialog).getByLabelText(/Nota/), 'Contul a fost închis.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(within(question).getByRole('alert')).toHaveTextContent('Alege ce se întâmplă cu documentul.');

    // Rejecting asks for the reason the client will read; the keyboard picks the choice.
    within(question)
      .getByRole('radio', { name: /Îl respingi/ })
      .focus();
    await user.keyboard(' ');
    expect(within(question).getByRole('radio', { name: /Îl respingi/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Spune de ce respingi documentul.');
    await user.type(within(dialog).getByLabelText(/Motivul respingerii/), 'Extras de la altă bancă');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `${CLIENT}/checklist/31/not-applicable`,
        { note: 'Contul a fost închis.', pending_documents: 'reject', reason: 'Extras de la altă bancă' },
        { silent: true },
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Kept: the document stays as one of the month's, outside the list.
    await user.click(screen.getByRole('button', { name: 'Nu se aplică: Extras de cont' }));
    const again = screen.getByRole('dialog', { name: '„Extras de cont” nu se aplică luna aceasta' });
    await user.type(within(again).getByLabelText(/Nota/), 'Contul a fost închis.');
    await user.click(within(again).getByRole('radio', { name: /Îl păstrezi ca document în plus/ }));
    expect(within(again).queryByLabelText(/Motivul respingerii/)).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Salvează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `${CLIENT}/checklist/31/not-applicable`,
        { note: 'Contul a fost închis.', pending_documents: 'keep' },
        { silent: true },
      ),
    );
  });

  it('asks the question when a document arrived meanwhile (the server’s 409)', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    post.mockImplementation((url: string) => {
      if (url === `${CLIENT}/checklist`) return Promise.resolve(ok(checklist())) as never;
      if (url.endsWith('/not-applicable')) {
        return Promise.reject(
          httpError(409, {
            code: 'documents_pending',
            message:
              '„Stat de plată” are un document care așteaptă verificarea: „stat.pdf”. Alege ce se întâmplă cu el.',
            documents: [{ id: 120, name: 'stat.pdf' }],
          }),
        ) as never;
      }
      return Promise.resolve(ok({ count: 0, done: 0 })) as never;
    });
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Nu se aplică: Stat de plată' }));
    const dialog = screen.getByRole('dialog', { name: '„Stat de plată” nu se aplică luna aceasta' });
    expect(within(dialog).queryByRole('group')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nota/), 'Fără angajați.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvează' }));

    const question = await within(dialog).findByRole('group', {
      name: 'Documentul „stat.pdf” așteaptă verificarea. Ce se întâmplă cu el?',
    });
    expect(within(question).getByRole('alert')).toHaveTextContent('„Stat de plată” are un document care așteaptă');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('lists what keeps the month from closing, by name, and offers no closing then', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Închide luna' }));
    const dialog = screen.getByRole('dialog', { name: 'Luna Noiembrie 2026 nu poate fi închisă încă' });
    const items = within(dialog).getByRole('list', { name: 'Cerințe care nu sunt gata' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Extras de cont (RO49AAAA1B31007593840000): încărcat, de verificat', 'Stat de plată: lipsă']);
    const documents = within(dialog).getByRole('list', { name: 'Documente care așteaptă verificarea' });
    expect(
      within(documents)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['extras-noiembrie.pdf — pentru „Extras de cont”', 'chitanta.pdf — în afara listei']);
    expect(within(dialog).queryByRole('button', { name: 'Închide luna' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Înapoi la lună' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith(`${CLIENT}/periods/2026-11/close`, undefined, { silent: true });
  });

  it('closes a whole month once confirmed; what the server says blocks it is listed instead', async () => {
    const user = userEvent.setup();
    const post = mockServer(false, true);
    renderSignedIn(<ClientMonthArea clientId={7} />, { route: ROUTE });

    await user.click(await screen.findByRole('button', { name: 'Închide luna' }));
    let dialog = screen.getByRole('dialog', { name: 'Închizi luna Noiembrie 2026?' });
    expect(dialog).toHaveTextContent('Toate cerințele lunii sunt gata.');
    // A document arrived since the month was read: the server refuses and says which.
    post.mockImplementationOnce(
      () =>
        Promise.reject(
          httpError(409, {
            code: 'period_incomplete',
            message: 'Luna Noiembrie 2026 nu poate fi închisă încă.',
            blockers: { items: [], documents: [{ id: 130, name: 'tarziu.pdf', item: null }] },
          }),
        ) as never,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Închide luna' }));
    dialog = await screen.findByRole('dialog', { name: 'Luna Noiembrie 2026 nu poate fi închisă încă' });
    expect(within(dialog).getByRole('list', { name: 'Documente care așteaptă verificarea' })).toHaveTextContent(
      'tarziu.pdf — în afara listei',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Înapoi la lună' }));

    await user.click(screen.getByRole('button', { name: 'Închide luna' }));
    dialog = screen.getByRole('dialog', { name: 'Închizi luna Noiembrie 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Închide luna' }));
    await waitFor(() =>
      expect(post.mock.calls.filter(([url]) => url === `${CLIENT}/periods/2026-11/close`)).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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
