/**
 * A client's document (media) as server/src/features/documents/presenter.ts presents it,
 * the same for the company area and the holding area (one file implementation).
 */
export interface FileDocument {
  id: number;
  category_id: number | null;
  /** YYYY-MM */
  period: string | null;
  /** The file's original name. */
  name?: string;
  /** Older name of the same field, still accepted. */
  original_name?: string;
  size?: number;
  created_at?: string;
  /** `side`: whether the company's staff or the client's holding uploaded it (who may move it). */
  uploaded_by?: { id: number; name: string; side?: 'company' | 'holding' } | null;
  /** The server's own answer to "may I delete it" (it decides; the UI only hides). */
  can_delete?: boolean;
}

/** A document category, in the order of `position`. */
export interface DocumentCategory {
  id: number;
  name: string;
  position: number;
}

/** What the server accepts, shown before an upload starts (files/presenter.ts uploadLimits). */
export interface UploadLimits {
  max_bytes?: number;
  max_files?: number;
  /** Extensions without the dot, e.g. ['pdf', 'jpg']. */
  allowed_types?: string[];
  /** The file picker's accept attribute, e.g. '.pdf,.jpg'. */
  accept?: string;
}

/** The name a document is shown and saved under. */
export function documentName(document: FileDocument): string {
  return document.name ?? document.original_name ?? `document-${document.id}`;
}
