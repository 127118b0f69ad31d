import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { confirmDialog, http, toast } from '@dosar/shared';
import { httpError, ok, paged, renderAsAdmin } from '../../../testing/render';
import { CampaignsPage } from './campaigns-page';

jest.mock('@dosar/shared', () => ({
  ...jest.requireActual('@dosar/shared'),
  toast: { success: jest.fn(), error: jest.fn() },
  confirmDialog: jest.fn(),
}));

afterEach(() => jest.restoreAllMocks());

const campaign = (sent: number, failed = 0) => ({
  id: 4,
  subject: 'Noutăți',
  audience: 'company_owners',
  company_ids: [],
  holding_ids: [],
  recipients_count: 3,
  created_at: '2026-11-22T10:00:00.000Z',
  created_by_name: 'Administrator Demo',
  status: sent + failed === 3 ? 'done' : 'sending',
  progress: { total: 3, sent, failed, queued: 3 - sent - failed, retrying: 0 },
});

const preview = {
  recipients_count: 3,
  recipients: [{ email: 'owner@demo.ro', name: 'Proprietar', tenant_name: 'Contabil Demo SRL' }],
  subject: 'Noutăți',
  html: '<p>Bună ziua, Proprietar</p>',
  text: 'Bună ziua, Proprietar',
};

function mockServer(progress: ReturnType<typeof campaign>[]) {
  const get = jest.spyOn(http, 'get').mockImplementation(async (url) => {
    if (url === '/api/admin/companies') return ok(paged([{ id: 1, name: 'Contabil Demo SRL' }]));
    if (url === '/api/admin/holdings') return ok(paged([{ id: 2, name: 'Grup Demo' }]));
    if (url === '/api/admin/campaigns') return ok(paged([campaign(3)]));
    if (url === '/api/admin/campaigns/4') return ok(progress.length > 1 ? progress.shift() : progress[0]);
    throw new Error(`unexpected ${String(url)}`);
  });
  const post = jest.spyOn(http, 'post').mockImplementation(async (url) => {
    if (url === '/api/admin/campaigns/preview') return ok(preview);
    if (url === '/api/admin/campaigns') return ok(campaign(0));
    throw new Error(`unexpected ${String(url)}`);
  });
  return { get, post };
}

function compose(subject = 'Noutăți') {
  fireEvent.change(screen.getByLabelText(/^Subiect/), { target: { value: subject } });
  // The message is written in the visual editor (a contentEditable textbox named "Mesaj").
  const editor = screen.getByRole('textbox', { name: 'Mesaj' });
  editor.innerHTML = '<p>Bună ziua, {{nume}}</p>';
  fireEvent.input(editor);
}

