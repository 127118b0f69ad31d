import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from './db/schema.js';
import type { ReviewStatus } from './db/schema-month.js';
import { newStorageKey } from './infra/storage.js';
import { addMonths, currentMonth } from './lib/ro-calendar.js';
import { insertDefaultSet, provisionClientRequirements, type Profile } from './features/month/index.js';

/**
 * The demo world's months (docs/PRODUCT.md, "The month"): each firm's default set, each client's profile
 * and requirements from four months ago and five months of documents — the oldest closed and accepted,
 * then accepted, rejected (with a reason from the catalogue), awaiting review and missing items; one
 * client said „Am terminat” for the current month. A new user opens a month that is alive.
 */

type Trx = Transaction<Database>;

/** The months the demo covers, oldest first (4 = four months ago). */
export const DEMO_MONTHS = 5;

/** The profile of each demo client, by CUI. */
const PROFILES: Record<string, Profile> = {
  '34567892': { bank_accounts: ['RO38BTRLRONCRT0512345601'], has_employees: false, has_cash_register: true },
  '45678900': { bank_accounts: ['RO98RNCB0082044519870001'], has_employees: true, has_cash_register: false },
  '56789016': { bank_accounts: [], has_employees: false, has_cash_register: false },
  '89012341': { bank_accounts: ['RO27BRDE410SV23456784100'], has_employees: true, has_cash_register: false },
  '90123459': { bank_accounts: ['RO28CECEB00030RON2468135'], has_employees: false, has_cash_register: false },
};

const MONTHS = [
  'ianuarie',
  'februarie',
  'martie',
  'aprilie',
  'mai',
  'iunie',
  'iulie',
  'august',
  'septembrie',
  'octombrie',
  'noiembrie',
  'decembrie',
];
const label = (period: string) => `${MONTHS[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;

export interface DemoClient {
  id: number;
  companyId: number;
  index: number;
  name: string;
  cui: string;
  prefix: string;
  bank: string;
  /** Who uploads (the holding's administrator, or the firm for a client outside a holding). */
  uploader: number;
  /** Who reviews (the firm's staff, else its owner). */
  reviewer: number;
}

interface DemoDocument {
  category: string;
  name: string;
  review: ReviewStatus;
  reason?: string;
}

/** What client `c` sent for the month `ago` months back, with the firm's review. */
function documentsOf(c: DemoClient, ago: number): DemoDocument[] {
  const period = addMonths(currentMonth(), -ago);
  const number = String(40 + ago * 7 + c.prefix.length + c.index * 3).padStart(4, '0');
  const profile = PROFILES[c.cui];
  const accepted: ReviewStatus = 'accepted';
  const docs: DemoDocument[] = [
    { category: 'Facturi emise', name: `Factură ${c.prefix}-${number} ${label(period)}.pdf`, review: accepted },
    { category: 'Facturi primite', name: `Facturi furnizori ${label(period)}.pdf`, review: accepted },
    { category: 'Extrase bancare', name: `Extras de cont ${c.bank} ${label(period)}.pdf`, review: accepted },
  ];
  if (profile.has_employees)
    docs.push({ category: 'Salarii', name: `Stat de plată ${label(period)}.pdf`, review: accepted });
  if (profile.has_cash_register)
    docs.push({ category: 'Bonuri fiscale', name: `Raport Z ${label(period)}.pdf`, review: accepted });
  if (ago >= 2) return docs;
  if (ago === 1) {
    // Last month: one supplier invoice file rejected, the rest accepted; one client still owes its statement.
    if (c.index % 2 === 0) docs[1] = { ...docs[1], review: 'rejected', reason: 'Document ilizibil' };
    if (c.index === 2) docs.splice(2, 1);
    return docs;
  }
  // This month: the issued invoices await review; some items are still missing.
  if (c.index === 1) return docs.map((d) => ({ ...d, review: 'pending' as const }));
  return [{ ...docs[0], review: 'pending' }, ...(c.index === 0 ? [{ ...docs[2], review: 'pending' as const }] : [])];
}

/** The demo month of one firm: its default set (its categories exist). */
export const seedDemoDefaults = (trx: Trx, companyId: number) => insertDefaultSet(trx, companyId);

/**
 * One client's profile, requirements and five months of documents (their files are pushed to `files`,
 * stored by the caller before the transaction commits).
 */
export async function seedDemoClientMonths(
  trx: Trx,
  c: DemoClient,
  categoryIds: Map<string, number>,
  files: { key: string; body: Buffer }[],
  tinyPdf: (text: string) => Buffer,
): Promise<void> {
  const profile = PROFILES[c.cui];
  await trx.updateTable('clients').set(profile).where('id', '=', c.id).execute();
  const first = addMonths(currentMonth(), -(DEMO_MONTHS - 1));
  await provisionClientRequirements(trx, { companyId: c.companyId, clientId: c.id }, profile, first);
  const requirements = await trx
    .selectFrom('requirements')
    .select(['id', 'category_id'])
    .where('client_id', '=', c.id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const requirementOf = (categoryId: number | null) =>
    requirements.find((r) => r.category_id === categoryId)?.id ?? null;
  for (let ago = DEMO_MONTHS - 1; ago >= 0; ago--) {
    const period = addMonths(currentMonth(), -ago);
    const uploadedAt = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5)) - 1, 20 + c.index, 9, 30));
    for (const doc of documentsOf(c, ago)) {
      const categoryId = categoryIds.get(doc.category) ?? null;
      const body = tinyPdf(`${c.name} - ${doc.name.replace(/\.pdf$/, '')}`);
      const key = newStorageKey(`company-${c.companyId}/client-${c.id}`);
      files.push({ key, body });
      const created = ago === 0 ? new Date() : uploadedAt;
      await trx
        .insertInto('media')
        .values({
          company_id: c.companyId,
          client_id: c.id,
          category_id: categoryId,
          period,
          original_name: doc.name,
          mime: 'application/pdf',
          size: body.length,
          sha256: crypto.createHash('sha256').update(body).digest('hex'),
          storage_key: key,
          uploaded_by: c.uploader,
          created_at: created,
          requirement_id: requirementOf(categoryId),
          review_status: doc.review,
          review_reason: doc.reason ?? null,
          reviewed_by: doc.review === 'pending' ? null : c.reviewer,
          reviewed_at: doc.review === 'pending' ? null : new Date(created.getTime() + 2 * 86400000),
        })
        .execute();
    }
  }
  // The oldest month is closed (the e2e journeys move documents to three months ago: that one stays open);
  // the second client of each firm said „Am terminat” for this month.
  await trx
    .insertInto('client_periods')
    .values({
      company_id: c.companyId,
      client_id: c.id,
      period: first,
      closed_at: new Date(
        Date.UTC(Number(addMonths(first, 1).slice(0, 4)), Number(addMonths(first, 1).slice(5)) - 1, 12),
      ),
      closed_by: c.reviewer,
    })
    .execute();
  if (c.index === 1) {
    await trx
      .insertInto('client_periods')
      .values({
        company_id: c.companyId,
        client_id: c.id,
        period: currentMonth(),
        done_at: new Date(),
        done_by: c.uploader,
      })
      .execute();
  }
}
