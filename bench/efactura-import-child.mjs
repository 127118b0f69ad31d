// The e-Factura import in a process of its own (run by bench/efactura-import.mjs through tsx, so it imports
// the server's sources): a firm with clients, N generated invoices (5–50 lines each) made in batches and
// never all held at once; first a bare parse of every file with the import's own reader (the reference),
// then the same files through importInvoiceFiles (read, matched by CUI, stored, filed in the month with
// their documents, invoice rows and history). Prints the figures as one JSON line; its own peak RSS is
// sampled every 25 ms.
//   DATA_DIR=… [DATABASE_URL=…] npx tsx --expose-gc bench/efactura-import-child.mjs <invoices>
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/infra/db.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { localDiskStorage } from '../server/src/infra/storage.js';
import { memoryRateLimiter } from '../server/src/infra/rate-limit.js';
import { systemClock } from '../server/src/infra/clock.js';
import { seedDemoWorld } from '../server/src/seed.js';
import { readInvoiceFile } from '../server/src/lib/efactura/index.js';
import { importInvoiceFiles } from '../server/src/features/invoices/index.js';
import { CUIS, invoiceXml } from '../server/test/efactura/generate.js';

const total = Number(process.argv[2] ?? 10_000);
const BATCH = 500;
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 25);

const config = loadConfig({ ...process.env, NODE_ENV: 'production' });
const database = await openDatabase(config);
await migrateToLatest(database.db);
const storage = localDiskStorage(`${config.dataDir}/files`);
await seedDemoWorld({ db: database.db, storage });
const company = await database.db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
// The firm's clients are the buyers (received) and some suppliers (issued); a few invoices match nobody.
const clients = await database.db
  .selectFrom('clients')
  .select(['id', 'cui'])
  .where('company_id', '=', company.id)
  .where('deleted_at', 'is', null)
  .where('cui', 'is not', null)
  .execute();
const clientCuis = clients.map((c) => c.cui.replace(/[^0-9]/g, ''));
const ctx = {
  config,
  db: database.db,
  dbKind: database.kind,
  mailer: { async send() {}, async close() {} },
  mailTransport: { async send() {}, async close() {} },
  limiter: memoryRateLimiter(),
  storage,
  clock: systemClock,
};

const month = new Date().toISOString().slice(0, 7);
/** Invoice `i`, the same bytes each time it is made. */
function invoice(i) {
  const stranger = CUIS[i % CUIS.length];
  const client = clientCuis[i % clientCuis.length];
  const issued = i % 5 === 0;
  const nobody = i % 50 === 7;
  const day = String(1 + (i % 28)).padStart(2, '0');
  return {
    name: `factura-${i}.xml`,
    bytes: Buffer.from(
      invoiceXml({
        number: `BENCH-${i}`,
        issueDate: `${month}-${day}`,
        lines: 5 + (i % 46),
        rates: [21, 11, 0],
        seed: i,
        supplier: { cui: issued && !nobody ? client : stranger, name: 'Furnizor SRL' },
        buyer: { cui: issued || nobody ? stranger : client, name: 'Cumpărător SRL' },
      }),
    ),
  };
}
const batchOf = (start) => Array.from({ length: Math.min(BATCH, total - start) }, (_, k) => invoice(start + k));

globalThis.gc?.();
// The reference: a bare parse of every file with the same reader.
let parseMs = 0;
let bytes = 0;
for (let start = 0; start < total; start += BATCH) {
  const files = batchOf(start);
  const t0 = performance.now();
  for (const f of files) await readInvoiceFile(f.bytes);
  parseMs += performance.now() - t0;
  bytes += files.reduce((s, f) => s + f.bytes.length, 0);
}
globalThis.gc?.();
const baseRss = process.memoryUsage().rss;
peak = baseRss;
let importMs = 0;
const statuses = {};
for (let start = 0; start < total; start += BATCH) {
  const files = batchOf(start);
  const t0 = performance.now();
  const answer = await importInvoiceFiles(ctx, { kind: 'company', id: company.id }, files, { actor: null });
  importMs += performance.now() - t0;
  for (const e of answer.data) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
}
const importPeak = peak;
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
clearInterval(sampler);
await database.close();
console.log(
  JSON.stringify({ kind: database.kind, total, bytes, parseMs, importMs, statuses, baseRss, importPeak, heapAfter }),
);
