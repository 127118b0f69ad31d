// @dosar/shared: the one HTTP client, toast, session and UI primitives, shared as a
// federated singleton. Remotes deploy independently: changes here must stay additive.
import './styles.css';

export type {
  Role,
  User,
  Company,
  Holding,
  Paged,
  AuthResponse,
  RegistrationResponse,
  RemoteAppProps,
  NavItem,
} from './types';

export { http, configureHttp, apiUrl, loadHttpClient, type HttpConfiguration } from './http/http';
export {
  catalogueError,
  NETWORK_ERROR_MESSAGE,
  UNAUTHENTICATED_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  FORBIDDEN_ROUTE_MESSAGE,
  type CatalogueOutcome,
  type ErrorBody,
} from './http/error-catalogue';

export { toast, TOAST_OPTIONS } from './ui/toast';
export { confirmDialog, type ConfirmDialogOptions } from './ui/confirm-dialog';
export { Select, NO_OPTIONS_MESSAGE, type SelectProps, type SelectOption, type SelectValue } from './ui/Select';
export { AreaLayout, ROLE_LABELS, type AreaLayoutProps } from './ui/AreaLayout';
export { RoleGuard, RouteGuard, type RoleGuardProps, type RouteGuardProps } from './ui/RouteGuard';
export { ProgressBar, type ProgressBarProps } from './ui/ProgressBar';
export { Spinner, type SpinnerProps } from './ui/Spinner';
export { EmptyState, type EmptyStateProps } from './ui/EmptyState';
export { ErrorState, type ErrorStateProps } from './ui/ErrorState';
export { Pagination, type PaginationProps } from './ui/Pagination';

export { decideGuard, homeForRole, LOGIN_PATH, type RouteAccess, type GuardDecision } from './guard/decide-guard';

export {
  sessionSlice,
  sessionActions,
  sessionReducer,
  sessionStarted,
  sessionRestored,
  userUpdated,
  sessionCleared,
  selectSession,
  selectCurrentUser,
  selectToken,
  selectSessionStatus,
  selectIsAuthenticated,
  initialSessionState,
  TOKEN_STORAGE_KEY,
  type SessionState,
  type SessionStatus,
  type RootStateWithSession,
} from './session/session-slice';
export { createAppStore, type AppStore, type AppState, type AppDispatch } from './session/store';
export { tokenStorage } from './session/token-storage';
export { useCurrentUser, useSession, useLogout, restoreSession } from './session/hooks';

export { formatBytes, formatDate, formatRon } from './lib/format';
export { saveBlob, filenameFromDisposition } from './lib/download';

export { AreaApp, type AreaAppProps, type AreaRoute } from './ui/AreaApp';
export { pageTitle, usePageTitle } from './ui/page-title';
// The session's screens and their calls (ui/ holds no HTTP call).
export { ProfileForm } from './session/ProfileForm';
export { updateProfile, type UpdateProfileInput } from './session/api/update-profile';
export { EmailVerificationNotice } from './session/EmailVerificationNotice';
export { resendVerification } from './session/api/email';
export { LoginForm, type LoginFormProps } from './session/LoginForm';
export { login } from './session/api/login';
export { connectSession } from './session/setup';
export { renderStandalone } from './ui/standalone';
export { isValidCui } from './lib/cui';
export { isEmail } from './lib/email';

// Pieces every area used to keep its own copy of (one implementation, additive exports).
export { normalizeCui } from './lib/cui';
export { compact, type ListQuery, type SortDirection } from './lib/list-query';
export { errorStatus, errorMessage, fieldErrors, isCancelled, type ApiErrorBody } from './lib/errors';
export { formatPeriod, formatPeriodShort, periodFromNow, recentPeriods } from './lib/months';
export { countOf } from './lib/plural';
export { useRequest, type RequestState } from './lib/use-request';
export { useDebouncedValue } from './lib/use-debounced-value';
export { postForBlob, type DownloadOptions, type DownloadedFile } from './lib/post-for-blob';
export { useDownload, type DownloadProgress } from './lib/use-download';

export {
  FieldShell,
  TextField,
  TextAreaField,
  type FieldShellProps,
  type TextFieldProps,
  type TextAreaFieldProps,
} from './ui/TextField';
export { Modal, type ModalProps } from './ui/Modal';
export { MessageDialog, type MessageDialogProps } from './ui/MessageDialog';
export { SortHeader, type SortHeaderProps, type SortState } from './ui/SortHeader';
export { DownloadStatus, type DownloadStatusProps } from './ui/DownloadStatus';

