import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { toast } from '../ui/toast';
import { tokenStorage } from '../session/token-storage';
import { catalogueError, type ErrorBody } from './error-catalogue';

export interface HttpConfiguration {
  /** The current bearer token, or null when signed out. Default: localStorage 'bearer_token'. */
  getToken: () => string | null;
  /** Called after a 401 (SPEC §8): the shell clears the session here. */
  onUnauthorized: () => void;
}

const defaults: HttpConfiguration = {
  getToken: () => tokenStorage.get(),
  onUnauthorized: () => tokenStorage.clear(),
};

let configuration: HttpConfiguration = { ...defaults };

/** The shell (or a remote running alone) wires the session into the one HTTP client. */
export function configureHttp(options: Partial<HttpConfiguration>): void {
  configuration = { ...configuration, ...options };
}

/** Per-call options understood by the interceptors. */
declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the SPEC §8 toasts for this call (the error is still rejected to the caller). */
    silent?: boolean;
  }
}

/**
 * The one HTTP client (SPEC §7, §9): JSON, with credentials, bearer token only when
 * signed in, XSRF-TOKEN cookie echoed as X-XSRF-TOKEN, no timeout.
 * Call it with the full API path, e.g. `http.post('/api/login', body)`.
 */
export const http: AxiosInstance = axios.create({
  withCredentials: true,
  timeout: 0,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
});

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

async function handleError(error: unknown): Promise<never> {
  if (!axios.isAxiosError(error)) throw error;
  const axiosError = error as AxiosError<ErrorBody>;
  await readBlobBody(axiosError);
  const outcome = catalogueError(axiosError);
  if (!axiosError.config?.silent) for (const message of outcome.toasts) void toast.error(message);
  if (outcome.resetSession) configuration.onUnauthorized();
  throw axiosError;
}

http.interceptors.request.use(attachAuth);
http.interceptors.response.use((response) => response, handleError);
