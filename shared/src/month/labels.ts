import { countOf } from '../lib/plural';
import type { Frequency, ItemStatus, StatusCounts } from './types';

/** What a user reads for each item status (docs/PRODUCT.md, "The month"). */
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  missing: 'Lipsă',
  uploaded: 'Încărcat',
  accepted: 'Acceptat',
  rejected: 'Respins',
  not_applicable: 'Nu se aplică',
};

const ITEM_STATUSES: readonly ItemStatus[] = ['missing', 'uploaded', 'accepted', 'rejected', 'not_applicable'];

/** A number of items with one status, as a sentence reads it: „1 document încărcat”, „20 de documente acceptate”, „2 lipsă”. */
function statusCount(status: ItemStatus, n: number): string {
  switch (status) {
    case 'missing':
      return `${n} lipsă`;
    case 'uploaded':
      return countOf(n, 'document încărcat', 'documente încărcate');
    case 'accepted':
      return countOf(n, 'document acceptat', 'documente acceptate');
    case 'rejected':
      return countOf(n, 'document respins', 'documente respinse');
    default:
      return `${n} nu se aplică`;
  }
}

/** „2 lipsă · 1 document încărcat · 3 documente acceptate”: the statuses a month has, in the usual order. */
export function statusCountsText(counts: StatusCounts): string {
  return ITEM_STATUSES.filter((s) => counts[s] > 0)
    .map((s) => statusCount(s, counts[s]))
    .join(' · ');
}

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  monthly: 'Lunar',
  quarterly: 'Trimestrial',
  yearly: 'Anual',
};

/** The rejection reasons a reviewer picks from (any typed reason is accepted too). */
export const REJECTION_REASONS: readonly string[] = [
  'Bon fiscal fără CUI',
  'Extras fără sold final',
  'Document ilizibil',
  'Altă lună',
  'Altă firmă',
  'Format editabil în loc de PDF',
  'Document incomplet (lipsesc pagini)',
  'Lipsește semnătura sau ștampila',
];
