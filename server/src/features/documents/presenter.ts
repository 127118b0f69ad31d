import type { MediaListRow } from './repository.js';
import { ALLOWED_EXTENSIONS, ALLOWED_TYPES } from '../../lib/file-types.js';

/** A client document as it leaves the server (never its storage key). */
export const mediaSchema = {
  type: 'object',
  required: ['id', 'client_id', 'category_id', 'period', 'name', 'mime', 'size', 'created_at'],
  properties: {
    id: { type: 'integer' },
    client_id: { type: ['integer', 'null'] },
    category_id: { type: ['integer', 'null'] },
    category: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    period: { type: ['string', 'null'] },
    name: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    sha256: { type: 'string' },
    created_at: { type: 'string' },
    uploaded_by: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        /** Whose person uploaded it: the company's staff or the client's holding (who may move it). */
        side: { type: 'string', enum: ['company', 'holding'] },
      },
    },
  },
} as const;

export type PresentedMedia = {
  id: number;
  client_id: number | null;
  category_id: number | null;
  category: { id: number; name: string } | null;
  period: string | null;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: string;
  uploaded_by: { id: number; name: string; side: 'company' | 'holding' } | null;
};

export function presentMedia(row: MediaListRow): PresentedMedia {
  return {
    id: row.id,
    client_id: row.client_id,
    category_id: row.category_id,
    category:
      row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    period: row.period === null ? null : row.period.trim(),
    name: row.original_name,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256.trim(),
    created_at: new Date(row.created_at).toISOString(),
    uploaded_by:
      row.uploaded_by !== null && row.uploader_name !== null
        ? {
            id: row.uploaded_by,
            name: row.uploader_name,
            side: row.uploader_holding_id === null ? 'company' : 'holding',
          }
        : null,
  };
}

export const uploadLimitsSchema = {
  type: 'object',
  required: ['max_bytes', 'max_files', 'allowed_types', 'accept'],
  properties: {
    max_bytes: { type: 'integer' },
    max_files: { type: 'integer' },
    allowed_types: { type: 'array', items: { type: 'string' } },
    types: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          label: { type: 'string' },
          mime: { type: 'string' },
          extensions: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    accept: { type: 'string' },
  },
} as const;

export const MAX_FILES_PER_UPLOAD = 100;

/** What the upload screens show before a file leaves the browser. */
export function uploadLimits(maxBytes: number) {
  return {
    max_bytes: maxBytes,
    max_files: MAX_FILES_PER_UPLOAD,
    allowed_types: [...ALLOWED_EXTENSIONS],
    types: ALLOWED_TYPES.map((t) => ({ label: t.label, mime: t.mime, extensions: [t.ext, ...(t.aliases ?? [])] })),
    accept: ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(','),
  };
}
