import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { http, type ClientDocumentsAnswer } from '@dosar/shared';
import { mockDialogs } from '@dosar/shared/testing';
import { ok, renderSignedIn } from '../../../testing/render';
import { ClientViewPage, type ClientSection } from './client-view-page';

const answer = {
  data: {
    id: 7,
    name: 'Alfa Distribuție SRL',
    cui: '34567892',
    email: null,
    phone: null,
    notes: null,
    holding: null,
    documents_count: 1,
    last_upload_at: null,
  },
  categories: [{ id: 11, name: 'Facturi emise', position: 0, holding_id: null }],
  categories_inherited: true,
  periods: [{ period: '2026-11', count: 1 }],
  documents: [
    {
      id: 101,
      client_id: 7,
      category_id: 11,
      period: '2026-11',
      name: 'factura-101.pdf',
      mime: 'application/pdf',
      size: 2048,
      created_at: '2026-11-20T10:00:00.000Z',
      uploaded_by: null,
    },
  ],
  upload_limits: { max_bytes: 1024, max_files: 10, allowed_types: ['pdf'], accept: '.pdf' },
} satisfies ClientDocumentsAnswer;

const sections: ClientSection[] = [
  { id: 'luna', label: 'Luna', render: () => <p>Lista lunii curente</p> },
  { id: 'cerinte', label: 'Ce trebuie să predea', render: () => <p>Cerințele clientului</p> },
  { id: 'istoric', label: 'Istoric', render: () => <p>Istoricul clientului</p> },
];

function Address() {
  const location = useLocation();
  return <output aria-label="Adresa">{location.search}</output>;
}

function renderPage(route = '/company/clients/7', role: 2 | 3 = 2) {
  return renderSignedIn(
    <>
      <ClientViewPage sections={sections} />
      <Address />
    </>,
    { route, role, path: '/company/clients/:id' },
  );
}

beforeEach(() => {
  mockDialogs();
  jest
    .spyOn(http, 'post')
    .mockImplementation(((url: string) =>
      url === '/api/company/1/clients/7'
        ? Promise.resolve(ok(answer))
        : url === '/api/company/1/clients/7/access'
          ? Promise.resolve(ok({ holding: null, data: [] }))
          : Promise.reject(new Error(`unexpected ${url}`))) as typeof http.post);
});
afterEach(() => jest.restoreAllMocks());

describe('the client page’s sections (company)', () => {
  it('opens on the month, beside the documents, the requirements and the history', async () => {
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Secțiunile clientului' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Luna', 'Documente', 'Ce trebuie să predea', 'Istoric', 'Acces portal']);
    expect(within(tabs).getByRole('tab', { name: 'Luna' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Luna' });
    expect(panel).toHaveTextContent('Lista lunii curente');
    expect(screen.queryByText('factura-101.pdf')).not.toBeInTheDocument();
    // The client's header stays above every section.
    expect(screen.getByRole('heading', { level: 1, name: 'Alfa Distribuție SRL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifică clientul' })).toBeInTheDocument();
  });

  it('moves between sections with the arrow keys, each with its address', async () => {
    const user = userEvent.setup();
    renderPage('/company/clients/7?period=2026-10');
    const month = await screen.findByRole('tab', { name: 'Luna' });
    expect(month).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Documente' })).toHaveAttribute('tabindex', '-1');
    month.focus();

    await user.keyboard('{ArrowRight}');
    const documents = screen.getByRole('tab', { name: 'Documente' });
    await waitFor(() => expect(documents).toHaveAttribute('aria-selected', 'true'));
    expect(documents).toHaveFocus();
    expect(screen.getByRole('status', { name: 'Adresa' })).toHaveTextContent('?period=2026-10&tab=documente');
    expect(
      await within(screen.getByRole('tabpanel', { name: 'Documente' })).findByText('factura-101.pdf'),
    ).toBeVisible();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Acces portal' })).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Luna' })).toHaveFocus());
    expect(screen.getByRole('tabpanel', { name: 'Luna' })).toHaveTextContent('Lista lunii curente');

    await user.click(screen.getByRole('tab', { name: 'Istoric' }));
    expect(await screen.findByRole('tabpanel', { name: 'Istoric' })).toHaveTextContent('Istoricul clientului');
    expect(screen.getByRole('status', { name: 'Adresa' })).toHaveTextContent('tab=istoric');
  });

  it('opens the section in the address; staff get no „Acces portal”', async () => {
    renderPage('/company/clients/7?tab=cerinte', 3);
    expect(await screen.findByRole('tabpanel', { name: 'Ce trebuie să predea' })).toHaveTextContent(
      'Cerințele clientului',
    );
    expect(screen.queryByRole('tab', { name: 'Acces portal' })).not.toBeInTheDocument();
  });
});
