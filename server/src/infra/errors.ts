import { waitFor } from '../lib/plural.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type FieldErrors = Record<string, string[]>;

/** An error the client may see: status, stable code and a Romanian message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const errors = {
  unauthenticated: () =>
    new AppError(401, 'unauthenticated', 'Trebuie sa fii autentificat ca sa accesezi aceasta pagina'),
  forbidden: (message = 'Nu esti autorizat sa accesezi aceasta pagina') => new AppError(403, 'forbidden', message),
  /**
   * `what` with its definite article: feminine (-a: „Compania”) → găsită, else (-ul, -le: „Grupul”) → găsit;
   * `hint`, a sentence telling the user what to check, follows.
   */
  notFound: (what = 'Resursa', hint?: string) =>
    new AppError(
      404,
      'not_found',
      `${what} nu a fost ${/a$/.test(what) ? 'găsită' : 'găsit'}.${hint ? ` ${hint}` : ''}`,
    ),
  /** A 404 that explains itself (an empty selection), rather than naming a missing object. */
  nothingFound: (message: string) => new AppError(404, 'not_found', message),
  gone: (message: string) => new AppError(410, 'gone', message),
  conflict: (message: string) => new AppError(409, 'conflict', message),
  validation: (errors: FieldErrors, message = 'Datele trimise nu sunt valide.') =>
    new AppError(422, 'validation', message, errors),
  field: (field: string, message: string) => new AppError(422, 'validation', message, { [field]: [message] }),
  tooLarge: (maxBytes: number) =>
    new AppError(413, 'too_large', `Fișierul depășește limita de ${formatBytes(maxBytes)}.`),
  unsupportedType: (name: string) =>
    new AppError(422, 'unsupported_type', `Tipul fișierului „${name}” nu este acceptat.`, {
      files: [`Tipul fișierului „${name}” nu este acceptat.`],
    }),
  throttled: (seconds: number) =>
    new AppError(429, 'throttled', `Prea multe încercări. Încearcă din nou peste ${waitFor(seconds)}.`),
  recipientBusy: (address: string, perDay: number, seconds: number) =>
    new AppError(
      429,
      'throttled',
      `${address} a primit deja ${perDay} mesaje prin Dosar în ultimele 24 de ore. Încearcă din nou peste ${waitFor(seconds)}.`,
    ),
  /** A 429 with its own wording (e.g. a link already sent: when the next one may be asked for). */
  throttledWith: (seconds: number, message: string) =>
    new AppError(429, 'throttled', message, undefined, { retry_after: seconds }),
  /** The account's address is not verified yet: Dosar sends nothing to others on its behalf, links it to nobody. */
  emailUnverified: () =>
    new AppError(
      403,
      'email_unverified',
      'Confirmă întâi adresa de e-mail a contului: ți-am trimis un link. Îl poți retrimite din profil.',
    ),
  xsrf: () => new AppError(419, 'xsrf', 'Sesiunea formularului a expirat. Reîncarcă pagina și încearcă din nou.'),
  storageFull: () =>
    new AppError(
      507,
      'storage_full',
      'Spațiul de stocare al serverului este plin. Fișierul nu a fost salvat; încearcă mai târziu.',
    ),
  unavailable: () =>
    new AppError(503, 'unavailable', 'Serviciul este temporar indisponibil. Încearcă din nou în câteva momente.'),
  planLimit: (message: string) => new AppError(402, 'plan_limit', message),
  /** A sign-in refused: `error` repeats the message for clients that read that field. */
  signInRefused: (status: 401 | 403, code: 'invalid_credentials' | 'suspended', message: string) =>
    new AppError(status, code, message, undefined, { error: message }),
  /** The company of a signed-in user was suspended: the session ends. */
  suspended: () =>
    new AppError(401, 'suspended', 'Contul companiei este suspendat. Contactează administratorul platformei.'),
  /** A state conflict with its own stable code (e.g. `payment_decided`, `payment_required`). */
  conflictCode: (code: string, message: string) => new AppError(409, code, message),
  paymentsDisabled: () =>
    new AppError(
      503,
      'payments_disabled',
      'Plățile online nu sunt configurate pe acest server. Contactează administratorul.',
    ),
  uploadAborted: () => new AppError(400, 'aborted', 'Încărcarea a fost întreruptă. Încearcă din nou.'),
  urlTooLong: () => new AppError(414, 'url_too_long', 'Adresa cererii este prea lungă.'),
  badUrl: () => new AppError(400, 'bad_url', 'Adresa cererii nu este validă.'),
  /** The user's company or holding requires two-factor sign-in and they have not enabled it yet. */
  twoFactorSetupRequired: () =>
    new AppError(
      403,
      'two_factor_setup_required',
      'Firma ta cere autentificarea în doi pași. Activeaz-o din profil pentru a continua.',
    ),
  /** A file call's Range asks for bytes the file does not have (or is malformed): 416. */
  rangeNotSatisfiable: () =>
    new AppError(416, 'range_not_satisfiable', 'Intervalul de octeți cerut nu există în acest fișier.'),
  readOnly: () =>
    new AppError(402, 'read_only', 'Abonamentul a expirat: contul este doar în citire până la plata unui abonament.'),
};

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1).replace('.0', '')} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace('.0', '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Romanian labels for field names in validation messages (the key stays the field name in `errors`). */
const FIELD_NAMES: Record<string, string> = {
  email: 'e-mail',
  password: 'parolă',
  password_confirmation: 'confirmarea parolei',
  current_password: 'parola actuală',
  name: 'nume',
  company_name: 'numele companiei',
  company_email: 'e-mailul companiei',
  phone: 'telefon',
  cui: 'CUI',
};

/** Translates an ajv validation error list into {field: [Romanian message]}. */
function validationToFields(error: FastifyError): FieldErrors {
  // No prototype: a field named `__proto__` or `constructor` is just a key.
  const out = Object.create(null) as FieldErrors;
  for (const v of error.validation ?? []) {
    const params = v.params as Record<string, unknown>;
    let field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (v.keyword === 'required') field = [field, String(params.missingProperty)].filter(Boolean).join('.');
    if (v.keyword === 'additionalProperties')
      field = [field, String(params.additionalProperty)].filter(Boolean).join('.');
    if (!field) field = error.validationContext ?? 'body';
    const label = Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field] : field;
    const message = ((): string => {
      switch (v.keyword) {
        case 'required':
          return `Câmpul ${label} este obligatoriu.`;
        case 'type':
          return `Câmpul ${label} are un tip greșit.`;
        case 'minLength':
          return params.limit === 1
            ? `Câmpul ${label} este obligatoriu.`
            : `Câmpul ${label} trebuie să aibă cel puțin ${String(params.limit)} caractere.`;
        case 'maxLength':
          return `Câmpul ${label} poate avea cel mult ${String(params.limit)} caractere.`;
        case 'format':
          return params.format === 'email'
            ? `Câmpul ${label} trebuie să fie o adresă de e-mail validă.`
            : `Câmpul ${label} nu are formatul corect.`;
        case 'pattern':
          return `Câmpul ${label} nu are formatul corect.`;
        case 'minimum':
        case 'maximum':
          return `Câmpul ${label} este în afara limitelor permise.`;
        case 'enum':
          return `Câmpul ${label} are o valoare nepermisă.`;
        case 'additionalProperties':
          return `Câmpul ${label} nu este permis.`;
        default:
          return `Câmpul ${label} nu este valid.`;
      }
    })();
    (out[field] ??= []).push(message);
  }
  return out;
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: Record<string, unknown> = { message: error.message, code: error.code, ...error.extra };
  if (error.errors) body.errors = error.errors;
  return reply.status(error.statusCode).type('application/json; charset=utf-8').send(body);
}

