/**
 * Several phone photos become ONE PDF in the browser before they are sent (docs/PRODUCT.md, "Linkul de
 * încărcare"): one A4 page per photo. JPEG and PNG within MAX_SIDE are embedded as they are; bigger
 * photos are scaled down on a canvas and other image types (HEIC where the browser decodes it, WebP, GIF)
 * are drawn to a canvas and exported as JPEG first. pdf-lib is loaded only here, on the first use, so the
 * page itself stays light.
 */

/** The longest side a photo keeps, in pixels: enough to read a receipt, small enough to send on 4G. */
export const MAX_SIDE = 2000;
const JPEG_QUALITY = 0.85;
/** A4 in PDF points, and the margin around each photo. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 18;

interface Prepared {
  bytes: Uint8Array;
  kind: 'jpg' | 'png';
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
    } catch {
      // Fall through to an <img>, which decodes a few more formats in some browsers.
    }
  }
  const address = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = address;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => undefined };
  } catch {
    throw new PhotoError('Fotografia nu a putut fi citită. Încearcă altă fotografie.');
  } finally {
    URL.revokeObjectURL(address);
  }
}

/** A photo the browser can't read or draw; the message is for the person. */
export class PhotoError extends Error {}

async function toJpeg(decoded: Decoded): Promise<Uint8Array> {
  const scale = Math.min(1, MAX_SIDE / Math.max(decoded.width, decoded.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(decoded.width * scale));
  canvas.height = Math.max(1, Math.round(decoded.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new PhotoError('Browserul nu poate pregăti fotografiile. Trimite-le ca fișiere.');
  // A transparent PNG on white, as on paper.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(decoded.source, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new PhotoError('Fotografia nu a putut fi pregătită. Încearcă din nou.');
  return new Uint8Array(await blob.arrayBuffer());
}

async function prepare(photo: File): Promise<Prepared> {
  const decoded = await decode(photo);
  try {
    const direct = photo.type === 'image/jpeg' ? 'jpg' : photo.type === 'image/png' ? 'png' : null;
    if (direct && Math.max(decoded.width, decoded.height) <= MAX_SIDE) {
      return { bytes: new Uint8Array(await photo.arrayBuffer()), kind: direct };
    }
    return { bytes: await toJpeg(decoded), kind: 'jpg' };
  } finally {
    decoded.close();
  }
}

/** The photos as one PDF, in their order; `onProgress(done, total)` after each page. */
export async function photosToPdf(photos: File[], onProgress?: (done: number, total: number) => void): Promise<Blob> {
  const { PDFDocument } = await import(/* webpackChunkName: "pdf-lib" */ 'pdf-lib');
  const pdf = await PDFDocument.create();
  for (const [index, photo] of photos.entries()) {
    const { bytes, kind } = await prepare(photo);
    const image = kind === 'png' ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
    const landscape = image.width > image.height;
    const [pageWidth, pageHeight] = landscape ? [A4[1], A4[0]] : A4;
    const fit = Math.min((pageWidth - 2 * MARGIN) / image.width, (pageHeight - 2 * MARGIN) / image.height, 1);
    const width = image.width * fit;
    const height = image.height * fit;
    const page = pdf.addPage([pageWidth, pageHeight]);
    page.drawImage(image, { x: (pageWidth - width) / 2, y: (pageHeight - height) / 2, width, height });
    onProgress?.(index + 1, photos.length);
  }
  const bytes = await pdf.save();
  // A copy typed as an ArrayBuffer view (what Blob takes).
  return new Blob([new Uint8Array(bytes)], { type: 'application/pdf' });
}
