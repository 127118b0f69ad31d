/**
 * The one implementation of upload, download and zip (issue 3). Company and
 * holding routes authorise the client first, then call these.
 */
export {
  receiveMultipart,
  storeFiles,
  drainRequestBody,
  parseUploadFields,
  parsePeriod,
  currentPeriod,
} from './upload.js';
export type { StoredUpload, ReceivedMultipart, ReceiveOptions, StoreFilesOptions } from './upload.js';
export { sendFile, sendZip, zipEntryPaths, fileMissing } from './download.js';
export type { DownloadableMedia, ZipMedia } from './download.js';
export { handleStoreFiles, handleMediaGet, handleMediaDelete, handleCollection, documentNotFound } from './handlers.js';
export type { AuthorizedClient } from './handlers.js';
export {
  listClientMedia,
  listClientMediaPage,
  DOCUMENTS_SHOWN,
  findClientMedia,
  listClientPeriods,
  softDeleteClientMedia,
  insertMedia,
} from './repository.js';
export type { MediaListRow, MediaFilter } from './repository.js';
export { presentMedia, mediaSchema, uploadLimits, uploadLimitsSchema, MAX_FILES_PER_UPLOAD } from './presenter.js';
export type { PresentedMedia } from './presenter.js';
export { sanitizeFileName } from './file-name.js';
export * from './schemas.js';