/** Maps every thrown error to the JSON error body (errorSchema in lib/http-schemas.ts); 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (error.validation) {
      return sendError(reply, errors.validation(validationToFields(error)));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, new AppError(413, 'too_large', 'Cererea depășește dimensiunea maximă permisă.'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return sendError(
        reply,
        new AppError(415, 'unsupported_media_type', 'Tipul conținutului trimis nu este acceptat.'),
      );
    }
    if (
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return sendError(reply, new AppError(400, 'bad_json', 'Corpul cererii nu este JSON valid.'));
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, new AppError(status, 'bad_request', 'Cererea nu este validă.'));
    }
    const systemCode = (error as { code?: unknown }).code;
    if (systemCode === 'ENOSPC' || systemCode === 'EDQUOT') {
      request.log.error({ err: error }, 'storage full');
      return sendError(reply, errors.storageFull());
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, errors.unavailable());
    }
    if (isBadData(error)) {
      // PostgreSQL refused a value the schemas let through (out of range, NUL byte…): the input's fault, not ours.
      request.log.warn({ err: error }, 'value refused by the database');
      return sendError(reply, new AppError(422, 'bad_value', 'Datele trimise conțin o valoare nepermisă.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError(500, 'server_error', 'A apărut o eroare internă. Încearcă din nou.'));
  });
}

/** PostgreSQL class 22 (data exception): 22003 out of range, 22021 NUL byte, 22P02 bad text representation… */
function isBadData(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * The database can't be reached: network errors, PostgreSQL's connection
 * exceptions (class 08), shutdown/terminated backends (57P0x), too many
 * connections, a database that refuses connections, and node-postgres's own
 * messages for a connection that died or never came.
 */
function isDatabaseDown(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code))
      return true;
    if (/^08/.test(code) || /^57P0[1-4]$/.test(code) || code === '53300' || code === '3D000') return true;
    if (code === '55000' && /not currently accepting connections/.test(String(message))) return true;
  }
  return (
    typeof message === 'string' &&
    /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}
