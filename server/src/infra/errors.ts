import { countOf, waitFor } from '../lib/plural.js';
import { monthName } from '../lib/ro-calendar.js';
import { AddressedError, AppError, type FieldErrors } from './app-error.js';
import { notWholeText, pendingText, type MonthBlockers } from './month-refusals.js';

export { AddressedError, AppError, type FieldErrors } from './app-error.js';
export type { MonthBlockers } from './month-refusals.js';

/**
 * The catalogue of what the client may be told went wrong: each error's status, stable code and Romanian
 * text side by side, grouped by area. The texts of 422 field errors (code `validation`) are in
 * error-messages.ts; error-handler.ts turns whatever is thrown into the JSON error body.
 */

const throttledText = (seconds: number) => `Prea multe încercări. Încearcă din nou peste ${waitFor(seconds)}.`;

/** A 429 of sign-in and account calls: the auth routes turn retryAfter into a Retry-After header. */
export class TooManyAttempts extends AppError {
  constructor(
    readonly retryAfter: number,
    withErrorField: boolean,
    message = throttledText(retryAfter),
  ) {
    // Login also repeats it in `error`: the sign-in screens show a login failure from that field.
    super(429, 'throttled', message, undefined, withErrorField ? { error: message } : undefined);
  }
}

/** A sign-in refused: `error` repeats the message for clients that read that field. */
const signInRefused = (status: 401 | 403, code: 'invalid_credentials' | 'suspended', message: string) =>
  new AppError(status, code, message, undefined, { error: message });

const conflict = (code: string, message: string) => new AppError(409, code, message);
const planLimit = (message: string) => new AppError(402, 'plan_limit', message);
const forbidden = (message: string) => new AppError(403, 'forbidden', message);

/** "45 secunde", "3 minute": the wording of the verification link's wait, kept apart from waitFor's. */
const linkWait = (seconds: number) => (seconds > 90 ? `${Math.ceil(seconds / 60)} minute` : `${seconds} secunde`);

const LIMIT_NAMES = { clients: 'clienți', users: 'utilizatori', storage_bytes: 'spațiu de stocare' } as const;

