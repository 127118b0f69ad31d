import { countOf } from '../../lib/plural.js';
import { romanianDateTime } from '../../lib/ro-calendar.js';
import type { ActivityAction } from './index.js';

/** What the history shows for each action (docs/api/month.md, "History"). */
export const ACTION_LABELS: Record<ActivityAction, string> = {
  'document.upload': 'a încărcat',
  'document.download': 'a descărcat',
  'document.preview': 'a previzualizat',
  'document.read': 'a citit o parte din',
  'document.zip': 'a descărcat arhiva',
  'document.move': 'a mutat',
  'document.rename': 'a redenumit',
  'document.delete': 'a șters',
  'document.restore': 'a restaurat',
  'document.accept': 'a acceptat',
  'document.reject': 'a respins',
  'item.not_applicable': 'a marcat «Nu se aplică»',
  'item.applicable': 'a anulat «Nu se aplică»',
  'period.done': 'a anunțat «Am terminat»',
  'period.close': 'a închis luna',
  'period.reopen': 'a redeschis luna',
  'period.handover': 'a descărcat procesul-verbal',
  'upload_link.open': 'a deschis linkul de încărcare',
  'upload_link.revoke': 'a revocat linkul de încărcare',
  'reminder.send': 'a trimis un memento',
  'obligation.file': 'a marcat ca depusă declarația',
  'obligation.unfile': 'a anulat depunerea declarației',
  'client.anaf_change': 'a semnalat o schimbare în registrul ANAF',
  'client.spv_import': 'a adus facturi din SPV',
};

export const labelOf = (action: string): string =>
  Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action as ActivityAction] : action;

/** Which side acted: the firm's staff (roles 2, 3) or the client's people (4, 5); null for anyone else. */
export function sideOf(role: number | null): 'company' | 'holding' | null {
  if (role === 2 || role === 3) return 'company';
  if (role === 4 || role === 5) return 'holding';
  return null;
}

/** The role's name in the export (the names the apps show). */
export const ROLE_NAMES: Record<number, string> = {
  1: 'Administrator platformă',
  2: 'Administrator companie',
  3: 'Angajat companie',
  4: 'Administrator holding',
  5: 'Utilizator holding',
};

type Details = Record<string, unknown>;
const text = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : String(value));
const place = (p: unknown): { category: unknown; period: unknown } =>
  typeof p === 'object' && p !== null
    ? (p as { category: unknown; period: unknown })
    : { category: null, period: null };

/** A preview's or a partial read's bytes: „Octeți citiți: 0–65535, 131072–196607 din 200000 (3 cereri)”. */
function readSpans(details: Details): string {
  if (!Array.isArray(details.spans)) return '';
  const all = details.spans as unknown[];
  const spans = all.slice(0, 8).map((s) => (Array.isArray(s) ? `${text(s[0])}–${text(s[1])}` : '?'));
  if (all.length > spans.length) spans.push('…');
  const reads = Number(details.reads ?? 1);
  return `Octeți citiți: ${spans.join(', ')} din ${text(details.size)}${reads > 1 ? ` (${reads} cereri)` : ''}`;
}

/** The event's details as one Romanian line (the export's „Detalii”). */
export function describeDetails(action: string, details: Details | null): string {
  if (!details) return '';
  switch (action) {
    case 'document.upload':
      return `Categoria: ${text(details.category)}`;
    case 'document.move': {
      const from = place(details.from);
      const to = place(details.to);
      const parts: string[] = [];
      if (from.category !== to.category) parts.push(`Categoria: ${text(from.category)} → ${text(to.category)}`);
      if (from.period !== to.period) parts.push(`Luna: ${text(from.period)} → ${text(to.period)}`);
      return parts.join('; ');
    }
    case 'document.rename':
      return `„${text(details.old_name)}” → „${text(details.new_name)}”`;
    case 'document.zip': {
      const filter = (details.filter ?? {}) as Details;
      const parts = [`${text(details.count)} documente`];
      if (filter.period) parts.push(`luna ${text(filter.period)}`);
      if (filter.category) parts.push(`categoria ${text(filter.category)}`);
      if (filter.ids) parts.push(`${text(filter.ids)} alese`);
      return parts.join('; ');
    }
    case 'document.reject':
      return `Motiv: ${text(details.reason)}`;
    case 'item.not_applicable':
      return `Notă: ${text(details.note)}`;
    case 'period.handover':
      return `${text(details.documents)} documente; ${text(details.not_applicable)} «Nu se aplică»`;
    case 'obligation.file':
      return `${text(details.code)}, ${text(details.period)}; recipisa „${text(details.name)}”`;
    case 'obligation.unfile':
      return `${text(details.code)}, ${text(details.period)}`;
    case 'client.anaf_change':
      return text(details.summary);
    case 'reminder.send':
      return `${countOf(Number(details.items), 'document cerut', 'documente cerute')} din ${text(details.months)}, către ${countOf(Number(details.recipients), 'persoană', 'persoane')}`;
    case 'client.spv_import':
      return `${text(details.files)} fișiere din SPV`;
    case 'document.download':
      return details.pieces ? `Fișierul întreg, din ${text(details.pieces)} cereri parțiale` : '';
    case 'document.preview':
    case 'document.read':
      return readSpans(details);
    case 'document.accept':
    case 'document.delete':
    case 'document.restore':
    case 'item.applicable':
      return '';
    default:
      return Object.entries(details)
        .filter(([key]) => key !== 'name')
        .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : text(value)}`)
        .join('; ');
  }
}

/** A moment as Romanian local time with seconds, „2026-11-22 14:05:09”. */
export const localTime = (date: Date | string): string => romanianDateTime(date);
