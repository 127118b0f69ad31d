/**
 * The expectation table of the access matrix: every /api route → who may
 * call it, and what each path parameter names. A route the app registers
 * that is missing here fails the access-matrix test.
 */
type Role = 1 | 2 | 3 | 4 | 5;
export interface Rule {
  /** Who may call it: anyone (public), any signed-in user, or these roles (in their own tenant). */
  who: 'public' | 'signed-in' | Role[];
  /** Reads only: also called with the caller's own real objects (R). */
  read?: boolean;
}

const C23: Rule = { who: [2, 3] };
const C2: Rule = { who: [2] };
const H45: Rule = { who: [4, 5] };
const H4: Rule = { who: [4] };
const A: Rule = { who: [1] };
const read = (rule: Rule): Rule => ({ ...rule, read: true });
const PUBLIC_READ: Rule = { who: 'public', read: true };

/** The expectation table: every /api route → who may call it. */
export const ACCESS: Record<string, Rule> = {
  // documentation and operations
  'GET /api/docs': PUBLIC_READ,
  'GET /api/docs/static/index.html': PUBLIC_READ,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC_READ,
  'GET /api/docs/json': PUBLIC_READ,
  'GET /api/docs/yaml': PUBLIC_READ,
  'GET /api/docs/static/*': PUBLIC_READ,
  'GET /api/health': PUBLIC_READ,
  'GET /api/ready': PUBLIC_READ,
  // session
  'POST /api/login': { who: 'public' },
  'POST /api/logout': { who: 'signed-in' },
  'GET /api/user': { who: 'signed-in', read: true },
  'POST /api/password/email': { who: 'public' },
  'POST /api/password/reset': { who: 'public' },
  'POST /api/users/:id/update': { who: 'signed-in' },
  'POST /api/company/create': { who: 'public' },
  // two-factor sign-in and the user's sessions
  'POST /api/login/two-factor': { who: 'public' },
  'POST /api/two-factor/setup': { who: 'signed-in' },
  'POST /api/two-factor/enable': { who: 'signed-in' },
  'POST /api/two-factor/disable': { who: 'signed-in' },
  'POST /api/two-factor/recovery-codes': { who: 'signed-in' },
  'GET /api/sessions': { who: 'signed-in', read: true },
  'POST /api/sessions/revoke-others': { who: 'signed-in' },
  'POST /api/sessions/:id/revoke': { who: 'signed-in' },
  // tenant security settings
  'POST /api/company/:companyId/security': read(C2),
  'POST /api/company/:companyId/security/update': C2,
  'POST /api/holding/:holdingId/security': read(H4),
  'POST /api/holding/:holdingId/security/update': H4,
  // e-mail links (public) and the verification resend
  'POST /api/email/verify': { who: 'public' },
  'POST /api/email/verification-notification': { who: 'signed-in' },
  'POST /api/email/confirm-change': { who: 'public' },
  'POST /api/email/undo': { who: 'public' },
  // company requests (public link)
  'POST /api/company-requests/:hash': PUBLIC_READ,
  'POST /api/confirm-company/:hash': { who: 'public' },
  // ANAF's redirect back after a firm authorised SPV (the one-time state names the firm)
  'GET /api/anaf/oauth/callback': PUBLIC_READ,
  'POST /api/reject-company/:hash': { who: 'public' },
  // upload links without an account (public, by token)
  'POST /api/upload-links/:token': PUBLIC_READ,
  'POST /api/upload-links/:token/storeFiles': { who: 'public' },
  'POST /api/upload-links/:token/done': { who: 'public' },
  // holding area
  'POST /api/holding/:holdingId/index': read(H45),
  'POST /api/holding/:holdingId/clients/store': H4,
  'POST /api/holding/:holdingId/clients/:id': read(H45),
  'POST /api/holding/:holdingId/clients/:id/update': H4,
  'POST /api/holding/:holdingId/clients/:id/delete': H4,
  'GET /api/holding/:holdingId/companies': read(H45),
  'POST /api/holding/:holdingId/company/:id/delete': H4,
  'GET /api/holding/:holdingId/users': read(H4),
  'POST /api/holding/:holdingId/storeUser': H4,
  'POST /api/holding/:holdingId/users/:id/update': H4,
  'POST /api/holding/:holdingId/users/:id/delete': H4,
  'GET /api/holding/:holdingId/utils': read(H45),
  'POST /api/holding/:holdingId/clients/:clientId/storeFiles': H45,
  'POST /api/holding/:holdingId/clients/:clientId/media/:documentId/delete': H45,
  'POST /api/holding/:holdingId/clients/:clientId/media/:mediaId': read(H45),
  // The world's documents are no e-Factura invoices (404 for everyone); invoices.test.ts reads real ones.
  'POST /api/holding/:holdingId/clients/:clientId/media/:mediaId/invoice': H45,
  'POST /api/holding/:holdingId/clients/:clientId/collection': read(H45),
  'POST /api/holding/:holdingId/documents/search': read(H45),
  'POST /api/holding/:holdingId/clients/:clientId/media/:mediaId/update': H45,
  'POST /api/holding/:holdingId/clients/:clientId/media/bulk': H45,
  'POST /api/holding/:holdingId/clients/:clientId/trash': read(H4),
  'POST /api/holding/:holdingId/clients/:clientId/media/:mediaId/restore': H4,
  'POST /api/holding/:holdingId/utils/:mediaId': read(H45),
  // the month (docs/api/month.md)
  'POST /api/holding/:holdingId/clients/:clientId/checklist': read(H45),
  'POST /api/holding/:holdingId/clients/:clientId/open-items': read(H45),
  'POST /api/holding/:holdingId/clients/:clientId/periods/:period/done': H45,
  'POST /api/holding/:holdingId/clients/:clientId/activity': read(H45),
  'POST /api/holding/:holdingId/clients/:clientId/periods/:period/handover': H45,
  // the declaration calendar (docs/api/company-door.md, "Declarations")
  'POST /api/holding/:holdingId/clients/:clientId/obligations': read(H45),
  'POST /api/holding/:holdingId/company-requests': H4,
  'GET /api/holding/:holdingId/company-requests': read(H4),
  'GET /api/holding/:holdingId/subscription': read(H4),
  'GET /api/holding/:holdingId/payments/:id': read(H4),
  'POST /api/holding/:holdingId/users/:userId/subscriptions/:subscriptionId': H4,
  'POST /api/holding/:holdingId/users/:userId/payment/:id': H4,
  'POST /api/holding/:holdingId/subscriptions/:subscriptionId/change': H4,
  // company area
  'POST /api/company/:companyId/clients': read(C23),
  'POST /api/company/:companyId/createClient': C2,
  'POST /api/company/:companyId/clients/:id': read(C23),
  'POST /api/company/:companyId/clients/:id/notify': C2,
  // reminders (company door only)
  'GET /api/company/:companyId/reminders': read(C23),
  'POST /api/company/:companyId/reminders/update': C2,
  'POST /api/company/:companyId/reminders/preview': read(C23),
  'POST /api/company/:companyId/clients/:id/remind': C23,
  'POST /api/company/:companyId/clients/:id/update': C2,
  'POST /api/company/:companyId/clients/:id/delete': C2,
  'POST /api/company/:companyId/clients/:id/restore': C2,
  'POST /api/company/:companyId/clients/:id/access': read(C2),
  'POST /api/company/:companyId/clients/:id/invite': C2,
  'POST /api/company/:companyId/clients/:id/access/:userId/resend': C2,
  'POST /api/company/:companyId/clients/:id/access/:userId/revoke': C2,
  'GET /api/company/:companyId/upload-limits': read(C23),
  'POST /api/company/:companyId/clients/:clientId/storeFiles': C23,
  'POST /api/company/:companyId/clients/:clientId/media/:documentId/delete': C2,
  'POST /api/company/:companyId/clients/:clientId/media/:mediaId': read(C23),
  'POST /api/company/:companyId/clients/:clientId/media/:mediaId/invoice': C23,
  // e-Factura: the import and „De sortat”
  'POST /api/company/:companyId/invoices/import': C23,
  'POST /api/company/:companyId/invoices/unsorted': read(C23),
  'POST /api/company/:companyId/invoices/unsorted/:id/assign': C23,
  'POST /api/company/:companyId/clients/:clientId/collection': read(C23),
  'POST /api/company/:companyId/documents/search': read(C23),
  'POST /api/company/:companyId/clients/:clientId/media/:mediaId/update': C23,
  'POST /api/company/:companyId/clients/:clientId/media/bulk': C23,
  'POST /api/company/:companyId/clients/:clientId/trash': read(C2),
  'POST /api/company/:companyId/clients/:clientId/media/:mediaId/restore': C2,
  'POST /api/company/:companyId/requirement-defaults': read(C23),
  'POST /api/company/:companyId/storeRequirementDefault': C2,
  'POST /api/company/:companyId/requirement-defaults/:id/update': C2,
  'POST /api/company/:companyId/requirement-defaults/:id/delete': C2,
  'POST /api/company/:companyId/month-settings/update': C2,
  'POST /api/company/:companyId/clients/:clientId/requirements': read(C23),
  'POST /api/company/:companyId/clients/:clientId/storeRequirement': C2,
  'POST /api/company/:companyId/clients/:clientId/requirements/:id/update': C2,
  'POST /api/company/:companyId/clients/:clientId/requirements/:id/delete': C2,
  'POST /api/company/:companyId/clients/:clientId/profile': C2,
  'POST /api/company/:companyId/clients/:clientId/checklist': read(C23),
  'POST /api/company/:companyId/clients/:clientId/open-items': read(C23),
  'POST /api/company/:companyId/clients/:clientId/checklist/:itemId/not-applicable': C23,
  'POST /api/company/:companyId/clients/:clientId/checklist/:itemId/applicable': C23,
  'POST /api/company/:companyId/clients/:clientId/media/:mediaId/review': C23,
  'POST /api/company/:companyId/review': C23,
  'POST /api/company/:companyId/review-queue': read(C23),
  'POST /api/company/:companyId/review-queue/count': read(C23),
  'POST /api/company/:companyId/clients/:clientId/upload-link': read(C23),
  'POST /api/company/:companyId/clients/:clientId/upload-link/revoke': C23,
  // what the firm hears back: its notifications and each user's daily digest
  'POST /api/company/:companyId/notifications': read(C23),
  'POST /api/company/:companyId/notifications/unread': read(C23),
  'POST /api/company/:companyId/notifications/read': C23,
  'POST /api/company/:companyId/notifications/settings': read(C23),
  'POST /api/company/:companyId/notifications/settings/update': C23,
  'POST /api/company/:companyId/checklist': read(C23),
  'POST /api/company/:companyId/checklist/months': read(C23),
  'POST /api/company/:companyId/clients/:clientId/periods/:period/close': C2,
  'POST /api/company/:companyId/clients/:clientId/periods/:period/reopen': C2,
  'POST /api/company/:companyId/clients/:clientId/activity': read(C23),
  'POST /api/company/:companyId/clients/:clientId/activity/export': read(C23),
  // ANAF: the registry lookup, the clients' registry states, SPV authorisation and sync
  // Not R: a CUI of the sample body is valid but in no registry (404 is its right answer).
  'POST /api/company/:companyId/cui-lookup': C23,
  'POST /api/company/:companyId/anaf': read(C23),
  'POST /api/company/:companyId/clients/:clientId/anaf': read(C23),
  'POST /api/company/:companyId/clients/:clientId/anaf/seen': C23,
  'POST /api/company/:companyId/spv/authorize': C2,
  'POST /api/company/:companyId/clients/:clientId/spv': C2,
  // The proces-verbal of a month not closed answers 409: not a read that answers 2xx on any month.
  'POST /api/company/:companyId/clients/:clientId/periods/:period/handover': C23,
  // the declaration calendar; filing a declaration its client does not owe answers 422.
  'POST /api/company/:companyId/clients/:clientId/obligations': read(C23),
  'POST /api/company/:companyId/obligations': read(C23),
  'POST /api/company/:companyId/clients/:clientId/obligations/:code/:period/file': C23,
  'POST /api/company/:companyId/clients/:clientId/obligations/:code/:period/unfile': C23,
  'POST /api/company/:companyId/holdings': read(C2),
  'POST /api/company/:companyId/holdings/:holdingId/notify': C2,
  'POST /api/company/:companyId/holdings/:holdingId/delete': C2,
  'GET /api/company/:companyId/categories': read(C23),
  'POST /api/company/:companyId/storeCategory': C2,
  'POST /api/company/:companyId/categories/updatePosition': C2,
  'POST /api/company/:companyId/categories/:id/update': C2,
  'POST /api/company/:companyId/categories/:id/delete': C2,
  'POST /api/company/:companyId/holdings/:holdingId/transferCategory': C2,
  'GET /api/company/:companyId/users': read(C2),
  'POST /api/company/:companyId/storeUser': C2,
  'POST /api/company/:companyId/users/:id/update': C2,
  'POST /api/company/:companyId/users/:id/delete': C2,
  'GET /api/company/:companyId/utils': read(C23),
  'POST /api/company/:companyId/storeUtil': C2,
  'POST /api/company/:companyId/utils/:id/update': C2,
  'POST /api/company/:companyId/utils/:id/delete': C2,
  'POST /api/company/:companyId/utils/:mediaId': read(C23),
  'GET /api/company/:companyId/subscription': read(C2),
  'GET /api/company/:companyId/payments/:id': read(C2),
  'POST /api/company/:companyId/users/:userId/subscriptions/:subscriptionId': C2,
  'POST /api/company/:companyId/users/:userId/payment/:id': C2,
  'POST /api/company/:companyId/subscriptions/:subscriptionId/change': C2,
  // admin
  'GET /api/admin/companies': read(A),
  'POST /api/admin/companies': A,
  'GET /api/admin/companies/:id': read(A),
  'POST /api/admin/companies/:id/suspend': A,
  'POST /api/admin/companies/:id/reactivate': A,
  'GET /api/admin/holdings': read(A),
  'GET /api/admin/holdings/:id': read(A),
  'GET /api/admin/payments': read(A),
  'GET /api/admin/payments.csv': read(A),
  'GET /api/admin/plans': read(A),
  'POST /api/admin/plans': A,
  'POST /api/admin/plans/:id/update': A,
  'GET /api/admin/campaigns': read(A),
  'POST /api/admin/campaigns/preview': read(A),
  'POST /api/admin/campaigns': A,
  'GET /api/admin/campaigns/:id': read(A),
  'GET /api/admin/cui-claims': read(A),
  'POST /api/admin/cui-claims/:id/grant': A,
  'POST /api/admin/cui-claims/:id/refuse': A,
};