// A client's documents, the same in the company and the holding area: `clientUrl` is the
// client's base URL in the caller's area (/api/company/{id}/clients/{clientId} or
// /api/holding/{id}/clients/{clientId}).
export { documentName, type FileDocument, type DocumentCategory, type UploadLimits } from './files/types';
export { storeFile, type StoreFileInput, type StoreFilesResponse, type TransferOptions } from './files/api/store-file';
export { downloadDocument } from './files/api/download-document';
export { downloadCollection, type CollectionFilters } from './files/api/download-collection';
export { deleteDocument } from './files/api/delete-document';
export {
  useBatchUpload,
  rejectReason,
  extensionOf,
  type QueuedFile,
  type UploadStatus,
  type BatchTarget,
} from './files/use-batch-upload';
export { UploadPanel, type UploadPanelProps } from './files/UploadPanel';
export { DocumentsList, groupDocuments, type DocumentsListProps, type DocumentGroup } from './files/DocumentsList';
export {
  getClientDocuments,
  readClientDocuments,
  type ClientDocuments,
  type ClientDocumentsAnswer,
  type ClientDocument,
  type ClientDocumentCategory,
  type ClientSummary,
  type DocumentPeriod,
} from './files/api/get-client-documents';
export { ClientDocumentsView, type ClientDocumentsViewProps } from './files/ClientDocumentsView';
// „Previzualizează” and its lazy dialog, for document rows outside the documents view.
export { PreviewButton, type PreviewButtonProps } from './files/preview/PreviewButton';
export type { Plan, Payment, SubscriptionView } from './subscription/types';
// The company's and the holding's subscription screen; its code loads with its route, not with this package.
export { LazySubscriptionPage as SubscriptionPage } from './subscription/LazySubscriptionPage';
export type { SubscriptionPageProps, ClientLimitWords } from './subscription/SubscriptionPage';
export type { SubscriptionTenant } from './subscription/tenant';

// The users and utility files of a tenant, the same calls on both doors: `apiBase` is
// /api/company/{id} or /api/holding/{id}. Each area keeps its own screen around them.
export {
  listTenantUsers,
  useTenantUsers,
  storeTenantUser,
  updateTenantUser,
  deleteTenantUser,
  type TenantUser,
  type TenantUsersQuery,
  type TenantUserInput,
  type TenantUserSaved,
} from './users/api';
export {
  listUtilityFiles,
  useUtilityFiles,
  downloadUtilityFile,
  utilityFileName,
  utilityFileSize,
  type UtilityFile,
  type UtilityFilesQuery,
} from './utility-files/api';
export { useListSearch, useListState } from './lib/use-list-search';
// The list screens' scaffolding: each area keeps only its columns, texts and actions.
export { confirmDelete, type ConfirmDeleteOptions } from './lib/confirm-delete';
export { ListStates, type ListStatesProps, type ListRequest } from './ui/ListStates';
export { DataTable, ActionsHeader, Pager, type DataTableProps, type PagerProps } from './ui/DataTable';
export { ListTable, type ListTableProps } from './ui/ListTable';
export { RowAction, type RowActionProps } from './ui/RowAction';
export { FormActions, type FormActionsProps } from './ui/FormActions';
export { PageHeader, type PageHeaderProps } from './ui/PageHeader';
export { useFormFields, type FormErrors, type FormFieldsOptions } from './lib/use-form-fields';
// The auth and profile forms' rows: every server message of a field under its input.
export { fieldErrorsOf, invalidProps, passwordMismatch, PASSWORD_MISMATCH, type FieldErrors } from './lib/field-errors';
export {
  FieldError,
  FieldRow,
  NewPasswordFields,
  PASSWORD_RULES_HINT,
  type FieldRowProps,
  type NewPasswordFieldsProps,
} from './ui/FieldRow';
export { SearchField, type SearchFieldProps } from './ui/SearchField';

// Two-factor sign-in and active sessions (profile cards, the areas' setup screen, the owner's switch).
export {
  loginTwoFactor,
  isTwoFactorChallenge,
  type LoginAnswer,
  type TwoFactorChallenge,
  type TwoFactorProof,
} from './session/api/login';
export { deviceId, DEVICE_STORAGE_KEY } from './session/api/device-id';
export {
  setupTwoFactor,
  enableTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  type TwoFactorSetup,
  type RecoveryCodesAnswer,
} from './session/api/two-factor';
export { listSessions, revokeSession, revokeOtherSessions, type ActiveSession } from './session/api/sessions';
export { getTenantSecurity, updateTenantSecurity, type TenantSecurity } from './session/api/tenant-security';
export { TWO_FACTOR_SETUP_REQUIRED } from './http/http';
export { ProfileSecurity } from './session/ProfileSecurity';
export { TwoFactorSection } from './session/two-factor/TwoFactorSection';
export { SessionsSection } from './session/sessions/SessionsSection';
export { TwoFactorEnableFlow, type TwoFactorEnableFlowProps } from './session/two-factor/TwoFactorEnableFlow';
export { RecoveryCodesPanel, type RecoveryCodesPanelProps } from './session/two-factor/RecoveryCodesPanel';
export { TwoFactorSetupScreen, TWO_FACTOR_SETUP_TITLE } from './session/two-factor/TwoFactorSetupScreen';
export {
  TenantSecuritySetting,
  REQUIRE_TWO_FACTOR_LABEL,
  type TenantSecuritySettingProps,
} from './session/two-factor/TenantSecuritySetting';

// The month: checklist, review, close, handover, history (docs/api/month.md).
export * from './month';
