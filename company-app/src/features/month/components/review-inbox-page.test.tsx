import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type ReviewQueue } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import { ReviewBadge } from './review-badge';
import { ReviewInboxPage } from './review-inbox-page';

const queue: ReviewQueue = {
  data: [
    {
      id: 101,
      name: 'extras-noiembrie.pdf',
      mime: 'application/pdf',
      size: 2048,
      created_at: '2026-11-24T09:30:00.000Z',
      period: '2026-11',
      category: { id: 3, name: 'Extrase bancare' },
      client: { id: 7, name: 'Alfa Distribuție SRL' },
      item: { id: 55, name: 'Extras de cont' },
      uploaded_by_name: 'Ana Popescu',
    },
    {
      id: 102,
      name: 'bon-1.jpg',
      mime: 'image/jpeg',
      size: 1024,
      created_at: '2026-11-23T09:30:00.000Z',
      period: '2026-11',
      category: { id: 4, name: 'Bonuri fiscale' },
      client: { id: 9, name: 'Beta Servicii SRL' },
      item: null,
      uploaded_by_name: null,
    },
  ],
  meta: {
    page: 1,
    per_page: 20,
    total: 2,
    done_total: 1,
    done: [
      {
        client: { id: 9, name: 'Beta Servicii SRL' },
        period: '2026-11',
        done_at: '2026-11-24T12:00:00.000Z',
        done_by_name: 'Ion Ionescu',
      },
    ],
  },
};

function mockServer() {
  return jest.spyOn(http, 'post').mockImplementation((url: string) => {
    if (url.endsWith('/review-queue')) return Promise.resolve(ok(queue)) as never;
    if (url.endsWith('/review'))
      return Promise.resolve(ok({ message: 'Documentele au fost acceptate.', count: 2 })) as never;
    if (/\/media\/\d+\/review$/.test(url)) {
      return Promise.resolve(ok({ message: 'Gata.', data: {} })) as never;
    }
    return Promise.reject(new Error(`unexpected ${url}`)) as never;
  });
}

beforeEach(() => {
  mockDialogs();
});
afterEach(() => jest.restoreAllMocks());

