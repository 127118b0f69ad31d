import { sql } from 'kysely';
import type { Db } from '../../infra/db.js';
import type { MailMessage } from '../../infra/mailer.js';
import { enqueueMany } from '../../infra/outbox.js';

export type Audience = 'company_owners' | 'holding_admins' | 'tenants';

export interface AudienceSpec {
  audience: Audience;
  company_ids: number[];
  holding_ids: number[];
}

export type Recipient = {
  email: string;
  name: string;
  tenant_name: string;
};

async function companyOwners(db: Db, companyIds: number[] | null): Promise<Recipient[]> {
  if (companyIds && companyIds.length === 0) return [];
  let query = db
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.email', 'u.name', 'c.name as tenant_name'])
    .where('u.role', '=', 2)
    .where('u.deleted_at', 'is', null)
    .where('u.email_verified_at', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .where('c.status', '=', 'active');
  if (companyIds) query = query.where('c.id', 'in', companyIds);
  return query.orderBy('u.id').execute();
}

async function holdingAdmins(db: Db, holdingIds: number[] | null): Promise<Recipient[]> {
  if (holdingIds && holdingIds.length === 0) return [];
  let query = db
    .selectFrom('users as u')
    .innerJoin('holdings as h', 'h.id', 'u.holding_id')
    .select(['u.email', 'u.name', 'h.name as tenant_name'])
    .where('u.role', '=', 4)
    .where('u.deleted_at', 'is', null)
    .where('u.email_verified_at', 'is not', null)
    .where('h.deleted_at', 'is', null);
  if (holdingIds) query = query.where('h.id', 'in', holdingIds);
  return query.orderBy('u.id').execute();
}

/** Who a campaign reaches: company owners (role 2 of active companies) and/or holding admins (role 4), one mail per address. */
export async function resolveRecipients(db: Db, spec: AudienceSpec): Promise<Recipient[]> {
  const lists =
    spec.audience === 'company_owners'
      ? [await companyOwners(db, null)]
      : spec.audience === 'holding_admins'
        ? [await holdingAdmins(db, null)]
        : [await companyOwners(db, spec.company_ids), await holdingAdmins(db, spec.holding_ids)];
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const r of lists.flat()) {
    const key = r.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

export interface NewCampaign {
  subject: string;
  html: string;
  text: string;
  spec: AudienceSpec;
  createdBy: number;
}

/** Stores the campaign and queues all its mails in one transaction (all or nothing). */
export async function insertCampaignWithMails(db: Db, campaign: NewCampaign, messages: MailMessage[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('campaigns')
      .values({
        subject: campaign.subject,
        html: campaign.html,
        text: campaign.text,
        audience: campaign.spec.audience,
        tenants: JSON.stringify({ company_ids: campaign.spec.company_ids, holding_ids: campaign.spec.holding_ids }),
        recipients_count: messages.length,
        created_by: campaign.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueMany(trx, messages, { campaignId: row.id });
    return row.id;
  });
}

export interface Progress {
  total: number;
  sent: number;
  failed: number;
  queued: number;
  retrying: number;
}

const progressColumns = sql<Progress>`json_build_object(
  'total', count(o.id),
  'sent', count(o.id) filter (where o.status = 'sent'),
  'failed', count(o.id) filter (where o.status = 'failed'),
  'queued', count(o.id) filter (where o.status = 'queued'),
  'retrying', count(o.id) filter (where o.status = 'queued' and o.attempts > 0)
)`;

export interface CampaignRow {
  id: number;
  subject: string;
  audience: Audience;
  tenants: { company_ids: number[]; holding_ids: number[] };
  recipients_count: number;
  created_at: Date;
  created_by_name: string | null;
  progress: Progress;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('campaigns as c')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .leftJoin('mail_outbox as o', 'o.campaign_id', 'c.id')
    .select([
      'c.id',
      'c.subject',
      'c.audience',
      'c.tenants',
      'c.recipients_count',
      'c.created_at',
      'u.name as created_by_name',
      progressColumns.as('progress'),
    ])
    .groupBy(['c.id', 'u.name']);
}

export async function listCampaigns(
  db: Db,
  page: number,
  perPage: number,
): Promise<{ rows: CampaignRow[]; total: number }> {
  const rows = await baseQuery(db)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const count = await db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as CampaignRow[], total: Number(count.n) };
}

export async function findCampaign(
  db: Db,
  id: number,
): Promise<(CampaignRow & { html: string; text: string }) | undefined> {
  const row = await baseQuery(db)
    .select(['c.html', 'c.text'])
    .groupBy(['c.html', 'c.text'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row as (CampaignRow & { html: string; text: string }) | undefined;
}
