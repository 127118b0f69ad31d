/**
 * Fault: the server is killed (SIGKILL) in the middle of a streamed upload —
 * one file of the request already stored, the next one half-way — then
 * started again on the same DATA_DIR. Afterwards: no media row without its
 * file, no file without its row, no partial file, and everything that was
 * there before (demo documents, an earlier upload) intact and downloadable.
 *
 * Embedded database only: there one process owns DATA_DIR, so the restart
 * can sweep what the dead process left (on PostgreSQL other instances may be
 * mid-upload; see src/infra/orphans.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { openDatabase } from '../../src/infra/db.js';
import { tinyPdf } from '../../src/seed.js';
import { reportSummary } from '../security/harness.js';
import { http as call, login, startServer, storedKeys, type ServerProcess } from './server-process.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sha = (b: Buffer): string => crypto.createHash('sha256').update(b).digest('hex');
const failures: string[] = [];
let cases = 0;
const check = (ok: boolean, message: () => string): void => {
  cases += 1;
  if (!ok) failures.push(message());
};

let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.kill();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function rowsOf(dataDir: string): Promise<{ id: number; storage_key: string; sha256: string }[]> {
  const database = await openDatabase({ databaseUrl: null, dataDir, databaseInMemory: false });
  try {
    return await database.db.selectFrom('media').select(['id', 'storage_key', 'sha256']).orderBy('id').execute();
  } finally {
    await database.close();
  }
}

/** Starts a multipart upload and keeps streaming the second file until told to stop; resolves when `bytes` of it went out. */
function slowUpload(
  base: string,
  token: string,
  url: string,
  first: Buffer,
  bytes: number,
): { sent: Promise<void>; request: http.ClientRequest } {
  const boundary = `----dosar-crash-${crypto.randomBytes(6).toString('hex')}`;
  const target = new URL(url, base);
  const request = http.request({
    method: 'POST',
    hostname: target.hostname,
    port: target.port,
    path: target.pathname,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(50 * 1024 * 1024),
    },
  });
  request.on('error', () => undefined); // the server dies under it
  const part = (name: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n`;
  request.write(`${part('period')}2026-03\r\n`);
  request.write(part('files[]', 'intreg.pdf'));
  request.write(first);
  request.write('\r\n');
  request.write(part('files[]', 'taiat.pdf'));
  request.write(tinyPdf('taiat'));
  const sent = new Promise<void>((resolve) => {
    let written = 0;
    const chunk = crypto.randomBytes(128 * 1024);
    const timer = setInterval(() => {
      if (request.destroyed) return clearInterval(timer);
      // keep streaming (short of the declared length) until the server is killed
      if (written < 40 * 1024 * 1024) {
        request.write(chunk);
        written += chunk.length;
      }
      if (written >= bytes) resolve();
    }, 20);
    request.on('close', () => clearInterval(timer));
  });
  return { sent, request };
}

(onPostgres ? test.skip : test)(
  'kill -9 mid-upload, restart: no orphan row or file, the rest intact',
  async () => {
    server = await startServer({ env: { UPLOAD_MAX_BYTES: String(100 * 1024 * 1024) } });
    const base = server.url;
    const { token } = await login(base, 'owner@demo.ro');
    const clients = await call(`${base}/api/company/1/clients`, { method: 'POST', token, body: '{}' });
    const client = (
      clients.json<{ data: { id: number; name: string }[] }>().data.find((c) => c.name.startsWith('Alfa')) as {
        id: number;
      }
    ).id;

    // an upload before the crash, which must survive it
    const keep = Buffer.concat([tinyPdf('pastrat'), crypto.randomBytes(40_000)]);
    const form = new FormData();
    form.append('period', '2026-02');
    form.append('files[]', new Blob([keep], { type: 'application/pdf' }), 'pastrat.pdf');
    const kept = await call(`${base}/api/company/1/clients/${client}/storeFiles`, {
      method: 'POST',
      token,
      body: form,
    });
    check(kept.status === 201, () => `upload before the crash: ${kept.status} ${kept.text()}`);
    const keptId = kept.json<{ data: { id: number }[] }>().data[0].id;
    const filesBefore = storedKeys(server.dataDir);

    // the upload cut by the crash: one whole file stored, the next one streaming
    const first = Buffer.concat([tinyPdf('intreg'), crypto.randomBytes(300_000)]);
    const upload = slowUpload(base, token, `/api/company/1/clients/${client}/storeFiles`, first, 3 * 1024 * 1024);
    await upload.sent;
    const deadline = Date.now() + 30_000;
    while (storedKeys(server.dataDir).length <= filesBefore.length + 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const duringCrash = storedKeys(server.dataDir);
    await server.kill();
    upload.request.destroy();
    check(
      duringCrash.length >= filesBefore.length + 2 && duringCrash.some((k) => k.includes('.partial-')),
      () =>
        `the crash did not happen mid-upload (files before ${filesBefore.length}, at the kill ${duringCrash.length}: ${duringCrash.filter((k) => !filesBefore.includes(k)).join(', ')})`,
    );

    // restart on the same data
    server = await startServer({ dataDir: server.dataDir });
    const again = await login(server.url, 'owner@demo.ro');
    const view = await call(`${server.url}/api/company/1/clients/${client}`, {
      method: 'POST',
      token: again.token,
      body: '{}',
    });
    check(view.status === 200, () => `client view after restart: ${view.status}`);
    const names =
      view.status === 200
        ? view.json<{ documents: { id: number; name: string }[] }>().documents.map((d) => d.name)
        : [];
    check(names.includes('pastrat.pdf'), () => `the earlier upload is gone: ${names.join(', ')}`);
    check(
      !names.includes('intreg.pdf') && !names.includes('taiat.pdf'),
      () => `a document of the killed upload shows: ${names.join(', ')}`,
    );
    const download = await call(`${server.url}/api/company/1/clients/${client}/media/${keptId}`, {
      method: 'POST',
      token: again.token,
    });
    check(
      download.status === 200 && sha(download.body) === sha(keep),
      () => `the earlier upload's bytes changed: ${download.status}`,
    );
    const zip = await call(`${server.url}/api/company/1/clients/${client}/collection`, {
      method: 'POST',
      token: again.token,
      body: '{}',
    });
    check(zip.status === 200, () => `zip after restart: ${zip.status}`);
    const form2 = new FormData();
    form2.append('files[]', new Blob([tinyPdf('dupa')], { type: 'application/pdf' }), 'dupa.pdf');
    const after = await call(`${server.url}/api/company/1/clients/${client}/storeFiles`, {
      method: 'POST',
      token: again.token,
      body: form2,
    });
    check(after.status === 201, () => `upload after restart: ${after.status} ${after.text()}`);

    // storage and rows, one to one, read straight from disk and database
    await server.stop();
    const rows = await rowsOf(server.dataDir);
    const files = storedKeys(server.dataDir);
    const keys = new Set(rows.map((r) => r.storage_key));
    for (const f of files) check(keys.has(f), () => `orphan file after restart: ${f}`);
    for (const r of rows) check(files.includes(r.storage_key), () => `row ${r.id} without its file ${r.storage_key}`);
    for (const r of rows) {
      if (!files.includes(r.storage_key)) continue;
      const bytes = fs.readFileSync(`${server.dataDir}/files/${r.storage_key}`);
      check(sha(bytes) === r.sha256, () => `file of row ${r.id} does not match its checksum`);
    }
    reportSummary('faults: kill -9 mid-upload', cases, failures.length);
    expect(failures).toEqual([]);
  },
  300_000,
);

if (onPostgres) {
  test('summary (skipped on PostgreSQL)', () => {
    reportSummary('faults: kill -9 mid-upload', 0, 0, 'skipped: embedded database only');
  });
}
