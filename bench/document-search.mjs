// The document-search section of bench/run.mjs: POST documents/search of one firm, open loop, at 10,000
// documents and again once the same firm holds 1,000,000 (quick: 200,000), in the same run on the same
// PostgreSQL database. Half the documents are e-Factura invoices (number, supplier name with
// diacritics, CUI, amount payable), seeded with generate_series in batches. Each search is a term a
// user types for one thing: an invoice number, a supplier name, a CUI with RO, an amount, a file name.
// Target: the p99 at the large size within 2× the p99 at 10,000.
import http from 'node:http';
import path from 'node:path';
import { root } from './lib.mjs';

const { default: pg } = await import(path.join(root, 'node_modules/pg/lib/index.js'));

const BATCH = 50_000;
// Supplier names: 20 × 25 × 10 = 5,000 different three-word names, with diacritics.
const FIRST = [
  'Țesătoria',
  'Fabrica',
  'Moara',
  'Ferma',
  'Brutăria',
  'Tipografia',
  'Atelierul',
  'Casa',
  'Grădina',
  'Depozitul',
  'Cabinetul',
  'Studioul',
  'Clinica',
  'Școala',
  'Librăria',
  'Cofetăria',
  'Tâmplăria',
  'Croitoria',
  'Farmacia',
  'Vinăria',
];
const SECOND = [
  'Mureș',
  'Carpați',
  'Dunărea',
  'Bistrița',
  'Someș',
  'Olt',
  'Argeș',
  'Prahova',
  'Siret',
  'Timiș',
  'Crișana',
  'Banat',
  'Dobrogea',
  'Oltenia',
  'Moldova',
  'Bucovina',
  'Maramureș',
  'Ardeal',
  'Făgăraș',
  'Retezat',
  'Ceahlău',
  'Bucegi',
  'Apuseni',
  'Vrancea',
  'Delta',
];
const THIRD = ['SRL', 'SA', 'Grup', 'Impex', 'Trading', 'Prod', 'Com', 'Serv', 'Construct', 'Logistic'];
const supplierName = (s) => `${FIRST[s % 20]} ${SECOND[Math.floor(s / 20) % 25]} ${THIRD[Math.floor(s / 500) % 10]}`;
const sqlArray = (words) => `(array[${words.map((w) => `'${w}'`).join(', ')}])`;
const SUPPLIERS = 5_000;
const CLIENTS = 1_000;

/** Adds documents `from`+1 … `to` of the firm (every other one an invoice), clients made on the first call. */
export async function seed(pool, companyId, from, to, progress) {
  if (from === 0) {
    await pool.query(
      `insert into clients (company_id, name, cui)
       select $1, 'Client Căutare ' || lpad(g::text, 5, '0') || ' SRL', (20000000 + g)::text
       from generate_series(1, $2) g`,
      [companyId, CLIENTS],
    );
  }
  const { rows } = await pool.query(
    `select min(id) as first from clients where company_id = $1 and name like 'Client Căutare %'`,
    [companyId],
  );
  const firstClient = Number(rows[0].first);
  for (let done = from; done < to; done += BATCH) {
    const n = Math.min(BATCH, to - done);
    // Document g: client g % CLIENTS, month g % 12 of 2026; an invoice when g is even.
    await pool.query(
      `with docs as (
         insert into media (company_id, client_id, period, original_name, mime, size, sha256, storage_key)
         select $1, $2 + (g % $4), '2026-' || lpad((1 + g % 12)::text, 2, '0'),
                case when g % 2 = 0 then 'efactura-' || g || '.xml' else 'extras-cont-' || g || '.pdf' end,
                case when g % 2 = 0 then 'application/xml' else 'application/pdf' end,
                2048, repeat('0', 64), 'bench-search/' || g
         from generate_series($3::int + 1, $3::int + $5::int) g
         returning id, client_id, period, original_name
       )
       insert into invoices (company_id, client_id, media_id, kind, number, type_code, issue_date, currency,
                             supplier_cui, supplier_name, buyer_cui, buyer_name,
                             total_without_vat, total_vat, total_payable, parsed, file_name,
                             xml_storage_key, xml_size, xml_sha256)
       select $1, d.client_id, d.id, 'received', 'FCT-' || lpad(d.g::text, 8, '0'), 380,
              (d.period || '-15')::date, 'RON',
              (30000000 + d.g % ${SUPPLIERS})::text,
              ${sqlArray(FIRST)}[1 + (d.g % ${SUPPLIERS}) % 20] || ' ' || ${sqlArray(SECOND)}[1 + (d.g % ${SUPPLIERS}) / 20 % 25]
                || ' ' || ${sqlArray(THIRD)}[1 + (d.g % ${SUPPLIERS}) / 500 % 10],
              (20000000 + d.client_id)::text, 'Client',
              round((d.g % 100000) / 1.21, 2), (d.g % 100000) - round((d.g % 100000) / 1.21, 2),
              (d.g % 100000) + 0.5, '{}', d.original_name, 'bench-search/' || d.g, 2048, repeat('0', 64)
       from (select id, client_id, period, original_name,
                    substring(original_name from '[0-9]+')::int as g from docs) d
       where d.original_name like 'efactura-%'`,
      [companyId, firstClient, done, CLIENTS, n],
    );
    progress(`documente: ${done + n}/${to}`);
  }
  await pool.query('analyze clients');
  await pool.query('analyze media');
  await pool.query('analyze invoices');
}

