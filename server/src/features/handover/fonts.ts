import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts of the proces-verbal: DejaVu (the `dejavu-fonts-ttf` package), which has every Romanian
 * letter (ș ț ă â î, with comma below); PDF's standard fonts have none of them. Resolved through Node's
 * module lookup, so the same code finds them from src/ (tsx, jest) and from the built dist/.
 * Read once per process; pdfkit embeds only the glyphs a document uses.
 */
export interface HandoverFonts {
  regular: Buffer;
  bold: Buffer;
  mono: Buffer;
}

const FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
} as const;

let loaded: HandoverFonts | null = null;

export function fontPath(name: keyof typeof FILES): string {
  return createRequire(import.meta.url).resolve(FILES[name]);
}

export function handoverFonts(): HandoverFonts {
  loaded ??= {
    regular: fs.readFileSync(fontPath('regular')),
    bold: fs.readFileSync(fontPath('bold')),
    mono: fs.readFileSync(fontPath('mono')),
  };
  return loaded;
}
