/**
 * The texts of 422 answers (code `validation`, errors.field / errors.validation in errors.ts): what is
 * wrong with one field, by area. A text is shown under its field in `errors` and, alone, as `message`.
 */

import { PERIOD_FORMAT } from '../lib/http-schemas.js';
import { countOf } from '../lib/plural.js';
import { FIRST_PERIOD, lastPeriod } from '../lib/ro-calendar.js';

/** The same rule in several areas: one wording. */
const shared = {
  nameRequired: 'Câmpul nume este obligatoriu.',
  personNameRequired: 'Numele este obligatoriu.',
  companyNameRequired: 'Numele companiei este obligatoriu.',
  cuiInvalid: 'CUI-ul nu este valid: verifică cifrele (cifra de control nu corespunde).',
  emailInvalid: 'Câmpul e-mail trebuie să fie o adresă de e-mail validă.',
  emailTaken: 'Această adresă de e-mail este deja folosită de alt cont.',
  phoneInvalid: 'Numărul de telefon nu este valid. Scrie-l ca 07xx xxx xxx, 02xx xxx xxx sau +40 7xx xxx xxx.',
  currentPasswordWrong: 'Parola actuală nu este corectă.',
  holdingNotLinked: 'Holdingul ales nu este asociat companiei.',
  categoryMissing: 'Categoria aleasă nu există.',
  itemMissing: 'Cerința aleasă nu există.',
  periodFormat: 'Luna trebuie să fie în formatul AAAA-LL (de exemplu 2026-01).',
  /** A month before Dosar's first or after December of next year (lib/ro-calendar.ts, isSanePeriod). */
  periodOutOfRange: (first: string, last: string) => `Luna trebuie să fie între ${first} și ${last}.`,
} as const;

const TENANT_MINIMUM = {
  company: { subject: 'Compania', privileged: 'un proprietar (rolul 2)' },
  holding: { subject: 'Holdingul', privileged: 'un administrator (rolul 4)' },
} as const;

