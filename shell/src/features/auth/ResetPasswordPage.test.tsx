import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@dosar/shared';
import * as runtime from '../../testing/federation-runtime-mock';
import { demoUsers, fakeHttp, renderApp, resetRemoteLoader } from '../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/federation-runtime-mock'));

const location = () => screen.getByTestId('location').textContent;
const PASSWORD = 'Parola-noua-1';

beforeEach(() => {
  jest.spyOn(toast, 'error').mockResolvedValue(undefined);
  jest.spyOn(toast, 'success').mockResolvedValue(undefined);
  resetRemoteLoader();
  runtime.remoteAppsLoad();
  runtime.mockRemotesJson();
});
afterEach(() => jest.restoreAllMocks());

async function choosePassword(button: string) {
  await userEvent.type(await screen.findByLabelText(/^Parola nouă/), PASSWORD);
  await userEvent.type(screen.getByLabelText(/^Confirmă/), PASSWORD);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

describe('/reset-password/:token', () => {
  it('from an invitation: „Alege o parolă”, then the person is signed in and lands in their area', async () => {
    const calls = fakeHttp(({ url }) => {
      if (url === '/api/password/reset') return [200, { message: 'Parola a fost schimbată.' }];
      if (url === '/api/login') return [200, { user: demoUsers[5], token: '5|secret' }];
      return [404, {}];
    });
    const { store } = renderApp('/reset-password/abc?email=client%40demo.ro&invite=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alege o parolă' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('client@demo.ro');
    await choosePassword('Salvează parola și intră');

    await waitFor(() => expect(location()).toBe('/client/dashboard'));
    expect(calls.map((c) => c.url)).toEqual(['/api/password/reset', '/api/login']);
    expect(calls[1].body).toMatchObject({ email: 'client@demo.ro', password: PASSWORD });
    expect(store.getState().session.status).toBe('authenticated');
    expect(toast.success).toHaveBeenCalledWith('Parola a fost salvată. Bun venit în Dosar!');
  });

  it('a forgotten password: „Alege o parolă nouă”, then the sign-in page', async () => {
    const calls = fakeHttp(({ url }) =>
      url === '/api/password/reset' ? [200, { message: 'Parola a fost schimbată.' }] : [404, {}],
    );
    renderApp('/reset-password/abc?email=client%40demo.ro');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alege o parolă nouă' })).toBeInTheDocument();
    await choosePassword('Salvează parola nouă');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls.map((c) => c.url)).toEqual(['/api/password/reset']);
  });

  it('an invited account whose firm asks for two-factor sign-in goes to the sign-in page', async () => {
    fakeHttp(({ url }) => {
      if (url === '/api/password/reset') return [200, { message: 'Parola a fost schimbată.' }];
      if (url === '/api/login') return [200, { two_factor_required: true, challenge: 'c', message: 'Codul' }];
      return [404, {}];
    });
    const { store } = renderApp('/reset-password/abc?email=staff%40demo.ro&invite=1');
    await choosePassword('Salvează parola și intră');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(store.getState().session.status).not.toBe('authenticated');
  });
});
