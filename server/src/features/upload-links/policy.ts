import type { DoorPolicy } from '../doors/index.js';

/**
 * The firm's side of a client's upload link, on the company door: its owner and staff (roles 2, 3) see
 * whether a link works and until when, and revoke it. Issuing one is the reminders' (issueUploadLink).
 */
export type UploadLinkAction = 'uploadLinks.show' | 'uploadLinks.revoke';

export const UPLOAD_LINK_POLICY: DoorPolicy<UploadLinkAction> = {
  effects: { 'uploadLinks.show': 'read', 'uploadLinks.revoke': 'write' },
  company: { 'uploadLinks.show': [2, 3], 'uploadLinks.revoke': [2, 3] },
  holding: {},
};
