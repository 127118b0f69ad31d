import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '../http/http';
import { axiosResponse, mockDialogs, renderInSession } from '../testing';
import type { User } from '../types';
import { readClientDocuments, type ClientDocumentsAnswer } from './api/get-client-documents';
import { ClientDocumentsView, type ClientDocumentsViewProps } from './ClientDocumentsView';

const owner: User = { id: 2, name: 'Proprietar Demo', email: 'owner@demo.ro', role: 2, company_id: 1 };

const documents = [
  {
    id: 101,
    client_id: 7,
    category_id: 11,
    period: '2026-11',
    name: 'factura-101.pdf',
    size: 2048,
    created_at: '2026-11-20T10:00:00.000Z',
    uploaded_by: { id: 10, name: 'Administrator Grup Demo' },
  },
  {
    id: 102,
    client_id: 7,
    category_id: 12,
    period: '2026-10',
    name: 'extras-octombrie.pdf',
    size: 4096,
    created_at: '2026-10-05T10:00:00.000Z',
    uploaded_by: null,
  },
];
const categories = [
  { id: 12, name: 'Extrase bancare', position: 1 },
  { id: 11, name: 'Facturi emise', position: 0 },
];
const limits = { max_bytes: 1024 * 1024, allowed_types: ['pdf'], accept: '.pdf' };

/** The company door's answer: the client under `data`, months with their counts. */
const companyAnswer: ClientDocumentsAnswer = {
  data: { id: 7, name: 'Alfa Distribuție SRL', cui: '34567892', email: 'alfa@demo.ro', holding: null },
  categories,
  categories_inherited: true,
  periods: [
    { period: '2026-11', count: 1 },
    { period: '2026-10', count: 1 },
  ],
  documents,
  upload_limits: limits,
};

/** The holding door's answer: the client under `client`, the months alone. */
const holdingAnswer: ClientDocumentsAnswer = {
  client: { id: 7, name: 'Alfa Distribuție SRL', cui: '34567892', company: { id: 1, name: 'Contabil Demo SRL' } },
  categories,
  periods: ['2026-11', '2026-10'],
  documents,
  upload_limits: limits,
};

const doors = [
  {
    door: 'company',
    apiBase: '/api/company/1',
    answer: companyAnswer,
    back: { to: '/company/dashboard', crumb: 'Clienți', label: 'Înapoi la clienți' },
    monthLabel: 'noiembrie 2026 (1)',
  },
  {
    door: 'holding',
    apiBase: '/api/holding/1',
    answer: holdingAnswer,
    back: { to: '/client/dashboard', crumb: 'Firmele grupului', label: 'Înapoi la firmele grupului' },
    monthLabel: 'noiembrie 2026',
  },
] as const;

function serve(answers: Record<string, unknown>) {
  return jest.spyOn(http, 'post').mockImplementation((async (url: string) => {
    if (url in answers) return axiosResponse(answers[url]);
    throw new Error(`unexpected POST ${url}`);
  }) as typeof http.post);
}

function renderView(props: Partial<ClientDocumentsViewProps> & Pick<ClientDocumentsViewProps, 'apiBase' | 'back'>) {
  return renderInSession(
    <ClientDocumentsView
      clientId={7}
      details={(client) => <p className="muted">{`CUI ${client.cui}`}</p>}
      canDelete={() => true}
      {...props}
    />,
    { user: owner, route: '/clients/7' },
  );
}

afterEach(() => jest.restoreAllMocks());

