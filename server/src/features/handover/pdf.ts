import PDFDocument from 'pdfkit';
import { monthName } from '../../lib/ro-calendar.js';
import { handoverFonts } from './fonts.js';
import type { HandoverDocument, HandoverFacts, NotApplicableItem } from './repository.js';

/**
 * The proces-verbal de predare-primire of a closed month (docs/PRODUCT.md, "The month"): A4 landscape,
 * the parties, the month, every live document (name, the requirement it answers or „În afara listei”,
 * category, who uploaded it, when, SHA-256), the items
 * marked not applicable with their note, totals and the signatures. Pages are written as rows come and
 * the document is a stream the reply reads while it is written.
 */

export interface HandoverContent {
  facts: HandoverFacts;
  period: string;
  documents: HandoverDocument[];
  notApplicable: NotApplicableItem[];
  now: Date;
}

const ZONE = 'Europe/Bucharest';
const DATE = new Intl.DateTimeFormat('ro-RO', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('ro-RO', {
  timeZone: ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
export const localDate = (d: Date | string): string => DATE.format(new Date(d));
export const localDateTime = (d: Date | string): string => DATE_TIME.format(new Date(d)).replace(',', '');

const MARGIN = 36;
const PAGE = { width: 841.89, height: 595.28 };
const BOTTOM = PAGE.height - MARGIN - 14;
const PAD = 3;

interface Column {
  title: string;
  width: number;
  font: 'regular' | 'bold' | 'Helvetica' | 'Courier';
  size: number;
  /** Always one line (numbers, times, hashes): drawn without measuring or wrapping. */
  single?: boolean;
}

// 770 pt across; SHA-256 in 5.4 pt Courier fits its 64 characters on one line. Numbers, times and hashes
// (ASCII only) are in PDF's standard fonts, which need no shaping: a month of 500 documents renders in a
// fraction of the time DejaVu takes for every unique string. Names, categories and people are in DejaVu.
const DOCUMENT_COLUMNS: Column[] = [
  { title: 'Nr.', width: 28, font: 'Helvetica', size: 7.5, single: true },
  { title: 'Document', width: 160, font: 'regular', size: 7.5 },
  { title: 'Pentru cerința', width: 115, font: 'regular', size: 7.5 },
  { title: 'Categorie', width: 80, font: 'regular', size: 7.5 },
  { title: 'Încărcat de', width: 87, font: 'regular', size: 7.5 },
  { title: 'Când', width: 82, font: 'Helvetica', size: 7.5, single: true },
  { title: 'SHA-256', width: 218, font: 'Courier', size: 5.4, single: true },
];
const ITEM_COLUMNS: Column[] = [
  { title: 'Nr.', width: 28, font: 'Helvetica', size: 7.5, single: true },
  { title: 'Ce se cerea', width: 260, font: 'regular', size: 7.5 },
  { title: 'Nota firmei', width: 482, font: 'regular', size: 7.5 },
];

/** What the „Pentru cerința” column says of a document that answers no requirement of the month. */
const OUTSIDE_CHECKLIST = 'În afara listei';

type Doc = PDFKit.PDFDocument;

/** A cell's height, and whether it fits on one line (then drawn without the line wrapper, much cheaper). */
function measure(doc: Doc, column: Column, value: string): { height: number; oneLine: boolean } {
  doc.font(column.font).fontSize(column.size);
  const lineHeight = doc.currentLineHeight(true);
  if (column.single || doc.widthOfString(value) <= column.width - 2 * PAD) return { height: lineHeight, oneLine: true };
  return { height: doc.heightOfString(value, { width: column.width - 2 * PAD }), oneLine: false };
}

function drawRow(doc: Doc, given: Column[], values: string[], bold = false): void {
  const columns = bold ? given.map((c): Column => ({ ...c, font: 'bold', size: 7.5 })) : given;
  const cells = columns.map((c, i) => measure(doc, c, values[i]));
  const height = Math.max(...cells.map((cell) => cell.height)) + 2 * PAD;
  if (doc.y + height > BOTTOM) {
    doc.addPage();
    if (!bold)
      drawRow(
        doc,
        given,
        given.map((c) => c.title),
        true,
      );
  }
  const top = doc.y;
  let x = MARGIN;
  columns.forEach((column, i) => {
    doc.font(column.font).fontSize(column.size);
    if (cells[i].oneLine) doc.text(values[i], x + PAD, top + PAD, { lineBreak: false });
    else doc.text(values[i], x + PAD, top + PAD, { width: column.width - 2 * PAD });
    x += column.width;
  });
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(MARGIN + columns.reduce((sum, c) => sum + c.width, 0), top + height)
    .lineWidth(bold ? 0.8 : 0.3)
    .strokeColor('#888888')
    .stroke();
  doc.x = MARGIN;
  doc.y = top + height;
}

function heading(doc: Doc, text: string): void {
  if (doc.y + 40 > BOTTOM) doc.addPage();
  doc.moveDown(0.8).font('bold').fontSize(10.5).text(text, MARGIN, doc.y).moveDown(0.3);
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function header(doc: Doc, content: HandoverContent): void {
  const { facts, period, now } = content;
  doc.font('bold').fontSize(15).text('PROCES-VERBAL DE PREDARE-PRIMIRE', { align: 'center' });
  doc
    .font('regular')
    .fontSize(10)
    .text(`a documentelor contabile pentru luna ${monthName(period)}`, { align: 'center' })
    .moveDown(1);
  const cui = (value: string | null) => (value ? `, CUI ${value}` : '');
  const lines: [string, string][] = [
    ['Firma de contabilitate (primește): ', `${facts.firm.name}${cui(facts.firm.cui)}`],
    ['Clientul (predă): ', `${facts.client.name}${cui(facts.client.cui)}`],
    ['Luna: ', `${monthName(period)} (${period})`],
    ['Data: ', localDate(now)],
  ];
  if (facts.closed_at) lines.push(['Luna a fost închisă la: ', localDateTime(facts.closed_at)]);
  for (const [label, value] of lines) {
    doc.font('bold').fontSize(9.5).text(label, { continued: true }).font('regular').text(value);
  }
  doc
    .moveDown(0.6)
    .fontSize(9)
    .text(
      'Părțile confirmă predarea, respectiv primirea documentelor de mai jos, încărcate în Dosar pentru luna ' +
        `${monthName(period)}. Amprenta SHA-256 identifică fiecare fișier: orice modificare a lui o schimbă.`,
      { width: PAGE.width - 2 * MARGIN },
    );
}

function signatures(doc: Doc, content: HandoverContent): void {
  if (doc.y + 110 > BOTTOM) doc.addPage();
  doc.moveDown(2);
  const top = doc.y;
  const half = (PAGE.width - 2 * MARGIN) / 2;
  const side = (x: number, title: string, party: string) => {
    doc
      .font('bold')
      .fontSize(10)
      .text(title, x, top, { width: half - 20 });
    doc
      .font('regular')
      .fontSize(9)
      .text(party, x, doc.y, { width: half - 20 })
      .moveDown(0.8);
    for (const label of ['Nume și prenume', 'Semnătura', 'Data']) {
      doc.text(`${label}: ______________________________`, x, doc.y, { width: half - 20 }).moveDown(0.7);
    }
  };
  side(MARGIN, 'Predat', content.facts.client.name);
  side(MARGIN + half, 'Primit', content.facts.firm.name);
}

/** Writes the proces-verbal into `doc` (already piped to the reply), yielding between batches of rows. */
export async function writeHandover(doc: Doc, content: HandoverContent): Promise<void> {
  header(doc, content);
  heading(doc, `Documente predate (${content.documents.length})`);
  drawRow(
    doc,
    DOCUMENT_COLUMNS,
    DOCUMENT_COLUMNS.map((c) => c.title),
    true,
  );
  if (content.documents.length === 0) {
    doc
      .font('regular')
      .fontSize(8.5)
      .text('Niciun document în această lună.', MARGIN + PAD, doc.y + PAD);
  }
  for (const [i, d] of content.documents.entries()) {
    drawRow(doc, DOCUMENT_COLUMNS, [
      String(i + 1),
      d.original_name,
      d.requirement_name ?? OUTSIDE_CHECKLIST,
      d.category_name ?? 'Fără categorie',
      d.uploader_name ?? '—',
      localDateTime(d.created_at),
      d.sha256,
    ]);
    if (i % 100 === 99) await tick();
  }
  heading(doc, `Cerințe marcate „Nu se aplică” (${content.notApplicable.length})`);
  if (content.notApplicable.length === 0) {
    doc
      .font('regular')
      .fontSize(8.5)
      .text('Niciuna.', MARGIN + PAD, doc.y);
  } else {
    drawRow(
      doc,
      ITEM_COLUMNS,
      ITEM_COLUMNS.map((c) => c.title),
      true,
    );
    content.notApplicable.forEach((item, i) => {
      const name = item.details ? `${item.name} (${item.details})` : item.name;
      drawRow(doc, ITEM_COLUMNS, [String(i + 1), name, item.note ?? '—']);
    });
  }
  heading(doc, 'Total');
  const byCategory = new Map<string, number>();
  for (const d of content.documents) {
    const key = d.category_name ?? 'Fără categorie';
    byCategory.set(key, (byCategory.get(key) ?? 0) + 1);
  }
  const outside = content.documents.filter((d) => d.requirement_name === null).length;
  doc.font('regular').fontSize(9).text(`Documente predate: ${content.documents.length}`, MARGIN, doc.y);
  for (const [name, count] of byCategory) doc.text(`   ${name}: ${count}`);
  if (outside) doc.text(`   din care în afara listei: ${outside}`);
  doc.text(`Cerințe marcate „Nu se aplică”: ${content.notApplicable.length}`);
  signatures(doc, content);
  doc.end();
}

/** A new proces-verbal document with the DejaVu fonts registered (regular, bold). */
export function newHandoverPdf(content: Pick<HandoverContent, 'facts' | 'period'>): Doc {
  const fonts = handoverFonts();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: {
      Title: `Proces-verbal de predare-primire ${content.facts.client.name} ${content.period}`,
      Author: content.facts.firm.name,
      Creator: 'Dosar',
    },
  });
  // pdfkit 0.20 takes a parsed fontkit font (PDFFontFactory.open); @types/pdfkit 0.17 lists only paths and bytes.
  doc.registerFont('regular', fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('bold', fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);
  doc.font('regular');
  return doc;
}
