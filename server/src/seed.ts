import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppContext } from './infra/context.js';
import { hashPassword } from './infra/passwords.js';
import { newStorageKey } from './infra/storage.js';
import { seedDemoBilling } from './seed-billing.js';
import { seedDemoClientMonths, seedDemoDefaults } from './seed-month.js';
import { DEFAULT_CATEGORIES } from './features/companies/index.js';

export const DEMO_PASSWORD = 'Demo1234!';

export { DEFAULT_CATEGORIES };

/** A small, valid one-page PDF saying `text`. */
export function tinyPdf(text: string): Buffer {
  // Helvetica in a PDF without an encoding table: plain ASCII (diacritics dropped, "ș" → "s").
  const ascii = text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${ascii}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface TenantSpec {
  company: { name: string; cui: string; email: string };
  holding: { name: string; cui: string; email: string };
  owner: string;
  ownerName: string;
  staff?: string;
  holdingAdmin: string;
  holdingAdminName: string;
  holdingUser?: string;
  clients: { name: string; cui: string; inHolding: boolean; prefix: string; bank: string; notes: string }[];
}

const TENANTS: TenantSpec[] = [
  {
    company: { name: 'Contabil Demo SRL', cui: 'RO12345674', email: 'office@contabil-demo.ro' },
    holding: { name: 'Grup Demo', cui: 'RO23456783', email: 'contact@grup-demo.ro' },
    owner: 'owner@demo.ro',
    ownerName: 'Maria Constantinescu',
    staff: 'staff@demo.ro',
    holdingAdmin: 'holding@demo.ro',
    holdingAdminName: 'Mihai Georgescu',
    holdingUser: 'client@demo.ro',
    clients: [
      {
        name: 'Alfa Distribuție SRL',
        cui: '34567892',
        inHolding: true,
        prefix: 'ALF',
        bank: 'Banca Transilvania',
        notes: 'Documentele lunii se trimit până pe 10. Persoană de contact: Ioana Popescu.',
      },
      {
        name: 'Beta Construct SRL',
        cui: '45678900',
        inHolding: true,
        prefix: 'BET',
        bank: 'BCR',
        notes: 'Lucrări în regie proprie; situațiile de lucrări vin odată cu facturile.',
      },
      {
        name: 'Gamma Consultanță SRL',
        cui: '56789016',
        inHolding: false,
        prefix: 'GMC',
        bank: 'ING Bank',
        notes: 'Plătitor de TVA la încasare.',
      },
    ],
  },
  {
    company: { name: 'Alt Contabil SRL', cui: 'RO67890120', email: 'office@alt-contabil.ro' },
    holding: { name: 'Alt Grup', cui: 'RO78901233', email: 'contact@alt-grup.ro' },
    owner: 'owner2@demo.ro',
    ownerName: 'Radu Stănescu',
    holdingAdmin: 'holding2@demo.ro',
    holdingAdminName: 'Cristina Marin',
    clients: [
      {
        name: 'Delta Transport SRL',
        cui: '89012341',
        inHolding: true,
        prefix: 'DLT',
        bank: 'BRD',
        notes: 'Foile de parcurs se scanează lunar.',
      },
      {
        name: 'Epsilon Agro SRL',
        cui: '90123459',
        inHolding: false,
        prefix: 'EPS',
        bank: 'CEC Bank',
        notes: 'Subvențiile APIA se încasează în contul CEC.',
      },
    ],
  },
];

/** Seeds the demo world (two accounting firms, their holdings, users of every role, clients and documents) once: does nothing when any user exists. */
export async function seedDemoWorld(ctx: Pick<AppContext, 'db' | 'storage'>): Promise<boolean> {
  const { db, storage } = ctx;
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files: { key: string; body: Buffer }[] = [];

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        name: 'Administrator Demo',
        email: 'admin@demo.ro',
        password_hash: passwordHash,
        role: 1,
        email_verified_at: new Date(),
      })
      .execute();

    for (const t of TENANTS) {
      const company = await trx
        .insertInto('companies')
        .values({ ...t.company, phone: '0212345678', address: 'București' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const holding = await trx.insertInto('holdings').values(t.holding).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('company_holding').values({ company_id: company.id, holding_id: holding.id }).execute();

      const people: { email: string; role: 2 | 3 | 4 | 5; name: string }[] = [
        { email: t.owner, role: 2, name: t.ownerName },
        ...(t.staff ? [{ email: t.staff, role: 3 as const, name: 'Andrei Ionescu' }] : []),
        { email: t.holdingAdmin, role: 4, name: t.holdingAdminName },
        ...(t.holdingUser ? [{ email: t.holdingUser, role: 5 as const, name: 'Elena Dumitrescu' }] : []),
      ];
      const userIds: Record<string, number> = {};
      for (const p of people) {
        const row = await trx
          .insertInto('users')
          .values({
            name: p.name,
            email: p.email,
            password_hash: passwordHash,
            email_verified_at: new Date(),
            role: p.role,
            company_id: p.role <= 3 ? company.id : null,
            holding_id: p.role >= 4 ? holding.id : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userIds[p.email] = row.id;
      }

      const categoryIds = new Map<string, number>();
      for (const [position, name] of DEFAULT_CATEGORIES.entries()) {
        const row = await trx
          .insertInto('categories')
          .values({ company_id: company.id, holding_id: null, name, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        categoryIds.set(name, row.id);
      }
      await seedDemoDefaults(trx, company.id);

      for (const [i, c] of t.clients.entries()) {
        const client = await trx
          .insertInto('clients')
          .values({
            company_id: company.id,
            holding_id: c.inHolding ? holding.id : null,
            name: c.name,
            cui: c.cui,
            email: `contabilitate@${c.name.split(' ')[0].toLowerCase()}.ro`,
            phone: '0722000000',
            notes: c.notes,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await seedDemoClientMonths(
          trx,
          {
            id: client.id,
            companyId: company.id,
            index: i,
            name: c.name,
            cui: c.cui,
            prefix: c.prefix,
            bank: c.bank,
            uploader: userIds[c.inHolding ? t.holdingAdmin : t.owner],
            reviewer: userIds[t.staff ?? t.owner],
          },
          categoryIds,
          files,
          tinyPdf,
        );
      }

      const utilBody = Buffer.from(
        `Model de contract de prestări servicii contabile - ${t.company.name}\nCompletați datele firmei.\n`,
        'utf8',
      );
      const utilKey = newStorageKey(`company-${company.id}/utils`);
      files.push({ key: utilKey, body: utilBody });
      const media = await trx
        .insertInto('media')
        .values({
          company_id: company.id,
          client_id: null,
          category_id: null,
          period: null,
          original_name: 'Model contract.txt',
          mime: 'text/plain',
          size: utilBody.length,
          sha256: crypto.createHash('sha256').update(utilBody).digest('hex'),
          storage_key: utilKey,
          uploaded_by: userIds[t.owner],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('utility_files')
        .values({
          company_id: company.id,
          media_id: media.id,
          title: 'Model contract',
          description: 'Contractul de prestări servicii contabile, de completat cu datele firmei.',
        })
        .execute();
    }
    await seedDemoBilling(trx);
    // Files go in before the rows commit: a crash leaves at worst an unreferenced file, never a row without one.
    for (const f of files) await storage.put(f.key, Readable.from(f.body));
  });
  return true;
}
