/**
 * The upload link without an account (docs/PRODUCT.md, "Linkul de încărcare"; docs/api/upload-links.md):
 * what other features use — a reminder issues a link for a client and puts its `url` in the mail.
 */
export { issueUploadLink, issueUploadLinks, uploadLinkPath, DEFAULT_UPLOAD_LINK_DAYS } from './issue.js';
export type { IssueUploadLink, IssuedUploadLink, UploadLinkOptions } from './issue.js';
