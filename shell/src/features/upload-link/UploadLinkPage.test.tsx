import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmDialog, toast } from '@dosar/shared';
import { fakeHttp, renderApp, type FakeCall } from '../../testing/render-app';
import { askEarly } from './early';
import { photosToPdf } from './photos-to-pdf';
import { UploadLinkView } from './UploadLinkPage';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/federation-runtime-mock'));
jest.mock('@dosar/shared', () => ({ ...jest.requireActual('@dosar/shared'), confirmDialog: jest.fn() }));
// Canvas and pdf-lib are the browser's part (e2e/upload-link.mjs joins real photos); here: one call, one PDF.
jest.mock('./photos-to-pdf', () => ({
  ...jest.requireActual('./photos-to-pdf'),
  photosToPdf: jest.fn(),
}));

const confirmMock = confirmDialog as jest.MockedFunction<typeof confirmDialog>;
const toPdf = photosToPdf as jest.MockedFunction<typeof photosToPdf>;
const TOKEN = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcde';
const SHOW = `POST /api/upload-links/${TOKEN}`;
const STORE = `POST /api/upload-links/${TOKEN}/storeFiles`;
const DONE = `POST /api/upload-links/${TOKEN}/done`;

const link = {
  client: { name: 'Brutăria Ștefan SRL' },
  firm: { name: 'Contabil Țară SRL' },
  expires_at: '2026-12-13T08:00:00.000Z',
  months: [
    {
      period: '2026-11',
      due_date: '2026-12-25',
      days_left: 26,
      done_at: null,
      items: [
        { id: 11, name: 'Extras de cont', details: null, category: 'Bancă', status: 'missing', reason: null },
        {
          id: 12,
          name: 'Facturi primite',
          details: 'Toate facturile de la furnizori',
          category: null,
          status: 'rejected',
          reason: 'Poza e neclară',
        },
      ],
    },
    { period: '2026-10', due_date: '2026-11-25', days_left: -4, done_at: null, items: [] },
  ],
};

type Answer = [number, unknown];
function serve(routes: Record<string, Answer | ((call: FakeCall) => Answer)>): FakeCall[] {
  return fakeHttp((call) => {
    const answer = routes[`${call.method} ${call.url}`];
    if (!answer) return [500, { message: `neașteptat: ${call.method} ${call.url}` }];
    return typeof answer === 'function' ? answer(call) : answer;
  });
}

const photo = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type: 'image/jpeg' });

beforeAll(() => {
  // jsdom has no object URLs; the photo previews only need a string.
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:preview'), revokeObjectURL: jest.fn() });
});
beforeEach(() => {
  jest.spyOn(toast, 'error').mockResolvedValue(undefined);
  toPdf.mockReset();
});
afterEach(() => {
  jest.restoreAllMocks();
  confirmMock.mockReset();
});

