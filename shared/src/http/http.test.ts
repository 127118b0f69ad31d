import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { toast } from '../ui/toast';
import { configureHttp, http } from './http';
import { catalogueError } from './error-catalogue';

jest.mock('../ui/toast', () => ({
  toast: { error: jest.fn(() => Promise.resolve()), success: jest.fn(() => Promise.resolve()) },
}));

const toastError = toast.error as jest.Mock;
let seen: InternalAxiosRequestConfig[] = [];

/** Fakes the network at the HTTP layer: every call answers `status` with `data`. */
function respond(status: number, data: unknown): void {
  http.defaults.adapter = (config) => {
    seen.push(config);
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return Promise.resolve(response);
    return Promise.reject(
      new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, {}, response),
    );
  };
}

function noResponse(): void {
  http.defaults.adapter = (config) => {
    seen.push(config);
    return Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config, {}));
  };
}

const onUnauthorized = jest.fn();
let token: string | null = null;

beforeEach(() => {
  seen = [];
  token = null;
  toastError.mockClear();
  onUnauthorized.mockClear();
  configureHttp({ getToken: () => token, onUnauthorized });
});

describe('the HTTP client', () => {
  it('sends JSON with credentials, XSRF-TOKEN / X-XSRF-TOKEN and no timeout', async () => {
    respond(200, { ok: true });
    await http.post('/api/login', { email: 'a@b.ro', password: 'x' });
    const config = seen[0];
    expect(config.withCredentials).toBe(true);
    expect(config.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(config.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(config.timeout).toBe(0);
    expect(config.headers.get('Accept')).toContain('application/json');
    expect(String(config.headers.get('Content-Type'))).toContain('application/json');
    expect(config.data).toBe(JSON.stringify({ email: 'a@b.ro', password: 'x' }));
  });

  it('attaches the bearer token only when signed in', async () => {
    respond(200, {});
    await http.get('/api/user');
    expect((seen[0].headers as AxiosHeaders).has('Authorization')).toBe(false);
    token = '5|secret';
    await http.get('/api/user');
    expect(seen[1].headers.get('Authorization')).toBe('Bearer 5|secret');
  });

  it('keeps full /api paths and prefixes short ones', async () => {
    respond(200, {});
    await http.post('/api/company/1/clients');
    await http.post('/company/1/clients');
    await http.post('company/1/clients');
    expect(seen.map((c) => c.url)).toEqual([
      '/api/company/1/clients',
      '/api/company/1/clients',
      '/api/company/1/clients',
    ]);
  });
});

describe('the error catalogue', () => {
  it('no response: the network toast, and the error reaches the caller', async () => {
    noResponse();
    await expect(http.get('/api/user')).rejects.toBeInstanceOf(AxiosError);
    expect(toastError.mock.calls).toEqual([
      ['Network error: Please check your internet connection or wait until servers are back online'],
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('401: the authentication toast and the session is reset', async () => {
    respond(401, { message: 'Trebuie sa fii autentificat ca sa accesezi aceasta pagina' });
    const failure = http.get('/api/company/1/users');
    await expect(failure).rejects.toMatchObject({ response: { status: 401 } });
    expect(toastError.mock.calls).toEqual([['Trebuie sa fii autentificat ca sa accesezi aceasta pagina']]);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('401 without any body still shows the exact text', async () => {
    respond(401, '');
    await expect(http.post('/api/logout')).rejects.toBeTruthy();
    expect(toastError.mock.calls).toEqual([['Trebuie sa fii autentificat ca sa accesezi aceasta pagina']]);
  });

  it('an errors map: one error toast per entry, passed on to the caller', async () => {
    const body = {
      message: 'Datele trimise nu sunt valide.',
      errors: { email: ['E-mail invalid.'], cui: ['CUI invalid.'], password: ['Prea scurtă.', 'Fără cifră.'] },
    };
    respond(422, body);
    await expect(http.post('/api/company/create', {})).rejects.toMatchObject({ response: { status: 422, data: body } });
    expect(toastError.mock.calls).toEqual([['E-mail invalid.'], ['CUI invalid.'], ['Prea scurtă. Fără cifră.']]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('any other error: the response message', async () => {
    respond(404, { message: 'Clientul nu a fost găsit.' });
    await expect(http.post('/api/company/1/clients/99')).rejects.toMatchObject({ response: { status: 404 } });
    expect(toastError.mock.calls).toEqual([['Clientul nu a fost găsit.']]);
  });

  it("any other error without a message: 'A aparut o eroare'", async () => {
    respond(500, {});
    await expect(http.get('/api/user')).rejects.toBeTruthy();
    respond(503, 'Service Unavailable');
    await expect(http.get('/api/user')).rejects.toBeTruthy();
    expect(toastError.mock.calls).toEqual([['A aparut o eroare'], ['A aparut o eroare']]);
  });

  it('a failed login exposes the status and the error field, without resetting the session', async () => {
    const body = { message: 'E-mailul sau parola nu sunt corecte.', error: 'E-mailul sau parola nu sunt corecte.' };
    respond(401, body);
    await expect(http.post('/api/login', { email: 'x@y.ro', password: 'no' })).rejects.toMatchObject({
      response: { status: 401, data: { error: 'E-mailul sau parola nu sunt corecte.' } },
    });
    expect(toastError.mock.calls).toEqual([['E-mailul sau parola nu sunt corecte.']]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a silent call still rejects and still resets on 401, but shows nothing', async () => {
    respond(401, {});
    await expect(http.get('/api/user', { silent: true })).rejects.toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads the JSON error inside a failed blob download', async () => {
    const blob = new Blob([JSON.stringify({ message: 'Arhiva nu poate fi creată.' })], { type: 'application/json' });
    if (typeof blob.text !== 'function') {
      (blob as { text?: () => Promise<string> }).text = () =>
        new Promise((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(blob);
        });
    }
    respond(409, blob);
    await expect(http.post('/api/company/1/clients/1/collection', {}, { responseType: 'blob' })).rejects.toBeTruthy();
    expect(toastError.mock.calls).toEqual([['Arhiva nu poate fi creată.']]);
  });

  it('a cancelled request shows nothing', () => {
    expect(catalogueError({ code: 'ERR_CANCELED', response: undefined, config: undefined })).toEqual({
      toasts: [],
      resetSession: false,
    });
  });
});
