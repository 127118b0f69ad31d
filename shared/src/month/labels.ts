import type { Frequency, ItemStatus } from './types';

/** What a user reads for each item status (docs/PRODUCT.md, "The month"). */
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  missing: 'Lipsă',
  uploaded: 'Încărcat',
  accepted: 'Acceptat',
  rejected: 'Respins',
  not_applicable: 'Nu se aplică',
};

export const ITEM_STATUSES: readonly ItemStatus[] = ['missing', 'uploaded', 'accepted', 'rejected', 'not_applicable'];

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
