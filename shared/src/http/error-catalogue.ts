import type { AxiosError } from 'axios';

/** The product's fixed error texts, byte-exact: keep them exactly as they are, even without diacritics. */
export const NETWORK_ERROR_MESSAGE =
  'Network error: Please check your internet connection or wait until servers are back online';
export const UNAUTHENTICATED_MESSAGE = 'Trebuie sa fii autentificat ca sa accesezi aceasta pagina';
export const GENERIC_ERROR_MESSAGE = 'A aparut o eroare';
export const FORBIDDEN_ROUTE_MESSAGE = 'Nu esti autorizat sa accesezi aceasta pagina';

export interface ErrorBody {
  message?: unknown;
  error?: unknown;
  errors?: unknown;
}

/** What the catalogue decides for one failed call. */
export interface CatalogueOutcome {
  /** Error toasts to show, in order. */
  toasts: string[];
  /** True when the session must be reset (401). */
  resetSession: boolean;
}

const isLoginCall = (url: string | undefined): boolean => !!url && /(^|\/)api\/login\/?$|^\/?login\/?$/.test(url);

function errorsMapMessages(errors: unknown): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const out: string[] = [];
  for (const value of Object.values(errors as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      const text = value.filter((v): v is string => typeof v === 'string' && v.length > 0).join(' ');
      if (text) out.push(text);
    } else if (typeof value === 'string' && value.length > 0) {
      out.push(value);
    }
  }
  return out;
}

/**
 * The error catalogue as a pure function:
 * - no response → the network toast;
 * - 401 → the authentication toast and a session reset (a failed login is not a
 *   lost session: it shows the server's own `error`/`message` instead);
 * - an `errors` map → one error toast per entry;
 * - otherwise the response `message`, or 'A aparut o eroare'.
 * A cancelled request shows nothing.
 */
export function catalogueError(
  error: Pick<AxiosError<ErrorBody>, 'response' | 'config' | 'code'> & { __CANCEL__?: boolean },
): CatalogueOutcome {
  if (error.code === 'ERR_CANCELED' || error.__CANCEL__) return { toasts: [], resetSession: false };
  const response = error.response;
  if (!response) return { toasts: [NETWORK_ERROR_MESSAGE], resetSession: false };
  const body: ErrorBody = response.data && typeof response.data === 'object' ? response.data : {};
  if (response.status === 401 && !isLoginCall(error.config?.url)) {
    return { toasts: [UNAUTHENTICATED_MESSAGE], resetSession: true };
  }
  const fieldMessages = errorsMapMessages(body.errors);
  if (fieldMessages.length > 0) return { toasts: fieldMessages, resetSession: false };
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : typeof body.error === 'string' && body.error
        ? body.error
        : GENERIC_ERROR_MESSAGE;
  return { toasts: [message], resetSession: false };
}
