// bench/run.mjs's `efactura-import` section: 10,000 generated e-Factura invoices (5–50 lines each) imported
// through the import service (read, matched by CUI, stored, filed with documents, invoice rows and history)
// against a bare parse of the same files with the same reader, in the same process and run
// (bench/efactura-import-child.mjs, on the embedded database). Memory: the child's peak RSS while importing,
// against its RSS before (files are made and imported in batches of 500, so it should stay flat).
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fmt, root } from './lib.mjs';

/** `ctx`: { quick, work, record, notes }. */
export async function sectionEfacturaImport({ quick, work, record }) {
  const invoices = quick ? 2_000 : 10_000;
  const out = execFileSync('npx', ['tsx', '--expose-gc', 'bench/efactura-import-child.mjs', String(invoices)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(work, 'efactura-import'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 2 ** 20,
  }).toString();
  const r = JSON.parse(out.trim().split('\n').at(-1));
  const imported = r.total / (r.importMs / 1000);
  const parsed = r.total / (r.parseMs / 1000);
  const statuses = Object.entries(r.statuses)
    .map(([s, n]) => `${fmt.n(n)} ${s}`)
    .join(', ');
  record(
    'Efactura-import',
    `import of ${fmt.n(r.total)} generated XML invoices (5–50 lines, ${fmt.mb(r.bytes)}) through the import service: read, matched, stored, filed (${statuses}), ${r.kind}`,
    `${fmt.n(imported)} invoices/s (${fmt.s(r.importMs)})`,
    `bare parse of the same files with the same reader: ${fmt.n(parsed)} invoices/s (${fmt.s(r.parseMs)})`,
    fmt.pct(imported / parsed),
    '≥ 50 %',
  );
  record(
    'Efactura-import',
    `peak RSS of the process during that import, ${r.kind} (the database runs in the same process)`,
    fmt.mb(r.importPeak),
    `RSS before it: ${fmt.mb(r.baseRss)}`,
    `+${fmt.mb(r.importPeak - r.baseRss)}`,
    'flat (batches of 500 files)',
  );
}
