import { screen, waitFor } from '@testing-library/react';
import { toast } from '@dosar/shared';
import * as runtime from '../../testing/federation-runtime-mock';
import { fakeHttp, renderApp, resetRemoteLoader } from '../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/federation-runtime-mock'));

beforeEach(() => {
  jest.spyOn(toast, 'error').mockResolvedValue(undefined);
  resetRemoteLoader();
  runtime.remoteAppsLoad();
  runtime.mockRemotesJson();
});
afterEach(() => jest.restoreAllMocks());

const TOKEN = 'a'.repeat(43);

describe('the e-mail links', () => {
  it('/verify-email/:token posts the token once and shows the server message, with a way to sign in', async () => {
    const calls = fakeHttp(() => [200, { message: 'Adresa de e-mail a fost confirmată. Mulțumim!' }]);
    renderApp(`/verify-email/${TOKEN}`);
    // The page's code loads on demand: the first render may take a moment on a cold run.
    expect(await screen.findByTestId('email-link-done', {}, { timeout: 5000 })).toHaveTextContent(
      'Adresa de e-mail a fost confirmată.',
    );
    expect(calls.filter((c) => c.url === '/api/email/verify')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: TOKEN } }),
    ]);
    expect(screen.getByRole('link', { name: 'Mergi la autentificare' })).toBeInTheDocument();
  });

  it('/confirm-email/:token with a used link shows the Romanian refusal, without a toast', async () => {
    const refusal =
      'Linkul de confirmare a adresei noi nu este valid sau a expirat. Schimbă adresa din nou din profil.';
    fakeHttp(() => [422, { message: refusal, errors: { token: [refusal] } }]);
    renderApp(`/confirm-email/${'b'.repeat(43)}`);
    expect(await screen.findByTestId('email-link-failed')).toHaveTextContent(refusal);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('/undo-email/:token while signed in: the session the undo ended is closed', async () => {
    fakeHttp((call) =>
      call.url === '/api/email/undo' ? [200, { message: 'Schimbarea a fost anulată.' }] : [401, { message: 'x' }],
    );
    const { store } = renderApp(`/undo-email/${'c'.repeat(43)}`, { role: 2 });
    expect(await screen.findByTestId('email-link-done')).toHaveTextContent('Schimbarea a fost anulată.');
    await waitFor(() => expect(store.getState().session.user).toBeNull());
  });
});
