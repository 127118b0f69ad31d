import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from '../http/http';
import { axiosResponse, mockDialogs, renderInSession } from '../testing';
import type { User } from '../types';
import { ClientDocumentsView } from './ClientDocumentsView';

// Move / rename, the selection's bulk bar and the trash, on both doors.
const owner: User = { id: 2, name: 'Proprietar Demo', email: 'owner@demo.ro', role: 2, company_id: 1 };
const staff: User = { id: 3, name: 'Contabil Demo', email: 'staff@demo.ro', role: 3, company_id: 1 };
const member: User = { id: 11, name: 'Membru Grup', email: 'membru@demo.ro', role: 5, holding_id: 1 };

const documents = [
  {
    id: 101,
    category_id: 11,
    period: '2026-11',
    name: 'factura-101.pdf',
    size: 2048,
    created_at: '2026-11-20T10:00:00.000Z',
    uploaded_by: { id: 11, name: 'Membru Grup', side: 'holding' as const },
  },
  {
    id: 102,
    category_id: 12,
    period: '2026-10',
    name: 'extras-octombrie.pdf',
    size: 4096,
    created_at: '2026-10-05T10:00:00.000Z',
    uploaded_by: { id: 2, name: 'Proprietar Demo', side: 'company' as const },
  },
];
const answer = {
  data: { id: 7, name: 'Alfa Distribuție SRL', cui: '34567892' },
  client: { id: 7, name: 'Alfa Distribuție SRL', cui: '34567892' },
  categories: [
    { id: 11, name: 'Facturi emise', position: 0 },
    { id: 12, name: 'Extrase bancare', position: 1 },
  ],
  periods: ['2026-11', '2026-10'],
  documents,
};

function serve(answers: Record<string, unknown>) {
  return jest.spyOn(http, 'post').mockImplementation((async (url: string) => {
    if (url in answers) return axiosResponse(answers[url]);
    throw new Error(`unexpected POST ${url}`);
  }) as typeof http.post);
}

const render = (user: User, apiBase = '/api/company/1') =>
  renderInSession(
    <ClientDocumentsView
      apiBase={apiBase}
      clientId={7}
      back={{ to: '/', crumb: 'Clienți', label: 'Înapoi' }}
      details={() => null}
      canDelete={() => user.role === 2}
    />,
    { user, route: '/clients/7' },
  );

afterEach(() => jest.restoreAllMocks());

it('renames and moves one document through the dialog, then reloads the list', async () => {
  const post = serve({
    '/api/company/1/clients/7': answer,
    '/api/company/1/clients/7/media/102/update': { message: 'Documentul a fost actualizat.', data: documents[1] },
  });
  render(staff);
  fireEvent.click(await screen.findByRole('button', { name: 'Mută / redenumește extras-octombrie.pdf' }));
  const dialog = screen.getByRole('dialog', { name: 'Mută / redenumește „extras-octombrie.pdf”' });
  fireEvent.change(within(dialog).getByLabelText(/^Nume/), { target: { value: '  Extras corect ' } });
  const category = within(dialog).getByRole('combobox', { name: 'Categoria nouă' });
  fireEvent.click(category);
  fireEvent.change(category, { target: { value: 'Facturi' } });
  fireEvent.keyDown(category, { key: 'Enter' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvează' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/media/102/update', {
      category_id: 11,
      period: '2026-10',
      name: 'Extras corect',
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // Staff has no trash and no delete.
  expect(screen.queryByRole('button', { name: 'Coș de gunoi' })).not.toBeInTheDocument();
});

it('selects all on the page, zips nothing else, deletes after a plural confirmation', async () => {
  const confirm = mockDialogs();
  const post = serve({
    '/api/company/1/clients/7': answer,
    '/api/company/1/clients/7/media/bulk': { message: '2 documente au fost mutate în coșul de gunoi.', count: 2 },
  });
  render(owner);
  const bar = await screen.findByRole('group', { name: 'Acțiuni pentru documentele selectate' });
  fireEvent.click(within(bar).getByRole('checkbox', { name: /Selectează tot de pe pagină \(2 documente\)/ }));
  expect(within(bar).getByText('2 documente selectate')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Selectează factura-101.pdf' })).toBeChecked();
  confirm.mockResolvedValueOnce(true);
  fireEvent.click(within(bar).getByRole('button', { name: 'Șterge' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/media/bulk', { ids: [101, 102], action: 'delete' }),
  );
  expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ștergi 2 documente?' }));
  await waitFor(() => expect(within(bar).queryByText('2 documente selectate')).not.toBeInTheDocument());
});

it('the trash lists who deleted what and restores a document (owner)', async () => {
  const post = serve({
    '/api/company/1/clients/7': answer,
    '/api/company/1/clients/7/trash': {
      retention_days: 90,
      data: [
        {
          id: 103,
          name: 'vechi.pdf',
          category_id: 11,
          category: { id: 11, name: 'Facturi emise' },
          period: '2026-09',
          size: 10,
          deleted_at: '2026-11-21T10:00:00.000Z',
          purges_at: '2027-02-19T10:00:00.000Z',
          deleted_by: { id: 2, name: 'Proprietar Demo' },
        },
      ],
    },
    '/api/company/1/clients/7/media/103/restore': { message: 'Documentul a fost restaurat.' },
  });
  render(owner);
  fireEvent.click(await screen.findByRole('button', { name: 'Coș de gunoi' }));
  const trash = await screen.findByRole('region', { name: 'Coș de gunoi' });
  const row = (await within(trash).findByText('vechi.pdf')).closest('tr') as HTMLElement;
  expect(within(row).getByText('Proprietar Demo')).toBeInTheDocument();
  expect(within(row).getByText('Facturi emise, septembrie 2026')).toBeInTheDocument();
  fireEvent.click(within(row).getByRole('button', { name: 'Restaurează vechi.pdf' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/api/company/1/clients/7/media/103/restore'));
  await waitFor(() => expect(within(trash).queryByText('vechi.pdf')).not.toBeInTheDocument());
  expect(await within(trash).findByText('Coșul de gunoi este gol')).toBeInTheDocument();
});

it('a holding member moves only its own uploads and sees no trash', async () => {
  serve({ '/api/holding/1/clients/7': answer });
  render(member, '/api/holding/1');
  expect(await screen.findByRole('button', { name: 'Mută / redenumește factura-101.pdf' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mută / redenumește extras-octombrie.pdf' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Coș de gunoi' })).not.toBeInTheDocument();
});