describe('ReviewInboxPage', () => {
  it('lists what awaits review and the months clients said are done, each linking to the client month', async () => {
    const post = mockServer();
    renderSignedIn(<ReviewInboxPage />, { route: '/company/review' });

    const row = await screen.findByRole('row', { name: /extras-noiembrie\.pdf/ });
    expect(within(row).getByText('Alfa Distribuție SRL')).toBeInTheDocument();
    expect(within(row).getByText('Extras de cont')).toBeInTheDocument();
    expect(within(row).getByText('noiembrie 2026')).toBeInTheDocument();
    expect(within(row).getByText('Ana Popescu')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Previzualizează extras-noiembrie.pdf' })).toBeInTheDocument();
    // A document filed under no item shows its category.
    expect(within(screen.getByRole('row', { name: /bon-1\.jpg/ })).getByText('Bonuri fiscale')).toBeInTheDocument();

    expect(
      screen.getByRole('link', { name: 'Firma Beta Servicii SRL a anunțat «Am terminat» pentru Noiembrie 2026' }),
    ).toHaveAttribute('href', '/company/clients/9?tab=luna&period=2026-11');
    expect(screen.getByText('2 documente de verificat')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/company/1/review-queue', { page: 1, per_page: 20 }, expect.anything());
    expect(screen.getByRole('table').parentElement).toHaveClass('table-scroll-box');
  });

  it('accepts one document', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ReviewInboxPage />, { route: '/company/review' });

    await user.click(await screen.findByRole('button', { name: 'Acceptă extras-noiembrie.pdf' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/media/101/review', { status: 'accepted' }),
    );
  });

  it('the menu counts what the page counts: documents and announced months apart, each saying which', async () => {
    let waiting = 2;
    const inner = mockServer().getMockImplementation()!;
    jest.spyOn(http, 'post').mockImplementation((url: string, ...rest: unknown[]) => {
      if (url.endsWith('/review-queue/count')) return Promise.resolve(ok({ count: waiting, done: 1 })) as never;
      return inner(url, ...(rest as []));
    });
    renderSignedIn(
      <>
        <nav aria-label="Meniu">
          <a href="/company/review">
            De verificat <ReviewBadge />
          </a>
        </nav>
        <ReviewInboxPage />
      </>,
      { route: '/company/review' },
    );
    const documents = await screen.findByTitle('2 documente de verificat');
    expect(documents).toHaveTextContent(/^2/);
    expect(screen.getByTitle('1 lună anunțată ca terminată')).toHaveTextContent(/^1/);
    // The page says the same two numbers, in the same words.
    expect(await screen.findByText('2 documente de verificat', { selector: 'caption, caption *' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 lună anunțată ca terminată' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^De verificat/ })).toHaveAccessibleName(
      'De verificat 2 documente de verificat 1 lună anunțată ca terminată',
    );
    waiting = 0;
  });

  it('updates the menu count once a document was reviewed', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    let waiting = 3;
    const inner = post.getMockImplementation()!;
    post.mockImplementation((url: string, ...rest: unknown[]) => {
      if (url.endsWith('/review-queue/count')) return Promise.resolve(ok({ count: waiting, done: 1 })) as never;
      return inner(url, ...(rest as []));
    });
    renderSignedIn(
      <>
        <ReviewBadge />
        <ReviewInboxPage />
      </>,
      { route: '/company/review' },
    );

    // Documents only; the month announced as done has a number of its own.
    expect(await screen.findByTitle('3 documente de verificat')).toHaveClass('month-nav-badge');
    waiting = 2;
    await user.click(await screen.findByRole('button', { name: 'Acceptă extras-noiembrie.pdf' }));
    expect(await screen.findByTitle('2 documente de verificat')).toHaveClass('month-nav-badge');
  });

  it('rejects only with a reason, and sends the one chosen from the catalogue', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ReviewInboxPage />, { route: '/company/review' });

    await user.click(await screen.findByRole('button', { name: 'Respinge extras-noiembrie.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Respinge „extras-noiembrie.pdf”' });
    await user.click(within(dialog).getByRole('button', { name: 'Respinge' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Spune de ce respingi documentul.');
    expect(post.mock.calls.some(([url]) => url.endsWith('/review'))).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: 'Extras fără sold final' }));
    await user.click(within(dialog).getByRole('button', { name: 'Respinge' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/media/101/review', {
        status: 'rejected',
        reason: 'Extras fără sold final',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends a typed reason when none of the catalogue fits', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ReviewInboxPage />, { route: '/company/review' });

    await user.click(await screen.findByRole('button', { name: 'Respinge bon-1.jpg' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Alt motiv sau detalii'), 'Bonul e tăiat');
    await user.click(within(dialog).getByRole('button', { name: 'Respinge' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/clients/9/media/102/review', {
        status: 'rejected',
        reason: 'Bonul e tăiat',
      }),
    );
  });

  it('accepts a selection in one call', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ReviewInboxPage />, { route: '/company/review' });

    await user.click(await screen.findByRole('checkbox', { name: 'Selectează extras-noiembrie.pdf' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selectează bon-1.jpg' }));
    expect(screen.getByText('2 documente selectate')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Acceptă selecția' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/review', { ids: [101, 102], status: 'accepted' }),
    );
    // The list is asked again and the selection is gone.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Acceptă selecția' })).not.toBeInTheDocument());
    expect(post.mock.calls.filter(([url]) => url.endsWith('/review-queue')).length).toBe(2);
  });

  it('selects the whole page at once', async () => {
    const user = userEvent.setup();
    const post = mockServer();
    renderSignedIn(<ReviewInboxPage />, { route: '/company/review' });

    await user.click(await screen.findByRole('checkbox', { name: 'Selectează toate documentele din pagină' }));
    expect(screen.getByRole('checkbox', { name: 'Selectează bon-1.jpg' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Acceptă selecția' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/company/1/review', { ids: [101, 102], status: 'accepted' }),
    );
  });

  it('says so when nothing awaits review', async () => {
    jest
      .spyOn(http, 'post')
      .mockResolvedValue(ok({ data: [], meta: { page: 1, per_page: 20, total: 0, done: [], done_total: 0 } }) as never);
    renderSignedIn(<ReviewInboxPage />, { route: '/company/review' });
    expect(await screen.findByText('Nimic de verificat.')).toBeInTheDocument();
  });
});
