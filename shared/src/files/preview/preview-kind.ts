/** How a document can be shown in the page. */
export type PreviewKind = 'pdf' | 'image' | 'text' | 'csv' | 'none';

/** Raster images a browser shows as <img> (the server answers these inline on `?inline=1`). */
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const TEXT_MIMES = new Set(['text/plain', 'application/xml', 'text/xml']);

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * The preview a document gets, from its stored type (the server detected it at upload) and, when the
 * type says nothing, its extension. SVG and HTML are never rendered: they fall to 'none' (or to
 * escaped text for XML).
 */
export function previewKind(mime: string | null | undefined, name: string): PreviewKind {
  const type = (mime ?? '').split(';')[0].trim().toLowerCase();
  const ext = extensionOf(name);
  if (type === 'application/pdf' || (!type && ext === 'pdf')) return 'pdf';
  if (IMAGE_MIMES.has(type)) return 'image';
  if (type === 'text/csv' || (type === 'text/plain' && ext === 'csv')) return 'csv';
  if (TEXT_MIMES.has(type)) return 'text';
  if (!type && ['txt', 'xml'].includes(ext)) return 'text';
  if (!type && ext === 'csv') return 'csv';
  return 'none';
}

/** An XML document: possibly an e-Factura, which the preview shows as a readable invoice. */
export function isXml(mime: string | null | undefined, name: string): boolean {
  const type = (mime ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/xml' || type === 'text/xml') return true;
  return (!type || type === 'text/plain') && extensionOf(name) === 'xml';
}

/** How many bytes a text preview reads (the rest is left out, and the preview says so). */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;
