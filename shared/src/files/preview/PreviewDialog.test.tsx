import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TextDecoder as NodeTextDecoder } from 'node:util';
import { http } from '../../http/http';
import { axiosResponse, httpError } from '../../testing';
import PreviewDialog from './PreviewDialog';
import { parseCsv } from './parse-csv';
import { previewKind } from './preview-kind';

// pdf.js itself is not loaded in jsdom: a stand-in records what the preview asks of it.
const fakePdf = {
  getDocument: jest.fn(),
  PDFDataRangeTransport: class {
    requestDataRange?: (begin: number, end: number) => void;
    onDataRange = jest.fn();
    constructor(
      public length: number,
      public initialData: Uint8Array,
    ) {}
  },
};
jest.mock('./load-pdfjs', () => ({ loadPdfJs: () => Promise.resolve(fakePdf) }));

if (typeof globalThis.TextDecoder === 'undefined')
  (globalThis as { TextDecoder: unknown }).TextDecoder = NodeTextDecoder;

const URL_ = '/api/company/1/clients/7/media/101';
const bytes = (text: string): ArrayBuffer => {
  const b = Buffer.from(text, 'utf8');
  return new Uint8Array(b).buffer;
};

function open(props: { name: string; mime: string; size?: number }) {
  const onClose = jest.fn();
  const onDownload = jest.fn();
  render(<PreviewDialog url={URL_} onClose={onClose} onDownload={onDownload} {...props} />);
  return { onClose, onDownload };
}

afterEach(() => jest.restoreAllMocks());

test('the kind of preview follows the stored type; SVG and HTML are never rendered', () => {
  expect(previewKind('application/pdf', 'a.pdf')).toBe('pdf');
  expect(previewKind('image/jpeg', 'a.jpg')).toBe('image');
  expect(previewKind('image/svg+xml', 'a.svg')).toBe('none');
  expect(previewKind('text/html', 'a.html')).toBe('none');
  expect(previewKind('application/xml', 'e-factura.xml')).toBe('text');
  expect(previewKind('text/csv', 'balanta.csv')).toBe('csv');
  expect(previewKind('image/tiff', 'scan.tif')).toBe('none');
});

test('CSV: separator from the first line, quotes kept together, a cut last line dropped', () => {
  expect(parseCsv('cont;sold\n"401; furnizori";"1 200,50"\n')).toEqual([
    ['cont', 'sold'],
    ['401; furnizori', '1 200,50'],
  ]);
  expect(parseCsv('a,b\n1,2\n3,', true)).toEqual([
    ['a', 'b'],
    ['1', '2'],
  ]);
});

test('an image is fetched with ?inline=1 through the HTTP client and shown as <img>', async () => {
  const post = jest.spyOn(http, 'post').mockResolvedValue(axiosResponse(new Uint8Array([1, 2, 3]).buffer));
  const createObjectURL = jest.fn(() => 'blob:preview-1');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  open({ name: 'bon.png', mime: 'image/png' });
  const img = await screen.findByRole('img', { name: 'bon.png' });
  expect(img).toHaveAttribute('src', 'blob:preview-1');
  expect(post).toHaveBeenCalledWith(
    `${URL_}?inline=1`,
    undefined,
    expect.objectContaining({ responseType: 'arraybuffer' }),
  );
});

test('text is read with a Range of the first MB and shown escaped in <pre>', async () => {
  const post = jest.spyOn(http, 'post').mockResolvedValue(
    axiosResponse(bytes('<script>alert(1)</script>\nFactură'), {
      status: 206,
      headers: { 'content-range': 'bytes 0-1048575/3000000' },
    }),
  );
  open({ name: 'note.txt', mime: 'text/plain' });
  const pre = await screen.findByText(/alert\(1\)/);
  expect(pre.tagName).toBe('PRE');
  expect(pre.textContent).toContain('<script>alert(1)</script>');
  expect(document.querySelector('script')).toBeNull();
  expect(screen.getByText(/Se arată primii .* din 2,9 MB/)).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith(
    `${URL_}?inline=1`,
    undefined,
    expect.objectContaining({ headers: { Range: 'bytes=0-1048575' } }),
  );
});