export const errors = {
  // Any request
  unauthenticated: () =>
    new AppError(401, 'unauthenticated', 'Trebuie sa fii autentificat ca sa accesezi aceasta pagina'),
  // The message parameter stays for documents/service.ts until it takes cannotDeleteDocument.
  forbidden: (message = 'Nu esti autorizat sa accesezi aceasta pagina') => forbidden(message),
  /**
   * `what` with its definite article: feminine (-a: „Compania”) → găsită, else (-ul, -le: „Holdingul”) → găsit;
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
  validation: (errors: FieldErrors, message = 'Datele trimise nu sunt valide.') =>
    new AppError(422, 'validation', message, errors),
  /** A 422 on one field; its texts are in error-messages.ts. */
  field: (field: string, message: string) => new AppError(422, 'validation', message, { [field]: [message] }),
  throttled: (seconds: number) => new AppError(429, 'throttled', throttledText(seconds)),
  tooManyAttempts: (retryAfter: number, withErrorField = false) => new TooManyAttempts(retryAfter, withErrorField),
  xsrf: () => new AppError(419, 'xsrf', 'Sesiunea formularului a expirat. Reîncarcă pagina și încearcă din nou.'),
  urlTooLong: () => new AppError(414, 'url_too_long', 'Adresa cererii este prea lungă.'),
  badUrl: () => new AppError(400, 'bad_url', 'Adresa cererii nu este validă.'),
  requestTooLarge: () => new AppError(413, 'too_large', 'Cererea depășește dimensiunea maximă permisă.'),
  unsupportedMediaType: () =>
    new AppError(415, 'unsupported_media_type', 'Tipul conținutului trimis nu este acceptat.'),
  badJson: () => new AppError(400, 'bad_json', 'Corpul cererii nu este JSON valid.'),
  badRequest: (status: number) => new AppError(status, 'bad_request', 'Cererea nu este validă.'),
  /** PostgreSQL refused a value the schemas let through (out of range, NUL byte…). */
  badValue: () => new AppError(422, 'bad_value', 'Datele trimise conțin o valoare nepermisă.'),
  serverError: () => new AppError(500, 'server_error', 'A apărut o eroare internă. Încearcă din nou.'),
  storageFull: () =>
    new AppError(
      507,
      'storage_full',
      'Spațiul de stocare al serverului este plin. Fișierul nu a fost salvat; încearcă mai târziu.',
    ),
  unavailable: () =>
    new AppError(503, 'unavailable', 'Serviciul este temporar indisponibil. Încearcă din nou în câteva momente.'),

  // Sign-in and the account
  signInFailed: () => signInRefused(401, 'invalid_credentials', 'E-mailul sau parola nu sunt corecte.'),
  signInSuspended: () =>
    signInRefused(403, 'suspended', 'Contul companiei este suspendat. Contactează administratorul platformei.'),
  /** The company of a signed-in user was suspended: the session ends. */
  suspended: () =>
    new AppError(401, 'suspended', 'Contul companiei este suspendat. Contactează administratorul platformei.'),
  /** The account's address is not verified yet: Dosar sends nothing to others on its behalf, links it to nobody. */
  emailUnverified: () =>
    new AppError(
      403,
      'email_unverified',
      'Confirmă întâi adresa de e-mail a contului: ți-am trimis un link. Îl poți retrimite din profil.',
    ),
  /** A verification link was just sent: when the next one may be asked for. */
  linkAlreadySent: (seconds: number) =>
    new AppError(
      429,
      'throttled',
      `Ți-am trimis deja un link. Poți cere altul peste ${linkWait(seconds)}.`,
      undefined,
      { retry_after: seconds },
    ),
  /** The user's company or holding requires two-factor sign-in and they have not enabled it yet. */
  twoFactorSetupRequired: () =>
    new AppError(
      403,
      'two_factor_setup_required',
      'Firma ta cere autentificarea în doi pași. Activeaz-o din profil pentru a continua.',
    ),
  twoFactorRequiredByTenant: () => forbidden('Firma ta cere autentificarea în doi pași; nu o poți dezactiva.'),
  /** Too many wrong second-factor codes for one account, from any addresses: its codes wait. */
  twoFactorLocked: (retryAfter: number) =>
    new TooManyAttempts(
      retryAfter,
      false,
      `Prea multe coduri greșite pentru acest cont. Așteaptă ${waitFor(retryAfter)} și încearcă din nou.`,
    ),

  // Mail to others
  recipientBusy: (address: string, perDay: number, seconds: number) =>
    new AppError(
      429,
      'throttled',
      `${address} a primit deja ${perDay} mesaje prin Dosar în ultimele 24 de ore. Încearcă din nou peste ${waitFor(seconds)}.`,
    ),

  // Plans and payments
  // The message parameter stays for clients/service.ts until it takes otherSideFull.
  planLimit: (message: string) => planLimit(message),
  readOnly: () =>
    new AppError(402, 'read_only', 'Abonamentul a expirat: contul este doar în citire până la plata unui abonament.'),
  clientLimit: (plan: string, max: number) =>
    planLimit(
      `Ai atins limita de clienți a planului „${plan}”: cel mult ${countOf(max, 'client', 'clienți')}. Alege un plan mai mare din pagina Abonament.`,
    ),
  userLimit: (plan: string, max: number) =>
    planLimit(
      `Ai atins limita de utilizatori a planului „${plan}”: cel mult ${countOf(max, 'utilizator', 'utilizatori')}. Alege un plan mai mare din pagina Abonament.`,
    ),
  /** `max` and `left` already written out („2 GB”). */
  storageLimit: (plan: string, max: string, left: string) =>
    planLimit(
      `Fișierele depășesc limita de spațiu de stocare a planului „${plan}” (${max}): mai sunt disponibili ${left}. Alege un plan mai mare din pagina Abonament.`,
    ),
  /** When the other side of a client move (not the caller's tenant) has no room, or is read-only. */
  otherSideFull: (side: 'company' | 'holding', readOnly: boolean) =>
    planLimit(
      side === 'company'
        ? readOnly
          ? 'Abonamentul companiei alese a expirat: nu mai poate primi clienți noi.'
          : 'Compania aleasă a atins limita de clienți a planului ei: nu mai poate primi clienți noi.'
        : readOnly
          ? 'Abonamentul holdingului ales a expirat: nu mai poate primi clienți noi.'
          : 'Holdingul ales a atins limita de clienți a planului său: nu mai poate primi clienți noi.',
    ),
  /** `max` and `used` already written out (a count, or bytes as „2 GB”). */
  usageOverPlan: (plan: string, limit: keyof typeof LIMIT_NAMES, max: string, used: string) =>
    conflict(
      'conflict',
      `Nu poți trece la planul „${plan}”: limita de ${LIMIT_NAMES[limit]} este ${max}, iar acum folosești ${used}. Reduce utilizarea sau alege un plan mai mare.`,
    ),
  paymentDecided: () => conflict('payment_decided', 'Plata a fost deja înregistrată cu alt rezultat.'),
  planNeedsPayment: (plan: string) =>
    conflict('payment_required', `Planul „${plan}” se activează prin plată: folosește butonul „Plătește”.`),
  pricierPlanNeedsPayment: (plan: string) =>
    conflict(
      'payment_required',
      `Planul „${plan}” costă mai mult decât cel curent: trecerea se face prin plată, cu butonul „Plătește”.`,
    ),
  paymentsDisabled: () =>
    new AppError(
      503,
      'payments_disabled',
      'Plățile online nu sunt configurate pe acest server. Contactează administratorul.',
    ),

  // CUI claims (platform administrator)
  claimDecided: () => conflict('claim_decided', 'Cererea a fost deja soluționată.'),
  claimCompanyGone: () =>
    conflict('claim_company_gone', 'Compania care a cerut CUI-ul nu mai există; respinge cererea.'),

  // A holding's invitation of a company
  requestUsed: (confirmed: boolean) =>
    new AppError(
      410,
      'gone',
      confirmed
        ? 'Această cerere a fost deja confirmată; linkul nu mai poate fi folosit.'
        : 'Această cerere a fost deja respinsă; linkul nu mai poate fi folosit.',
    ),
  requestExpired: () =>
    new AppError(410, 'gone', 'Această cerere a expirat. Cere holdingului care te-a invitat o invitație nouă.'),
  // The upload link without an account: the same answer for an unknown and a revoked token, never whose it was.
  uploadLinkInvalid: () =>
    new AppError(404, 'not_found', 'Linkul de încărcare nu este valabil. Cere firmei de contabilitate un link nou.'),
  uploadLinkExpired: () =>
    new AppError(410, 'gone', 'Linkul de încărcare a expirat. Cere firmei de contabilitate un link nou.'),
  uploadLinkSpent: () =>
    new AppError(410, 'gone', 'Nu mai ai nimic de trimis prin acest link: lunile lui sunt complete sau închise.'),
  uploadLinkPeriod: () => new AppError(404, 'not_found', 'Luna aleasă nu mai este deschisă în acest link.'),
  invitedAddressNotOwner: () =>
    conflict(
      'conflict',
      'Adresa invitației aparține unui cont Dosar care nu este proprietarul unei companii. Cere holdingului o invitație pe adresa proprietarului companiei.',
    ),
  invitedAddressTaken: () => conflict('conflict', 'Adresa de e-mail a fost folosită între timp de alt cont.'),

  // The month
  periodClosed: (period: string) => {
    const closed = `Luna ${monthName(period)} este închisă: documentele ei nu mai pot fi schimbate.`;
    return new AddressedError(409, 'period_closed', {
      owner: `${closed} O poți redeschide.`,
      staff: `${closed} Un administrator al firmei o poate redeschide.`,
      client: `${closed} Firma de contabilitate o poate redeschide.`,
    });
  },
  periodAlreadyClosed: (period: string) => conflict('period_closed', `Luna ${monthName(period)} este deja închisă.`),
  periodNotClosed: (period: string) => conflict('period_open', `Luna ${monthName(period)} nu este închisă.`),
  /** The close of a month that is not whole (docs/api/month.md, "Months as a whole"): what blocks it, by name. */
  periodNotWhole: (period: string, blockers: MonthBlockers) =>
    new AppError(409, 'period_incomplete', notWholeText(period, blockers), undefined, { blockers }),
  /** „Nu se aplică” on an item whose documents await review, without saying what becomes of them. */
  documentsPending: (itemName: string, documents: { id: number; name: string }[]) =>
    new AppError(409, 'documents_pending', pendingText(itemName, documents), undefined, { documents }),
  handoverNotReady: (period: string) => {
    const open = `Luna ${monthName(period)} nu este închisă: procesul-verbal de predare-primire se poate descărca după ce`;
    return new AddressedError(409, 'period_open', {
      owner: `${open} închizi luna.`,
      staff: `${open} un administrator al firmei închide luna.`,
      client: `${open} firma de contabilitate închide luna.`,
    });
  },

  // The declaration calendar
  obligationFiled: (code: string, period: string) =>
    conflict('obligation_filed', `Declarația ${code} pentru ${period} este deja marcată ca depusă.`),
  obligationNotFiled: (code: string, period: string) =>
    conflict('obligation_not_filed', `Declarația ${code} pentru ${period} nu este marcată ca depusă.`),

  // ANAF (infra/anaf): the registry lookup and SPV
  anafUnreachable: () =>
    new AppError(503, 'anaf_unreachable', 'ANAF nu răspunde acum. Încearcă din nou în câteva minute.'),
  anafThrottled: () =>
    new AppError(429, 'anaf_throttled', 'ANAF primește prea multe cereri acum. Încearcă din nou peste câteva secunde.'),
  anafRefused: () => new AppError(502, 'anaf_refused', 'ANAF a refuzat cererea. Încearcă din nou mai târziu.'),
  anafNotConfigured: () =>
    new AppError(
      503,
      'anaf_not_configured',
      'Legătura cu ANAF nu este configurată pe acest server. Contactează administratorul.',
    ),
  cuiNotInRegistry: () =>
    new AppError(
      404,
      'not_found',
      'CUI-ul nu apare în registrul ANAF al plătitorilor de TVA. Completează datele de mână.',
    ),
  spvNotAuthorized: () =>
    conflict(
      'spv_not_authorized',
      'Firma nu a autorizat încă accesul Dosar la SPV. Autorizează-l din pagina ANAF și SPV.',
    ),
  spvClientWithoutCui: () =>
    conflict('spv_no_cui', 'Clientul nu are CUI: adaugă-l înainte de a porni sincronizarea din SPV.'),

  // Documents and files
  cannotEditDocument: () => forbidden('Poți muta sau redenumi doar documentele încărcate de partea ta.'),
  cannotDeleteDocument: () => forbidden('Poți șterge doar documentele încărcate de tine.'),
  cannotRestoreDocument: () => forbidden('Poți restaura doar documentele încărcate sau șterse de partea ta.'),
  documentPurged: () =>
    new AppError(
      410,
      'gone',
      'Documentul a stat în coșul de gunoi mai mult decât perioada de păstrare și a fost șters definitiv; nu mai poate fi restaurat.',
    ),
  noMatchingDocuments: () => new AppError(404, 'not_found', 'Nu există documente care să corespundă filtrului ales.'),
  tooLarge: (maxBytes: number) =>
    new AppError(413, 'too_large', `Fișierul depășește limita de ${formatBytes(maxBytes)}.`),
  unsupportedType: (name: string) =>
    new AppError(422, 'unsupported_type', `Tipul fișierului „${name}” nu este acceptat.`, {
      files: [`Tipul fișierului „${name}” nu este acceptat.`],
    }),
  uploadAborted: () => new AppError(400, 'aborted', 'Încărcarea a fost întreruptă. Încearcă din nou.'),
  /** A file call's Range asks for bytes the file does not have (or is malformed): 416. */
  rangeNotSatisfiable: () =>
    new AppError(416, 'range_not_satisfiable', 'Intervalul de octeți cerut nu există în acest fișier.'),
};

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1).replace('.0', '')} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1).replace('.0', '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
