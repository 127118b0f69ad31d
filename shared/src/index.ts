// @dosar/shared: the one HTTP client, toast, session and UI primitives, shared as a
// federated singleton. It exports what the apps import and no more (exports.test.ts):
// every name here is one the shell or a remote relies on. Remotes deploy independently
// against the shell's copy, so a name leaves or changes only with a new major version.
import './styles.css';

export type { Role, User, Paged, RegistrationResponse, RemoteAppProps } from './types';

export { http, configureHttp } from './http/http';

export { toast } from './ui/toast';
export { confirmDialog } from './ui/confirm-dialog';
export { Select } from './ui/Select';
export { RouteGuard } from './area/RouteGuard';
export { ProgressBar } from './ui/ProgressBar';
export { Spinner } from './ui/Spinner';
export { EmptyState } from './ui/EmptyState';
export { ErrorState } from './ui/ErrorState';
export { Pagination } from './ui/Pagination';

export { homeForRole, type RouteAccess } from './guard/decide-guard';

export { sessionStarted, sessionCleared } from './session/session-slice';
export { createAppStore, type AppStore } from './session/store';
export { useCurrentUser, useSession, useLogout, restoreSession } from './session/hooks';

export { formatBytes, formatDate, formatRon } from './lib/format';
export { saveBlob, filenameFromDisposition } from './lib/download';

// The area frame: the session-aware root, layout and guards every remote mounts.
export { AreaApp, type AreaRoute } from './area/AreaApp';
export { renderStandalone } from './area/standalone';
export { usePageTitle } from './ui/page-title';
// The session's screens (ui/ holds no HTTP call).
export { ProfileForm } from './session/ProfileForm';
export { EmailVerificationNotice } from './session/EmailVerificationNotice';
export { LoginForm } from './session/LoginForm';
export { login, isTwoFactorChallenge } from './session/api/login';
export { connectSession } from './session/setup';
export { isValidCui } from './lib/cui';
export { isEmail } from './lib/email';
export { isValidPhone, PHONE_INVALID } from './lib/phone';

// Pieces every area used to keep its own copy of (one implementation).
export { normalizeCui } from './lib/cui';
export { compact, type ListQuery, type SortDirection } from './lib/list-query';
export { errorStatus, errorMessage, fieldErrors, isCancelled } from './lib/errors';
export { formatPeriod, formatPeriodShort, periodFromNow, recentPeriods } from './lib/months';
export { countOf } from './lib/plural';
export { useRequest } from './lib/use-request';
export { useDownload } from './lib/use-download';

export { FieldShell, TextField, TextAreaField } from './ui/TextField';
export { SwitchRow } from './ui/SwitchRow';
export { Modal } from './ui/Modal';
export { MessageDialog } from './ui/MessageDialog';
export { SortHeader, type SortState } from './ui/SortHeader';
export { DownloadStatus } from './ui/DownloadStatus';

// A client's documents, the same in the company and the holding area: `clientUrl` is the
// client's base URL in the caller's area (/api/company/{id}/clients/{clientId} or
// /api/holding/{id}/clients/{clientId}).
export { storeFile } from './files/api/store-file';
export { downloadDocument } from './files/api/download-document';
export { rejectReason } from './files/use-batch-upload';
export { type ClientDocumentsAnswer, type ClientDocument, type ClientSummary } from './files/api/get-client-documents';
export { LazyClientDocumentsView as ClientDocumentsView } from './files/LazyClientDocumentsView';
// The drop zone and file picker of the upload, for pages that send files their own way.
export { FileDropZone } from './files/FileDropZone';
// „Previzualizează” and its lazy dialog, for document rows outside the documents view.
export { PreviewButton } from './files/preview/PreviewButton';
export type { Plan, Payment } from './subscription/types';
// The company's and the holding's subscription screen; its code loads with its route, not with this package.
export { LazySubscriptionPage as SubscriptionPage } from './subscription/LazySubscriptionPage';
export type { ClientLimitWords } from './subscription/SubscriptionPage';

// The users and utility files of a tenant, the same calls on both doors: `apiBase` is
// /api/company/{id} or /api/holding/{id}. Each area keeps its own screen around them.
export {
  useTenantUsers,
  storeTenantUser,
  updateTenantUser,
  deleteTenantUser,
  type TenantUser,
  type TenantUsersQuery,
} from './users/api';
export {
  useUtilityFiles,
  downloadUtilityFile,
  utilityFileName,
  utilityFileSize,
  type UtilityFile,
} from './utility-files/api';
export { useListSearch, useListState } from './lib/use-list-search';
// The list screens' scaffolding: each area keeps only its columns, texts and actions.
export { confirmDelete } from './lib/confirm-delete';
export { ListStates } from './ui/ListStates';
export { DataTable, ActionsHeader, Pager } from './ui/DataTable';
export { ListTable } from './ui/ListTable';
export { TableScroll } from './ui/TableScroll';
export { RowAction } from './ui/RowAction';
export { FormActions } from './ui/FormActions';
export { PageHeader } from './ui/PageHeader';
export { TabList, tabIds, type TabEntry } from './ui/TabList';
export { useFormFields } from './lib/use-form-fields';
// The auth and profile forms' rows: every server message of a field under its input.
export { fieldErrorsOf, passwordMismatch, type FieldErrors } from './lib/field-errors';
export { FieldError, FieldRow, NewPasswordFields } from './ui/FieldRow';
export { SearchField } from './ui/SearchField';

// Two-factor sign-in and active sessions (the profile's cards, the owner's switch; the setup
// screen comes with AreaApp).
export { ProfileSecurity } from './session/ProfileSecurity';
export { TenantSecuritySetting } from './session/two-factor/TenantSecuritySetting';

// The month: checklist, review, close, handover, history (docs/api/month.md).
export * from './month';
