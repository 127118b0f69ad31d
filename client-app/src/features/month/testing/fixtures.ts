import type { ChecklistItem, MonthMeta, OpenMonth } from '@dosar/shared';

/** The month's answers as docs/api/month.md shapes them, for the tests of this feature. */
export const rejectedItem: ChecklistItem = {
  id: 41,
  requirement_id: 4,
  name: 'Extras de cont',
  details: 'RO49AAAA1B31007593840000',
  category: { id: 3, name: 'Extrase bancare' },
  frequency: 'monthly',
  status: 'rejected',
  note: null,
  reason: 'Extras fără sold final',
  documents: [
    {
      id: 900,
      name: 'extras-noiembrie.pdf',
      mime: 'application/pdf',
      size: 2048,
      created_at: '2026-11-20T10:05:00.000Z',
      uploaded_by_name: 'Utilizator Client Demo',
      review_status: 'rejected',
      review_reason: 'Extras fără sold final',
      reviewed_at: '2026-11-21T09:00:00.000Z',
      reviewed_by_name: 'Maria Contabil',
    },
  ],
};

export const missingItem: ChecklistItem = {
  id: 42,
  requirement_id: 5,
  name: 'Facturi de achiziție',
  details: null,
  category: { id: 2, name: 'Facturi primite' },
  frequency: 'monthly',
  status: 'missing',
  note: null,
  reason: null,
  documents: [],
};

export const acceptedItem: ChecklistItem = {
  ...missingItem,
  id: 43,
  requirement_id: 6,
  name: 'Facturi emise',
  status: 'accepted',
  documents: [
    {
      ...rejectedItem.documents[0],
      id: 901,
      name: 'facturi-emise.pdf',
      review_status: 'accepted',
      review_reason: null,
    },
  ],
};

export function monthMeta(period: string, change: Partial<MonthMeta> = {}): MonthMeta {
  return {
    period,
    due_date: '2026-12-07',
    days_left: 3,
    complete: false,
    closed: false,
    closed_at: null,
    done_at: null,
    done_by_name: null,
    counts: { missing: 1, uploaded: 0, accepted: 0, rejected: 1, not_applicable: 0 },
    total: 2,
    ...change,
  };
}

export function openMonth(period: string, items: ChecklistItem[], change: Partial<MonthMeta> = {}): OpenMonth {
  return { ...monthMeta(period, change), items };
}