export type Area = 'company' | 'holding' | 'admin' | 'global';
export type ParamKind =
  | 'company'
  | 'holding'
  | 'client'
  | 'media'
  | 'category'
  | 'util'
  | 'utilMedia'
  | 'companyUser'
  | 'holdingUser'
  | 'selfUser'
  | 'payer'
  | 'companyPayment'
  | 'holdingPayment'
  | 'plan'
  | 'campaign'
  | 'session'
  | 'cuiClaim'
  | 'hash'
  | 'requirementDefault'
  | 'requirement'
  | 'item'
  | 'period'
  | 'obligationCode'
  | 'unsortedInvoice';

export const areaOf = (url: string): Area =>
  url.startsWith('/api/company/:companyId')
    ? 'company'
    : url.startsWith('/api/holding/:holdingId')
      ? 'holding'
      : url.startsWith('/api/admin/')
        ? 'admin'
        : 'global';

/** What a path parameter names, from its name and the segment before it. */
export function paramKind(url: string, name: string): ParamKind {
  const area = areaOf(url);
  const segments = url.split('/');
  const previous = segments[segments.indexOf(`:${name}`) - 1];
  if (name === 'companyId') return 'company';
  // A secret in the path (a request's hash, an upload link's token): nobody's id.
  if (name === 'hash' || name === 'token') return 'hash';
  if (name === 'subscriptionId') return 'plan';
  if (name === 'holdingId') return 'holding';
  // The month: a period is a month (YYYY-MM), nobody's object; the ids are the firm's and its client's.
  if (name === 'period') return 'period';
  // A declaration's code (D300): the law's, nobody's object.
  if (name === 'code') return 'obligationCode';
  if (name === 'itemId') return 'item';
  // Billing: the paying user is the caller itself (another user's id → 403, whoever it is).
  if (name === 'userId' && /\/(subscriptions|payment)\//.test(url)) return 'payer';
  switch (previous) {
    case 'clients':
      return 'client';
    case 'media':
      return 'media';
    case 'categories':
      return 'category';
    case 'utils':
      return name === 'mediaId' ? 'utilMedia' : 'util';
    // clients/{id}/access/{userId}: a person of the client's holding, managed from the company door.
    case 'access':
      return 'holdingUser';
    case 'users':
      return area === 'holding' ? 'holdingUser' : area === 'company' ? 'companyUser' : 'selfUser';
    case 'payment':
    case 'payments':
      return area === 'holding' ? 'holdingPayment' : 'companyPayment';
    case 'company':
    case 'companies':
      return 'company';
    case 'holdings':
      return 'holding';
    case 'campaigns':
      return 'campaign';
    case 'sessions':
      return 'session';
    case 'plans':
      return 'plan';
    case 'cui-claims':
      return 'cuiClaim';
    case 'requirement-defaults':
      return 'requirementDefault';
    case 'requirements':
      return 'requirement';
    // invoices/unsorted/{id}: an e-Factura invoice waiting in a firm's „De sortat”.
    case 'unsorted':
      return 'unsortedInvoice';
    default:
      throw new Error(`unknown path parameter :${name} in ${url}`);
  }
}
