/** What the server answers on errors: a Romanian message; 422 adds field errors. */
export interface ApiErrorBody {
  message?: string;
  error?: string;
  errors?: Record<string, string[]>;
}

interface ResponseLike {
  status?: number;
  data?: unknown;
}

function responseOf(err: unknown): ResponseLike | undefined {
  if (typeof err !== 'object' || err === null || !('response' in err)) return undefined;
  const response = (err as { response?: unknown }).response;
  return typeof response === 'object' && response !== null ? (response as ResponseLike) : undefined;
}

function bodyOf(err: unknown): ApiErrorBody | undefined {
  const data = responseOf(err)?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return undefined;
  return data as ApiErrorBody;
}

/** The HTTP status of a failed call, when the server answered. */
export function errorStatus(err: unknown): number | undefined {
  return responseOf(err)?.status;
}

/** The server's Romanian message, or `fallback`. */
export function errorMessage(err: unknown, fallback = 'A apărut o eroare. Încearcă din nou.'): string {
  const body = bodyOf(err);
  return body?.message || body?.error || fallback;
}

/** 422 field errors as {field: first message}; nested names (holding.name) kept as they come. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (errorStatus(err) !== 422) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(bodyOf(err)?.errors ?? {})) {
    if (Array.isArray(messages) && messages.length > 0) out[field] = String(messages[0]);
  }
  return out;
}

/** True when the request was cancelled on purpose (AbortController). */
export function isCancelled(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: string; code?: string };
  return e.name === 'CanceledError' || e.name === 'AbortError' || e.code === 'ERR_CANCELED';
}
