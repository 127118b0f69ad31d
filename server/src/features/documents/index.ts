/**
 * Client documents on both tenant doors (upload, download, zip, move/rename, bulk actions, delete, the
 * trash with restore and its retention job) and the upload machinery
 * other features reuse (multipart receiving, file names, downloads, plan storage limits).
 */
export { receiveMultipart, drainRequestBody } from './multipart.js';
export type { StoredUpload, ReceivedMultipart, ReceiveOptions, TotalLimit } from './multipart.js';
export { parseUploadFields, parsePeriod } from './upload-fields.js';
export { sendFile, sendZip, zipEntryPaths, fileMissing, fileQuerySchema, fileResponses } from './download.js';
export type { DownloadableMedia, ZipMedia } from './download.js';
export { documentNotFound, storeClientDocuments } from './service.js';
export type { UploadTarget } from './service.js';
export { storageTenants, assertFits, checkBeforeUpload, declaredSize } from './storage-limits.js';
export { DOCUMENTS_POLICY } from './policy.js';
export { onDocumentsStored } from './stored-hooks.js';
export type { StoredHook, StoredDocuments } from './stored-hooks.js';
export { purgeExpiredTrash, trashPurgeJob } from './trash-purge.js';
export {
  listClientMedia,
  clientMediaPageQuery,
  shownOf,
  DOCUMENTS_SHOWN,
  findClientMedia,
  clientPeriodsQuery,
  softDeleteClientMedia,
  insertMedia,
} from './repository.js';
export type { MediaListRow, MediaFilter } from './repository.js';
export { presentMedia, mediaSchema, uploadLimits, uploadLimitsSchema, MAX_FILES_PER_UPLOAD } from './presenter.js';
export type { PresentedMedia } from './presenter.js';
export { sanitizeFileName } from './file-name.js';
export { mediaListResponse, collectionBodySchema } from './schemas.js';
export type { CollectionBody } from './schemas.js';