describe('upload link page', () => {
  it('shows the open items by month, a rejection’s reason, and an empty month in words', async () => {
    serve({ [SHOW]: [200, link] });
    renderApp(`/incarcare/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documente pentru Brutăria Ștefan SRL' }),
    ).toBeInTheDocument();
    const november = screen.getByRole('region', { name: 'noiembrie 2026' });
    expect(within(november).getByRole('heading', { name: 'Extras de cont' })).toBeInTheDocument();
    expect(within(november).getByText('Motivul respingerii: Poza e neclară')).toBeInTheDocument();
    expect(within(november).getByText(/Termen: 25\.12\.2026 \(în 26 de zile\)/)).toBeInTheDocument();
    expect(within(november).getAllByRole('button', { name: 'Încarcă fișiere' })).toHaveLength(2);
    expect(within(november).getAllByRole('button', { name: 'Fotografiază' })).toHaveLength(2);
    const camera = within(november).getByLabelText('Fotografii pentru Extras de cont', { selector: 'input' });
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('multiple');
    expect(within(november).getByLabelText('Fișiere pentru Extras de cont')).toHaveAttribute(
      'accept',
      'application/pdf,image/*',
    );
    const october = screen.getByRole('region', { name: 'octombrie 2026' });
    expect(within(october).getByText('Nu mai ai nimic de trimis pentru octombrie 2026.')).toBeInTheDocument();
  });

  it('joins the photos into ONE PDF (one removed before sending) and uploads it into the item', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    toPdf.mockResolvedValue(pdf);
    const calls = serve({ [SHOW]: [200, link], [STORE]: [201, { message: 'Am primit fișierul.', files: [] }] });
    const user = userEvent.setup();
    renderApp(`/incarcare/${TOKEN}`);
    const camera = await screen.findByLabelText('Fotografii pentru Extras de cont', { selector: 'input' });
    await user.upload(camera, [photo('a.jpg'), photo('b.jpg')]);
    await user.upload(camera, photo('c.jpg'));
    const list = screen.getByRole('list', { name: 'Fotografii pentru Extras de cont' });
    expect(within(list).getAllByRole('img')).toHaveLength(3);
    await user.click(within(list).getByRole('button', { name: 'Elimină fotografia 2' }));
    await user.click(screen.getByRole('button', { name: 'Trimite 2 fotografii ca PDF' }));
    expect(await screen.findByText('Extras de cont: Am primit fișierul.')).toBeInTheDocument();
    expect(toPdf).toHaveBeenCalledTimes(1);
    expect(toPdf.mock.calls[0][0].map((f) => f.name)).toEqual(['a.jpg', 'c.jpg']);
    const uploads = calls.filter((c) => `${c.method} ${c.url}` === STORE);
    expect(uploads).toHaveLength(1);
    const body = uploads[0].body as FormData;
    expect(body.get('item_id')).toBe('11');
    const files = body.getAll('files[]') as File[];
    expect(files).toHaveLength(1);
    expect(files[0].type).toBe('application/pdf');
    expect(files[0].name).toMatch(/^Extras de cont \d{4}-\d{2}-\d{2}\.pdf$/);
    // The item left the month's list; the other one stays.
    expect(screen.queryByRole('heading', { name: 'Extras de cont' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Facturi primite' })).toBeInTheDocument();
  });

  it('shows the server’s Romanian refusal under the item and keeps the item', async () => {
    serve({
      [SHOW]: [200, link],
      [STORE]: [422, { message: 'Tipul fișierului „x.exe” nu este acceptat.' }],
    });
    const user = userEvent.setup();
    renderApp(`/incarcare/${TOKEN}`);
    const input = await screen.findByLabelText('Fișiere pentru Facturi primite');
    await user.upload(input, new File(['MZ'], 'x.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tipul fișierului „x.exe” nu este acceptat.');
    expect(screen.getByRole('heading', { name: 'Facturi primite' })).toBeInTheDocument();
  });

  it('a photo the browser can’t read is explained and nothing is sent', async () => {
    const { PhotoError } = jest.requireActual<typeof import('./photos-to-pdf')>('./photos-to-pdf');
    toPdf.mockRejectedValue(new PhotoError('Fotografia nu a putut fi citită. Încearcă altă fotografie.'));
    const calls = serve({ [SHOW]: [200, link] });
    const user = userEvent.setup();
    renderApp(`/incarcare/${TOKEN}`);
    await user.upload(
      await screen.findByLabelText('Fotografii pentru Extras de cont', { selector: 'input' }),
      photo('a.jpg'),
    );
    await user.click(screen.getByRole('button', { name: 'Trimite 1 fotografie ca PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fotografia nu a putut fi citită.');
    expect(calls.some((c) => c.url.endsWith('/storeFiles'))).toBe(false);
  });

  it('„Am terminat” asks first, then tells the firm', async () => {
    confirmMock.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const message = 'Firma de contabilitate a fost anunțată că ai terminat octombrie 2026.';
    const calls = serve({ [SHOW]: [200, link], [DONE]: [200, { message, done_at: '2026-11-29T10:00:00.000Z' }] });
    const user = userEvent.setup();
    renderApp(`/incarcare/${TOKEN}`);
    const october = await screen.findByRole('region', { name: 'octombrie 2026' });
    await user.click(within(october).getByRole('button', { name: 'Am terminat' }));
    expect(calls.some((c) => c.url.endsWith('/done'))).toBe(false);
    await user.click(within(october).getByRole('button', { name: 'Am terminat' }));
    expect(await within(october).findByText(message)).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/done'))?.body).toEqual({ period: '2026-10' });
    expect(confirmMock.mock.calls[0][0].title).toBe('Ai terminat octombrie 2026?');
  });

  it.each([
    [404, 'Linkul de încărcare nu este valabil. Cere firmei de contabilitate un link nou.'],
    [410, 'Linkul de încărcare a expirat. Cere firmei de contabilitate un link nou.'],
  ])('a link the server refuses (%s) gets a Romanian page that names nobody', async (status, message) => {
    serve({ [SHOW]: [status, { message }] });
    renderApp(`/incarcare/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Linkul nu mai este valabil' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('uses the answer the shell asked for at start-up (no second call), and a refusal of it as its own', async () => {
    const fetchMock = jest.fn().mockResolvedValueOnce({ ok: true, status: 200, json: () => Promise.resolve(link) });
    Object.assign(globalThis, { fetch: fetchMock });
    askEarly(`/incarcare/${TOKEN}`);
    const calls = serve({});
    renderApp(`/incarcare/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documente pentru Brutăria Ștefan SRL' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`/api/upload-links/${TOKEN}`, expect.objectContaining({ method: 'POST' }));
    expect(calls).toEqual([]);

    const message = 'Linkul de încărcare nu este valabil. Cere firmei de contabilitate un link nou.';
    fetchMock.mockResolvedValueOnce({ ok: false, status: 404, json: () => Promise.resolve({ message }) });
    askEarly(`/incarcare/${TOKEN}`);
    renderApp(`/incarcare/${TOKEN}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('alone (the light page incarcare.html): takes the answer its inline script started, once', async () => {
    const json = jest.fn(() => Promise.resolve(link));
    window.dosarEarlyLink = { token: TOKEN, response: Promise.resolve({ ok: true, status: 200, json } as never) };
    const calls = serve({ [SHOW]: [200, link] });
    const { unmount } = render(<UploadLinkView token={TOKEN} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documente pentru Brutăria Ștefan SRL' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Facturi primite' })).toBeInTheDocument();
    expect(document.title).toBe('Trimite documentele — Dosar');
    expect(json).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    expect(window.dosarEarlyLink).toBeUndefined();
    unmount();

    // Another token's early answer is not this page's: it asks itself.
    window.dosarEarlyLink = { token: 'other', response: Promise.resolve({ ok: true, status: 200, json } as never) };
    render(<UploadLinkView token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: /Documente pentru/ })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([SHOW]);
    expect(json).toHaveBeenCalledTimes(1);
  });

  it('alone: a refusal of the inline script’s call is shown as the page’s own', async () => {
    const message = 'Linkul de încărcare a expirat. Cere firmei de contabilitate un link nou.';
    const json = () => Promise.resolve({ message });
    window.dosarEarlyLink = { token: TOKEN, response: Promise.resolve({ ok: false, status: 410, json } as never) };
    const calls = serve({});
    render(<UploadLinkView token={TOKEN} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Linkul nu mai este valabil' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a network failure offers to try again', async () => {
    let first = true;
    serve({
      [SHOW]: () => {
        if (first) {
          first = false;
          return [503, { message: 'Serviciul este indisponibil momentan.' }];
        }
        return [200, link];
      },
    });
    const user = userEvent.setup();
    renderApp(`/incarcare/${TOKEN}`);
    expect(await screen.findByText('Serviciul este indisponibil momentan.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reîncearcă' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Documente pentru'));
  });
});