test('a CSV is shown as a table', async () => {
  jest.spyOn(http, 'post').mockResolvedValue(axiosResponse(bytes('cont;sold\n401;1200\n')));
  open({ name: 'balanta.csv', mime: 'text/csv' });
  expect(await screen.findByRole('cell', { name: '401' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'sold' })).toBeInTheDocument();
});

test('a failed fetch shows a Romanian error; other types offer the download', async () => {
  jest.spyOn(http, 'post').mockRejectedValue(httpError(404, { message: 'x' }));
  open({ name: 'note.txt', mime: 'text/plain' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Fișierul nu a mai fost găsit');
});

test('a Word file: a message and „Descarcă”; Escape closes; Tab stays inside the dialog', async () => {
  const { onClose, onDownload } = open({
    name: 'contract.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    size: 2048,
  });
  const dialog = screen.getByRole('dialog', { name: 'contract.docx' });
  expect(dialog).toHaveTextContent('nu pot fi previzualizate');
  const close = screen.getByRole('button', { name: 'Închide previzualizarea' });
  expect(close).toHaveFocus();
  const buttons = screen.getAllByRole('button', { name: 'Descarcă' });
  fireEvent.click(buttons[buttons.length - 1]);
  expect(onDownload).toHaveBeenCalled();
  buttons[buttons.length - 1].focus();
  fireEvent.keyDown(dialog, { key: 'Tab' });
  expect(screen.getAllByRole('button')[0]).toHaveFocus();
  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(onClose).toHaveBeenCalled();
});

test('a PDF: the first 64 KB, then only the ranges pdf.js asks for; page navigation', async () => {
  const render_ = jest.fn(() => ({ promise: Promise.resolve(), cancel: jest.fn() }));
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    render: render_,
  };
  const doc = { numPages: 3, getPage: jest.fn(() => Promise.resolve(page)) };
  let transport: InstanceType<typeof fakePdf.PDFDataRangeTransport> | null = null;
  fakePdf.getDocument.mockImplementation((params: { range: typeof transport }) => {
    transport = params.range;
    return { promise: Promise.resolve(doc), destroy: jest.fn() };
  });
  const post = jest.spyOn(http, 'post').mockImplementation((async (
    _url: string,
    _body: unknown,
    config: { headers?: { Range?: string } },
  ) => {
    const [, a, b] = /bytes=(\d+)-(\d+)/.exec(config.headers?.Range ?? '') ?? [];
    const length = Number(b) - Number(a) + 1;
    return axiosResponse(new Uint8Array(length).buffer, {
      status: 206,
      headers: { 'content-range': `bytes ${a}-${b}/52428800` },
    });
  }) as typeof http.post);
  open({ name: 'raport.pdf', mime: 'application/pdf' });
  expect(await screen.findByText('Pagina 1 din 3')).toBeInTheDocument();
  // Asked as a preview (`?inline=1`), which the history records as a preview, never as a download.
  expect(post.mock.calls[0][0]).toBe(`${URL_}?inline=1`);
  expect(post.mock.calls[0][2]).toEqual(expect.objectContaining({ headers: { Range: 'bytes=0-65535' } }));
  expect(transport!.length).toBe(52428800);
  expect(fakePdf.getDocument).toHaveBeenCalledWith(
    expect.objectContaining({ disableAutoFetch: true, rangeChunkSize: 65536 }),
  );
  transport!.requestDataRange!(52363264, 52428800);
  await waitFor(() => expect(transport!.onDataRange).toHaveBeenCalledWith(52363264, expect.any(Uint8Array)));
  expect(post.mock.calls[1][0]).toBe(`${URL_}?inline=1`);
  expect(post.mock.calls[1][2]).toEqual(expect.objectContaining({ headers: { Range: 'bytes=52363264-52428799' } }));
  await waitFor(() => expect(render_).toHaveBeenCalled());
  fireEvent.click(screen.getByRole('button', { name: 'Pagina următoare' }));
  expect(await screen.findByText('Pagina 2 din 3')).toBeInTheDocument();
  await waitFor(() => expect(doc.getPage).toHaveBeenCalledWith(2));
  fireEvent.click(screen.getByRole('button', { name: 'Mărește' }));
  expect(screen.getByText('125 %')).toBeInTheDocument();
});