export const fieldMessages = {
  shared,

  account: {
    resetLinkInvalid: 'Linkul de resetare a parolei nu este valid sau a expirat. Cere un link nou.',
    verifyLinkInvalid: 'Linkul de confirmare nu este valid sau a expirat. Cere un link nou din profil.',
    changeLinkInvalid:
      'Linkul de confirmare a adresei noi nu este valid sau a expirat. Schimbă adresa din nou din profil.',
    undoLinkInvalid:
      'Linkul de anulare nu este valid sau a expirat. Contactează echipa Dosar dacă ai nevoie de ajutor.',
    addressTakenMeanwhile: 'Adresa aceasta este folosită între timp de alt cont Dosar; schimbarea nu s-a putut face.',
    companyEmailInvalid: 'E-mailul companiei nu este o adresă validă.',
    passwordTooShort: (min: number) => `Parola trebuie să aibă cel puțin ${min} caractere.`,
    passwordWithoutLetter: 'Parola trebuie să conțină cel puțin o literă.',
    passwordWithoutDigit: 'Parola trebuie să conțină cel puțin o cifră.',
    confirmationMismatch: 'Confirmarea parolei nu corespunde.',
    currentPasswordForPassword: 'Introdu parola actuală pentru a o schimba.',
    currentPasswordForEmail: 'Introdu parola actuală pentru a schimba e-mailul.',
  },

  twoFactor: {
    wrongCode: 'Codul nu este corect.',
    challengeExpired: 'Sesiunea de autentificare a expirat. Autentifică-te din nou.',
    setUpAgain: 'Începe configurarea din nou: scanează codul QR și introdu codul afișat.',
    notEnabled: 'Autentificarea în doi pași nu este activă.',
    codeRequired: 'Introdu codul din aplicația de autentificare sau un cod de rezervă.',
    enableOwnFirst:
      'Activează mai întâi autentificarea în doi pași pentru contul tău (din Profil), apoi cere-o echipei.',
  },

  users: {
    roleNotAllowed: 'Câmpul rol are o valoare nepermisă.',
    cannotDeleteSelf: 'Nu îți poți șterge propriul cont din lista de utilizatori.',
    /** The last owner (company) or administrator (holding) stays: for deleting and demoting alike. */
    lastPrivileged: (kind: keyof typeof TENANT_MINIMUM) =>
      `${TENANT_MINIMUM[kind].subject} trebuie să aibă cel puțin ${TENANT_MINIMUM[kind].privileged}: acesta este ultimul și nu poate fi șters sau retrogradat.`,
    /** An address with an account elsewhere: it says nothing about where. */
    foreignAccount: 'Această adresă are deja un cont Dosar. Folosește altă adresă sau cere persoanei să te contacteze.',
    alreadyInPortal: 'Această persoană are deja acces la portalul clientului.',
    /** A firm invites its clients' people as users; a holding names its own administrators. */
    firmInvitesUsersOnly:
      'Firma poate invita în portal doar utilizatori; administratorii holdingului sunt numiți de holding.',
    alreadyHasPassword: (name: string) =>
      `${name} și-a setat deja parola și poate intra în cont; nu mai are nevoie de o invitație.`,
  },

  clients: {
    cuiInvalid: 'CUI-ul nu este valid (verifică cifra de control).',
    cuiTaken: 'Există deja un client cu acest CUI.',
    cuiTakenOnRestore:
      'Există deja un client activ cu acest CUI. Arhivează-l sau schimbă-i CUI-ul înainte de a-l restaura pe acesta.',
    companyNotLinked: 'Compania aleasă nu colaborează cu holdingul.',
    noEmail: 'Clientul nu are o adresă de e-mail. Adaug-o înainte de a trimite un mesaj.',
    holdingTwice: 'Alege un holding existent sau creează unul nou, nu amândouă.',
    newHoldingNameRequired: 'Câmpul nume al holdingului este obligatoriu.',
    newHoldingCuiInvalid: 'CUI-ul holdingului nu este valid (verifică cifra de control).',
    newHoldingEmailInvalid: 'E-mailul holdingului nu este o adresă validă.',
  },

  month: {
    requirementNameMissing: 'Scrie numele cerinței.',
    requirementNameTooLong: 'Numele cerinței poate avea cel mult 120 de caractere.',
    detailsTooLong: 'Detaliile pot avea cel mult 500 de caractere.',
    tooManyBankAccounts: (max: number) => `Poți trece cel mult ${countOf(max, 'cont bancar', 'conturi bancare')}.`,
    ibanInvalid: (iban: string) =>
      `IBAN-ul ${iban} nu este valid (RO + 22 de caractere, cu cifrele de control corecte).`,
    notApplicableWhy: 'Scrie de ce nu se aplică.',
    rejectionWhy: 'Spune de ce respingi documentul.',
  },

  documents: {
    noFiles: 'Alege cel puțin un fișier.',
    emptyFile: (name: string) => `Fișierul „${name}” este gol.`,
    tooManyFiles: (max: number) => `Poți încărca cel mult ${countOf(max, 'fișier', 'fișiere')} odată.`,
    fieldTooLong: (name: string) => `Câmpul ${name} este prea lung.`,
    notMultipart: 'Fișierele trebuie trimise ca multipart/form-data.',
    nameRequired: 'Numele documentului este obligatoriu.',
    nameTooLong: (max: number) => `Numele documentului poate avea cel mult ${countOf(max, 'caracter', 'caractere')}.`,
    nameInvalid: 'Numele documentului nu este valid.',
    nothingToChange: 'Alege o categorie, o lună sau un nume nou.',
    noMoveTarget: 'Alege categoria sau luna în care muți documentele.',
  },

  utilityFiles: {
    notAllowed: (field: string) => `Câmpul ${field} nu este permis.`,
    titleWrongType: 'Câmpul titlu are un tip greșit.',
    titleRequired: 'Câmpul titlu este obligatoriu.',
    titleTooLong: (max: number) => `Câmpul titlu poate avea cel mult ${countOf(max, 'caracter', 'caractere')}.`,
    descriptionWrongType: 'Câmpul descriere are un tip greșit.',
    descriptionTooLong: (max: number) =>
      `Câmpul descriere poate avea cel mult ${countOf(max, 'caracter', 'caractere')}.`,
    noFile: 'Alege fișierul de încărcat.',
    bodyNotObject: 'Corpul cererii trebuie să fie un obiect.',
  },

  categories: {
    nameTaken: 'Există deja o categorie cu acest nume în acest set.',
    orderMismatch: 'Lista trebuie să conțină exact categoriile setului, fiecare o singură dată.',
    sameHolding: 'Alege un alt holding decât cel sursă.',
  },

  billing: {
    trialNotChosen: 'Planul de probă nu poate fi ales: se acordă automat la înscriere.',
    alreadyYourPlan: (plan: string) => `„${plan}” este deja planul tău.`,
    planNameRequired: 'Câmpul name este obligatoriu.',
    noSuchDay: (day: string) => `Data „${day}” nu există în calendar.`,
  },

  links: {
    holdingUnreachable:
      'Holdingul nu are niciun administrator și nicio adresă de e-mail: nu avem cui trimite invitația.',
    holdingEmailTaken: 'Adresa de e-mail a holdingului este deja folosită de alt cont.',
  },

  companyRequests: {
    cuiInvalid: 'CUI-ul nu este valid (cifra de control nu corespunde).',
    emailInvalid: 'Adresa de e-mail nu este validă.',
    alreadyLinked: 'Compania acestei adrese colaborează deja cu holdingul.',
  },

  admin: {
    cuiTaken: 'Există deja o companie cu acest CUI.',
    ownerNameRequired: 'Numele proprietarului este obligatoriu.',
    ownerEmailTaken: 'Adresa de e-mail este folosită deja de alt cont.',
  },

  campaigns: {
    noAudience: 'Alege cel puțin o firmă sau un holding.',
    subjectRequired: 'Subiectul este obligatoriu.',
    emptyMessage: 'Mesajul nu poate fi gol.',
    noRecipients: 'Publicul ales nu are niciun destinatar.',
  },

  obligations: {
    rangeReversed: 'Luna de început trebuie să fie cel târziu luna de sfârșit.',
    rangeTooLong: (months: number) => `Poți cere cel mult ${countOf(months, 'lună', 'luni')} odată.`,
    notOwed: (code: string, period: string) =>
      `După profilul fiscal al clientului, ${code} nu se depune pentru ${period}.`,
    receiptRequired: 'Încarcă recipisa declarației (un fișier PDF sau XML).',
    receiptType: 'Recipisa trebuie să fie un fișier PDF sau XML.',
  },

  reminders: {
    stepsInvalid: 'Pașii sunt zile față de termen, între -30 și 60, cel mult 8.',
    dateInvalid: 'Data trebuie să fie o zi din calendar între 2000 și 2099, în formatul AAAA-LL-ZZ.',
    nothingOpen: 'Clientul nu are documente lipsă sau respinse: nu este nimic de amintit.',
    noRecipients:
      'Clientul nu are cui să primească mementoul: invită o persoană în portal sau adaugă e-mailul clientului.',
  },

  search: {
    tooShort: (min: number) => `Scrie cel puțin ${countOf(min, 'caracter', 'caractere')} pentru căutare.`,
  },

  /** Text no database column can store (infra/security.ts). */
  unstorable: (field: string) => `Câmpul ${fieldLabel(field)} conține caractere nepermise.`,
};

/** Romanian labels for field names in schema messages (the key stays the field name in `errors`). */
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
  hour: 'oră',
  // ANAF's OAuth answer names its refusal `error`.
  error: 'eroare',
};

function fieldLabel(field: string): string {
  return Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field] : field;
}

/** The message for a field a route's JSON schema refused, by the ajv keyword that refused it. */
export function schemaMessage(field: string, keyword: string, params: Record<string, unknown>): string {
  const label = fieldLabel(field);
  switch (keyword) {
    case 'required':
      return `Câmpul ${label} este obligatoriu.`;
    case 'type':
      return `Câmpul ${label} are un tip greșit.`;
    case 'minLength':
      return params.limit === 1
        ? `Câmpul ${label} este obligatoriu.`
        : `Câmpul ${label} trebuie să aibă cel puțin ${countOf(Number(params.limit), 'caracter', 'caractere')}.`;
    case 'maxLength':
      return `Câmpul ${label} poate avea cel mult ${countOf(Number(params.limit), 'caracter', 'caractere')}.`;
    case 'format':
      if (params.format === PERIOD_FORMAT) return shared.periodOutOfRange(FIRST_PERIOD, lastPeriod());
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
}