/** What users type, drawn among the `size` documents seeded (the numbers every 2nd, amounts repeat). */
export function drawTerm(size) {
  const g = 2 * Math.floor(Math.random() * (size / 2));
  const supplier = g % SUPPLIERS;
  switch (Math.floor(Math.random() * 5)) {
    case 0:
      return `FCT-${String(g).padStart(8, '0')}`;
    case 1:
      return supplierName(supplier)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    case 2:
      return `RO${30000000 + supplier}`;
    case 3:
      return `${g % 100000},50`;
    default:
      return `efactura-${g}.xml`;
  }
}

/** POSTs one search; answers its status (or "connection"/"timeout"). */
function send(agent, url, body, token) {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve('connection'));
      },
    );
    req.setTimeout(10_000, () => {
      req.destroy();
      resolve('timeout');
    });
    req.on('error', () => resolve('connection'));
    req.end(body);
  });
}

const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
};

/** Searches at `rate`/s for `duration` s on a Poisson schedule that never waits for answers. */
async function openLoopSearch(s, size, rate, duration) {
  const url = new URL(`${s.base}/api/company/${s.companyId}/documents/search`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const latencies = [];
  let failed = 0;
  const inFlight = [];
  const start = performance.now();
  const end = start + duration * 1000;
  const gap = () => (-Math.log(1 - Math.random()) * 1000) / rate;
  let next = start + gap();
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; next <= now && next < end; next += gap()) {
        const scheduled = next;
        inFlight.push(
          send(agent, url, JSON.stringify({ q: drawTerm(size) }), s.token).then((status) => {
            latencies.push(performance.now() - scheduled);
            if (status !== 200) failed++;
          }),
        );
      }
      if (next >= end) return resolve();
      setTimeout(tick, Math.min(next - now, 1));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  return { count: latencies.length, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/**
 * Runs the section on a PostgreSQL database `db` (benchDatabase of run.mjs) with the server `start`ed on
 * it; answers the figures at each size. `sizes` [small, large].
 */
export async function documentSearchSection({ start, db, sizes, rate, duration, log = console.log }) {
  const s = await start();
  const pool = new pg.Pool({ connectionString: db.env.DATABASE_URL, max: 2 });
  const figures = [];
  try {
    let seeded = 0;
    for (const size of sizes) {
      const t0 = Date.now();
      await seed(pool, s.companyId, seeded, size, (line) => log(`  ${line}`));
      log(`  seeded ${size} documents in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      seeded = size;
      // Warm-up: the first searches read the indexes into memory.
      await openLoopSearch(s, size, rate, 2);
      figures.push({ size, ...(await openLoopSearch(s, size, rate, duration)) });
      log(`  ${size}: ${JSON.stringify(figures[figures.length - 1])}`);
    }
  } finally {
    await pool.end();
    await s.stop();
  }
  return figures;
}