describe.each(doors)('ClientDocumentsView on the $door door', ({ apiBase, answer, back, monthLabel }) => {
  it('shows the header slots, the categories in order and the months of the answer', async () => {
    const post = serve({ [`${apiBase}/clients/7`]: answer });
    renderView({
      apiBase,
      back,
      actions: (client) => <button type="button">{`Acțiune pentru ${client.name}`}</button>,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
    expect(screen.getByText('CUI 34567892')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: back.crumb })).toHaveAttribute('href', back.to);
    expect(screen.getByRole('button', { name: 'Acțiune pentru Alfa Distribuție SRL' })).toBeInTheDocument();
    const groups = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Încarcă documente', 'Facturi emise', 'Extrase bancare']);
    expect(screen.getByText(/Maximum 1 MB pe fișier\. Tipuri acceptate: PDF\./)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(`${apiBase}/clients/7`, {}, expect.anything());

    const period = screen.getByRole('combobox', { name: 'Filtrează după lună' });
    fireEvent.click(period);
    fireEvent.change(period, { target: { value: 'noiembrie' } });
    expect(await screen.findByRole('option', { name: monthLabel })).toBeInTheDocument();
    fireEvent.keyDown(period, { key: 'Enter' });
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(`${apiBase}/clients/7`, { period: '2026-11' }, expect.anything()),
    );
  });

  it('offers delete as the area decides and deletes on its door after the confirmation', async () => {
    const confirm = mockDialogs();
    // The server's state: once the delete went through, the client view no longer lists the document.
    let deleted = false;
    const post = serve({
      get [`${apiBase}/clients/7`]() {
        return deleted ? { ...answer, documents: documents.filter((d) => d.id !== 101) } : answer;
      },
      get [`${apiBase}/clients/7/media/101/delete`]() {
        deleted = true;
        return { message: 'Documentul a fost șters.' };
      },
    });
    renderView({ apiBase, back, canDelete: (doc) => doc.uploaded_by?.id === 10 });
    await screen.findByText('factura-101.pdf');
    expect(screen.queryByRole('button', { name: 'Șterge extras-octombrie.pdf' })).not.toBeInTheDocument();

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Șterge factura-101.pdf' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`${apiBase}/clients/7/media/101/delete`));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ștergi „factura-101.pdf”?' }));
    await waitFor(() => expect(screen.queryByText('factura-101.pdf')).not.toBeInTheDocument());
  });

  it('hides delete when the server says no, whatever the area allows', async () => {
    serve({ [`${apiBase}/clients/7`]: { ...answer, documents: documents.map((d) => ({ ...d, can_delete: false })) } });
    renderView({ apiBase, back });
    await screen.findByText('factura-101.pdf');
    expect(screen.queryByRole('button', { name: /^Șterge/ })).not.toBeInTheDocument();
  });

  it('says the client was not found, with the way back, for an id that cannot exist', async () => {
    const post = serve({});
    renderView({ apiBase, back, clientId: Number('abc') });
    expect(screen.getByText('Clientul nu a fost găsit.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: back.label })).toHaveAttribute('href', back.to);
    expect(post).not.toHaveBeenCalled();
  });
});

describe('ClientDocumentsView', () => {
  it('shows no upload panel when the area does not allow uploads', async () => {
    serve({ '/api/holding/1/clients/7': holdingAnswer });
    renderView({ apiBase: '/api/holding/1', back: doors[1].back, canUpload: false });
    await screen.findByText('factura-101.pdf');
    expect(screen.queryByRole('heading', { name: 'Încarcă documente' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('dropzone')).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Filtre documente' })).getByText('Luna')).toBeInTheDocument();
  });
});

describe('readClientDocuments', () => {
  it('reads either door the same way', () => {
    const fromCompany = readClientDocuments(companyAnswer);
    const fromHolding = readClientDocuments(holdingAnswer);
    expect(fromCompany.client.name).toBe(fromHolding.client.name);
    expect(fromCompany.categories.map((c) => c.id)).toEqual([11, 12]);
    expect(fromCompany.periods).toEqual([
      { period: '2026-11', count: 1 },
      { period: '2026-10', count: 1 },
    ]);
    expect(fromHolding.periods).toEqual([{ period: '2026-11' }, { period: '2026-10' }]);
  });

  it('takes the months from the documents when the answer has none', () => {
    const { periods } = readClientDocuments({ ...holdingAnswer, periods: undefined });
    expect(periods).toEqual([{ period: '2026-11' }, { period: '2026-10' }]);
  });
});
