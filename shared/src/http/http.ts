import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosStatic, InternalAxiosRequestConfig } from 'axios';
import { toast } from '../ui/toast';
import { tokenStorage } from '../session/token-storage';
import { NETWORK_ERROR_MESSAGE, catalogueError, type ErrorBody } from './error-catalogue';

export interface HttpConfiguration {
  /** The current bearer token, or null when signed out. Default: localStorage 'bearer_token'. */
  getToken: () => string | null;
  /** Called after a 401 (the session is lost): the shell clears the session here. */
  onUnauthorized: () => void;
  /** Called after a 403 `two_factor_setup_required` (the user's firm asks for two-factor sign-in). */
  onTwoFactorSetupRequired: () => void;
}

const defaults: HttpConfiguration = {
  getToken: () => tokenStorage.get(),
  onUnauthorized: () => tokenStorage.clear(),
  onTwoFactorSetupRequired: () => undefined,
};

let configuration: HttpConfiguration = { ...defaults };

/** The shell (or a remote running alone) wires the session into the one HTTP client. */
export function configureHttp(options: Partial<HttpConfiguration>): void {
  configuration = { ...configuration, ...options };
}

/** Per-call options understood by the interceptors. */
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the error catalogue's toasts for this call (the error is still rejected to the caller). */
    silent?: boolean;
  }
}

/** '/company/1/clients' and 'company/1/clients' both mean '/api/company/1/clients'. */
export function apiUrl(url: string | undefined): string | undefined {
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  if (url === '/api' || url.startsWith('/api/')) return url;
  return `/api${url.startsWith('/') ? '' : '/'}${url}`;
}

function attachAuth(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.url = apiUrl(config.url);
  const token = configuration.getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  return config;
}

/** A failed blob download carries its JSON error as a Blob: read it so the catalogue sees the message. */
async function readBlobBody(error: AxiosError<ErrorBody>): Promise<void> {
  const data: unknown = error.response?.data;
  if (typeof Blob === 'undefined' || !(data instanceof Blob) || !/json/i.test(data.type)) return;
  try {
    const text = typeof data.text === 'function' ? await data.text() : await new Response(data).text();
    (error.response as { data: unknown }).data = JSON.parse(text);
  } catch {
    /* not JSON after all */
  }
}

/** The stable code of the 403 a door answers while the user still has to turn on two-factor sign-in. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

function isTwoFactorSetupRequired(error: AxiosError<ErrorBody>): boolean {
  const body = error.response?.data as { code?: unknown } | undefined;
  return (
    error.response?.status === 403 && !!body && typeof body === 'object' && body.code === TWO_FACTOR_SETUP_REQUIRED
  );
}

async function handleError(axios: AxiosStatic, error: unknown): Promise<never> {
  if (!axios.isAxiosError(error)) throw error;
  const axiosError = error as AxiosError<ErrorBody>;
  await readBlobBody(axiosError);
  if (isTwoFactorSetupRequired(axiosError)) {
    // No toast: the area replaces its pages with the setup screen, which says why.
    configuration.onTwoFactorSetupRequired();
    throw axiosError;
  }
  const outcome = catalogueError(axiosError);
  if (!axiosError.config?.silent) for (const message of outcome.toasts) void toast.error(message);
  if (outcome.resetSession) configuration.onUnauthorized();
  throw axiosError;
}

/** The axios instance, created once axios (a shared singleton) has loaded. */
let client: AxiosInstance | null = null;
let clientPromise: Promise<AxiosInstance> | null = null;
/** `http.defaults` written before axios loaded (tests set an adapter): applied to the instance. */
let pendingDefaults: Partial<AxiosInstance['defaults']> = {};

function createClient(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({
    withCredentials: true,
    timeout: 0,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  });
  Object.assign(instance.defaults, pendingDefaults);
  instance.interceptors.request.use(attachAuth);
  instance.interceptors.response.use(
    (response) => response,
    (error: unknown) => handleError(axios, error),
  );
  return instance;
}

/**
 * Loads axios and creates the client, once. `http` calls it on its first call, so a page that
 * makes no call (the home page of a visitor) never downloads axios; call it early to warm up.
 */
export function loadHttpClient(): Promise<AxiosInstance> {
  clientPromise ??= import('axios').then(
    (module) => (client ??= createClient(module.default)),
    (error: unknown) => {
      clientPromise = null; // a chunk that failed to load is fetched again on the next call
      throw error;
    },
  );
  return clientPromise;
}

function loadedClient(): AxiosInstance {
  if (!client) throw new Error('http: axios is not loaded yet (await loadHttpClient() first)');
  return client;
}

/** Runs a call once the client exists; axios that cannot load is a network error, like a call that gets no answer. */
function whenLoaded<T>(
  config: AxiosRequestConfig | undefined,
  call: (instance: AxiosInstance) => Promise<T>,
): Promise<T> {
  if (client) return call(client);
  return loadHttpClient().then(call, (error: unknown) => {
    if (!config?.silent) void toast.error(NETWORK_ERROR_MESSAGE);
    throw error;
  });
}

/** Each request method, with the position of its config argument. */
const METHODS = {
  request: 0,
  get: 1,
  delete: 1,
  head: 1,
  options: 1,
  post: 2,
  put: 2,
  patch: 2,
  postForm: 2,
  putForm: 2,
  patchForm: 2,
} as const;

type AnyCall = (...args: unknown[]) => Promise<unknown>;

function createHttp(): AxiosInstance {
  const facade = ((configOrUrl: string | AxiosRequestConfig, config?: AxiosRequestConfig) =>
    whenLoaded(typeof configOrUrl === 'string' ? config : configOrUrl, (instance) =>
      (instance as unknown as AnyCall)(configOrUrl, config),
    )) as unknown as Record<string, unknown>;
  for (const [method, configAt] of Object.entries(METHODS)) {
    facade[method] = (...args: unknown[]) =>
      whenLoaded(args[configAt] as AxiosRequestConfig | undefined, (instance) =>
        (instance[method as keyof typeof METHODS] as AnyCall)(...args),
      );
  }
  Object.defineProperties(facade, {
    defaults: {
      get: () => client?.defaults ?? pendingDefaults,
      set: (value: AxiosInstance['defaults']) => {
        if (client) client.defaults = value;
        else pendingDefaults = value;
      },
    },
    interceptors: { get: () => loadedClient().interceptors },
    getUri: { value: (config?: AxiosRequestConfig) => loadedClient().getUri(config) },
    create: { value: (config?: AxiosRequestConfig) => loadedClient().create(config) },
  });
  return facade as unknown as AxiosInstance;
}

/**
 * The one HTTP client: JSON, with credentials, bearer token only when
 * signed in, XSRF-TOKEN cookie echoed as X-XSRF-TOKEN, no timeout.
 * Call it with the full API path, e.g. `http.post('/api/login', body)`.
 * An axios instance whose request methods load axios on the first call (a shared singleton,
 * ≈ 21 KB gz the start-up of the shell does without); `interceptors`, `getUri` and `create`
 * need it loaded (`await loadHttpClient()`), `defaults` set before that apply when it loads.
 */
export const http: AxiosInstance = createHttp();
