import type { AppContext } from '../../infra/context.js';
import { errors } from '../../infra/errors.js';
import { renderMail } from '../../infra/mail-templates.js';
import type { MailMessage } from '../../infra/mailer.js';
import { pagedList } from '../../lib/paging.js';
import * as claimsRepo from './claims-repository.js';
import * as repo from './repository.js';

/**
 * The platform administrator's side of CUI claims: the list (both companies and their owners), a grant
 * (the holder loses the CUI, the claimant gets it; both owners told) and a refusal (the claimant told).
 * Mail goes only to owners whose address is verified.
 */

type Ctx = Pick<AppContext, 'db' | 'mailer'>;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function presentClaim(row: claimsRepo.ClaimRow) {
  return {
    id: row.id,
    cui: row.cui,
    status: row.status,
    created_at: iso(row.created_at) as string,
    decided_at: iso(row.decided_at),
    decided_by_name: row.decided_by_name,
    claimant: {
      id: row.claimant_id,
      name: row.claimant_name,
      cui: row.claimant_cui,
      deleted: row.claimant_deleted_at !== null,
      owner_name: (row.claimant_owner_name as string | null) ?? null,
      owner_email: (row.claimant_owner_email as string | null) ?? null,
      owner_verified: Boolean(row.claimant_owner_verified),
    },
    holder:
      row.holder_id === null
        ? null
        : {
            id: row.holder_id,
            name: row.holder_name as string,
            cui: row.holder_cui,
            deleted: row.holder_deleted_at !== null,
            owner_name: (row.holder_owner_name as string | null) ?? null,
            owner_email: (row.holder_owner_email as string | null) ?? null,
            owner_verified: Boolean(row.holder_owner_verified),
          },
  };
}

export async function claimsPage(
  ctx: Pick<Ctx, 'db'>,
  query: { status?: claimsRepo.ClaimStatus; page?: string; per_page?: string },
) {
  const page = Math.max(1, Number(query.page ?? 1) || 1);
  const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 20) || 20));
  const { rows, total } = await claimsRepo.listClaims(ctx.db, { status: query.status ?? null, page, perPage });
  return pagedList(rows.map(presentClaim), { page, perPage }, total);
}

const claimNotFound = () => errors.notFound('Cererea', 'Poate a fost ștearsă sau ai urmat un link vechi.');

async function loadPending(ctx: Pick<Ctx, 'db'>, id: number) {
  const row = await claimsRepo.findClaim(ctx.db, id);
  if (!row) throw claimNotFound();
  if (row.status !== 'pending') throw errors.claimDecided();
  return row;
}

const mailTo = (email: unknown, verified: unknown, subject: string, paragraphs: string[]): MailMessage[] =>
  typeof email === 'string' && verified ? [renderMail(email, { subject, paragraphs })] : [];

/** Grants a pending claim: under the CUI's lock, the live holder's cui → null, the claimant's → the CUI. */
export async function grantClaim(ctx: Ctx, id: number, actor: { id: number; ip: string }) {
  const row = await loadPending(ctx, id);
  if (row.claimant_deleted_at !== null) throw errors.claimCompanyGone();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockCui(trx, row.cui);
    if (!(await claimsRepo.decideClaim(trx, id, { status: 'granted', by: actor.id, at: new Date() })))
      throw errors.claimDecided();
    const holder = await repo.findCuiHolder(trx, row.cui, row.claimant_id);
    if (holder !== undefined) await repo.setCompanyCui(trx, holder, null);
    await repo.setCompanyCui(trx, row.claimant_id, row.cui);
    await repo.recordAudit(trx, {
      userId: actor.id,
      action: 'admin.cui_claim.grant',
      subject: `claim:${id} cui:${row.cui} company:${row.claimant_id}${holder ? ` from:${holder}` : ''}`,
      ip: actor.ip,
    });
  });
  const mails = [
    ...mailTo(row.claimant_owner_email, row.claimant_owner_verified, `CUI-ul ${row.cui} este acum al companiei`, [
      `Administratorul platformei Dosar a verificat cererea: CUI-ul ${row.cui} a fost atribuit companiei „${row.claimant_name}”.`,
    ]),
    ...(row.holder_id !== null && row.holder_deleted_at === null
      ? mailTo(row.holder_owner_email, row.holder_owner_verified, `CUI-ul ${row.cui} a fost mutat la altă companie`, [
          `Administratorul platformei Dosar a verificat o cerere pentru CUI-ul ${row.cui}: acesta a fost atribuit companiei „${row.claimant_name}”, iar compania „${row.holder_name as string}” a rămas fără CUI.`,
          'Dacă CUI-ul este al companiei voastre, răspundeți echipei Dosar cu documentele firmei.',
        ])
      : []),
  ];
  for (const mail of mails) await ctx.mailer.send(mail);
  return {
    message: `CUI-ul ${row.cui} a fost atribuit companiei „${row.claimant_name}”.`,
    claim: await reload(ctx, id),
  };
}

/** Refuses a pending claim: the claimant keeps no CUI and is told. */
export async function refuseClaim(ctx: Ctx, id: number, actor: { id: number; ip: string }) {
  const row = await loadPending(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await claimsRepo.decideClaim(trx, id, { status: 'refused', by: actor.id, at: new Date() })))
      throw errors.claimDecided();
    await repo.recordAudit(trx, {
      userId: actor.id,
      action: 'admin.cui_claim.refuse',
      subject: `claim:${id} cui:${row.cui} company:${row.claimant_id}`,
      ip: actor.ip,
    });
  });
  const mails = mailTo(
    row.claimant_owner_email,
    row.claimant_owner_verified,
    `Cererea pentru CUI-ul ${row.cui} a fost respinsă`,
    [
      `Administratorul platformei Dosar a respins cererea companiei „${row.claimant_name}” pentru CUI-ul ${row.cui}, folosit de altă companie din Dosar. Compania rămâne fără CUI.`,
      'Dacă CUI-ul este al firmei voastre, răspundeți echipei Dosar cu documentele firmei.',
    ],
  );
  for (const mail of mails) await ctx.mailer.send(mail);
  return { message: 'Cererea a fost respinsă.', claim: await reload(ctx, id) };
}

async function reload(ctx: Pick<Ctx, 'db'>, id: number) {
  const row = await claimsRepo.findClaim(ctx.db, id);
  if (!row) throw claimNotFound();
  return presentClaim(row);
}