describe('CampaignsPage', () => {
  it('previews: recipients count and the rendered mail in a sandboxed frame', async () => {
    const { post } = mockServer([campaign(0)]);
    renderAsAdmin(<CampaignsPage />, { route: '/admin/campaigns' });
    expect(await screen.findByText('Administrator Demo', { exact: false })).toBeInTheDocument();
    compose();
    fireEvent.click(screen.getByRole('button', { name: 'Previzualizează' }));
    const region = await screen.findByRole('region', { name: 'Previzualizare' });
    expect(within(region).getByText('3 destinatari')).toBeInTheDocument();
    expect(within(region).getByTitle('Previzualizarea e-mailului')).toHaveAttribute('sandbox', '');
    expect(post).toHaveBeenCalledWith('/api/admin/campaigns/preview', {
      subject: 'Noutăți',
      html: '<p>Bună ziua, {{nume}}</p>',
      audience: 'company_owners',
    });
  });

  it('asks for a subject and for chosen tenants before calling the server', async () => {
    const { post } = mockServer([campaign(0)]);
    renderAsAdmin(<CampaignsPage />, { route: '/admin/campaigns' });
    fireEvent.click(await screen.findByRole('button', { name: 'Previzualizează' }));
    expect(await screen.findByText('Subiectul este obligatoriu.')).toBeInTheDocument();
    compose();
    fireEvent.click(screen.getByLabelText('Companii și holdinguri alese'));
    fireEvent.click(screen.getByRole('button', { name: 'Previzualizează' }));
    expect(await screen.findByText('Alege cel puțin o firmă sau un holding.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(await screen.findByLabelText(/Grup Demo/));
    fireEvent.click(screen.getByRole('button', { name: 'Previzualizează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/admin/campaigns/preview',
        expect.objectContaining({ audience: 'tenants', company_ids: [], holding_ids: [2] }),
      ),
    );
  });

  it('sends after confirmation and shows live progress until done', async () => {
    const { post } = mockServer([campaign(1), campaign(2, 1)]);
    jest.mocked(confirmDialog).mockResolvedValue(true);
    renderAsAdmin(<CampaignsPage />, { route: '/admin/campaigns' });
    compose();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite campania' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/admin/campaigns', expect.objectContaining({ subject: 'Noutăți' })),
    );
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Trimiți campania către 3 destinatari?' }),
    );

    const progress = await screen.findByRole('region', { name: 'Progresul trimiterii' });
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33'), {
      timeout: 3000,
    });
    await waitFor(() => expect(within(progress).getByText('Trimise 2 din 3 · eșuate 1')).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(toast.success).toHaveBeenCalledWith('Campania „Noutăți” a fost trimisă.');
    // The form is empty again for the next campaign.
    expect(screen.getByLabelText(/^Subiect/)).toHaveValue('');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { post } = mockServer([campaign(0)]);
    jest.mocked(confirmDialog).mockResolvedValue(false);
    renderAsAdmin(<CampaignsPage />, { route: '/admin/campaigns' });
    compose();
    fireEvent.click(screen.getByRole('button', { name: 'Trimite campania' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(post).not.toHaveBeenCalledWith('/api/admin/campaigns', expect.anything());
  });

  it("shows the server's field errors", async () => {
    mockServer([campaign(0)]);
    jest
      .spyOn(http, 'post')
      .mockRejectedValue(httpError(422, { message: 'x', errors: { html: ['Mesajul nu poate fi gol.'] } }));
    renderAsAdmin(<CampaignsPage />, { route: '/admin/campaigns' });
    compose();
    fireEvent.click(screen.getByRole('button', { name: 'Previzualizează' }));
    expect(await screen.findByText('Mesajul nu poate fi gol.')).toBeInTheDocument();
  });

  it('writes the message with a toolbar, not raw HTML; the HTML source stays one click away', async () => {
    const { post } = mockServer([campaign(0)]);
    const exec = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    renderAsAdmin(<CampaignsPage />, { route: '/admin/campaigns' });
    const toolbar = await screen.findByRole('toolbar', { name: 'Formatare' });
    // Bold, italic, lists and the placeholders run editor commands.
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Îngroșat' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Cursiv' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Listă' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Inserează {{nume}}' }));
    expect(exec.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      'bold',
      'italic',
      'insertUnorderedList',
      'insertText',
    ]);
    // A link: only web or mailto addresses.
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    fireEvent.change(screen.getByLabelText('Adresa linkului'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă linkul' }));
    expect(await screen.findByText('Scrie o adresă web (https://…) sau mailto:.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Adresa linkului'), { target: { value: 'dosar.ro/ajutor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adaugă linkul' }));
    expect(exec).toHaveBeenLastCalledWith(
      'insertHTML',
      false,
      expect.stringContaining('href="https://dosar.ro/ajutor"'),
    );

    // The HTML source, for whoever wants it: edits there come back to the editor.
    fireEvent.change(screen.getByLabelText(/^Subiect/), { target: { value: 'Noutăți' } });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Vezi HTML' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Mesaj' }), { target: { value: '<p><b>Salut</b></p>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Înapoi la editor' }));
    expect(screen.getByRole('textbox', { name: 'Mesaj' }).innerHTML).toBe('<p><b>Salut</b></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Previzualizează' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/admin/campaigns/preview',
        expect.objectContaining({ html: '<p><b>Salut</b></p>' }),
      ),
    );
  });
});
