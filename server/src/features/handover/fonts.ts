import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The fonts of the proces-verbal: DejaVu (the `dejavu-fonts-ttf` package), which has every Romanian
 * letter (ș ț ă â î, with comma below); PDF's standard fonts have none of them. Resolved through Node's
 * module lookup, so the same code finds them from src/ (tsx, jest) and from the built dist/.
 * Parsed once per process with fontkit (the parser pdfkit uses) and handed to every document, which
 * embeds only the glyphs it uses: a document no longer parses 1.4 MB of font tables.
 */
export interface HandoverFonts {
  regular: Font;
  bold: Font;
}

const FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

let loaded: HandoverFonts | null = null;

export function fontPath(name: keyof typeof FILES): string {
  return createRequire(import.meta.url).resolve(FILES[name]);
}

function open(name: keyof typeof FILES): Font {
  const font = create(fs.readFileSync(fontPath(name)));
  if (!('layout' in font)) throw new Error(`${FILES[name]}: not a single font`);
  return font;
}

export function handoverFonts(): HandoverFonts {
  loaded ??= { regular: open('regular'), bold: open('bold') };
  return loaded;
}
