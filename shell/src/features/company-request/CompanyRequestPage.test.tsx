import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmDialog, toast } from '@dosar/shared';
import { fakeHttp, renderApp, type FakeCall } from '../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/federation-runtime-mock'));
jest.mock('@dosar/shared', () => ({ ...jest.requireActual('@dosar/shared'), confirmDialog: jest.fn() }));

const confirmMock = confirmDialog as jest.MockedFunction<typeof confirmDialog>;
const HASH = 'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abcd';

const invitation = {
  holding: { name: 'Grup Demo' },
  company: { name: 'Noua Contabilitate SRL', cui: 'RO12345674', email: 'birou@noua.ro' },
  status: 'pending',
  expires_at: '2026-12-06T10:00:00.000Z',
};

type Answer = [number, unknown];

function serve(routes: Record<string, Answer | (() => Answer)>): FakeCall[] {
  return fakeHttp((call) => {
    const answer = routes[`${call.method} ${call.url}`];
    if (!answer) return [500, { message: `neașteptat: ${call.method} ${call.url}` }];
    return typeof answer === 'function' ? answer() : answer;
  });
}

beforeEach(() => {
  jest.spyOn(toast, 'error').mockResolvedValue(undefined);
  jest.spyOn(toast, 'success').mockResolvedValue(undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  confirmMock.mockReset();
});

describe('company-request page', () => {
  it('shows who invites whom', async () => {
    const calls = serve({ [`POST /api/company-requests/${HASH}`]: [200, invitation] });
    renderApp(`/company-request/${HASH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitație de colaborare' })).toBeInTheDocument();
    expect(await screen.findByText('Noua Contabilitate SRL', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Grup Demo', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('RO12345674')).toBeInTheDocument();
    expect(screen.getByText('birou@noua.ro')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmă' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Respinge' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST /api/company-requests/${HASH}`]);
  });

  it('confirms after the dialog and explains the set-password e-mail', async () => {
    const message =
      'Cererea a fost confirmată. Compania „Noua Contabilitate SRL” a fost creată și legată de grup; vei primi un e-mail pentru setarea parolei.';
    const calls = serve({
      [`POST /api/company-requests/${HASH}`]: [200, invitation],
      [`POST /api/confirm-company/${HASH}`]: [200, { message, company: { id: 9, name: 'Noua Contabilitate SRL' } }],
    });
    const user = userEvent.setup();
    renderApp(`/company-request/${HASH}`);
    const confirm = await screen.findByRole('button', { name: 'Confirmă' });

    confirmMock.mockResolvedValueOnce(false);
    await user.click(confirm);
    expect(calls.some((c) => c.url.startsWith('/api/confirm-company'))).toBe(false);

    await user.type(screen.getByLabelText('Numele tău (opțional)'), 'Maria Ionescu');
    confirmMock.mockResolvedValueOnce(true);
    await user.click(confirm);

    expect(await screen.findByRole('heading', { level: 1, name: 'Colaborarea a fost confirmată' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText(/un link pentru setarea parolei/)).toBeInTheDocument();
    const call = calls.find((c) => c.url === `/api/confirm-company/${HASH}`);
    expect(call?.body).toEqual({ name: 'Maria Ionescu' });
  });

  it('rejects after the dialog', async () => {
    const calls = serve({
      [`POST /api/company-requests/${HASH}`]: [200, invitation],
      [`POST /api/reject-company/${HASH}`]: [200, { message: 'Cererea a fost respinsă. Grupul a fost anunțat.' }],
    });
    confirmMock.mockResolvedValueOnce(true);
    renderApp(`/company-request/${HASH}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Respinge' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cererea a fost respinsă' })).toBeInTheDocument();
    expect(screen.getByText('Cererea a fost respinsă. Grupul a fost anunțat.')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain(`/api/reject-company/${HASH}`);
  });

  it('explains a used or expired link (410) without a toast', async () => {
    const message = 'Această cerere a fost deja confirmată; linkul nu mai poate fi folosit.';
    serve({ [`POST /api/company-requests/${HASH}`]: [410, { message }] });
    renderApp(`/company-request/${HASH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Linkul nu mai este valabil' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Confirmă' })).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('explains an unknown link (404)', async () => {
    serve({ [`POST /api/company-requests/${HASH}`]: [404, {}] });
    renderApp(`/company-request/${HASH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cerere negăsită' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cererea nu a fost găsită. Verifică dacă ai copiat corect linkul din e-mail.',
    );
  });

  it('shows the 410 message when the link was used meanwhile', async () => {
    serve({
      [`POST /api/company-requests/${HASH}`]: [200, invitation],
      [`POST /api/confirm-company/${HASH}`]: [
        410,
        { message: 'Această cerere a fost deja respinsă; linkul nu mai poate fi folosit.' },
      ],
    });
    confirmMock.mockResolvedValueOnce(true);
    renderApp(`/company-request/${HASH}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirmă' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Această cerere a fost deja respinsă; linkul nu mai poate fi folosit.',
      ),
    );
  });
});
