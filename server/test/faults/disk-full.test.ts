/**
 * Fault: the disk fills up during an upload. The storage directory of a real
 * server process is a 2 MB tmpfs (we run as root in CI; elsewhere the same
 * checks run in-process against a storage that reports ENOSPC past a quota).
 * An upload that does not fit answers 507 with a Romanian message and leaves
 * no file and no row; once it failed, a small upload still works.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '../../src/infra/db.js';
import { localDiskStorage, type Storage } from '../../src/infra/storage.js';
import { tinyPdf } from '../../src/seed.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { field, file, multipart } from '../multipart.js';
import { isRomanian, reportSummary } from '../security/harness.js';
import { http as call, login, startServer, storedKeys, type ServerProcess } from './server-process.js';

const failures: string[] = [];
let cases = 0;
const check = (ok: boolean, message: () => string): void => {
  cases += 1;
  if (!ok) failures.push(message());
};
const pdf = (bytes: number, text = 'doc'): Buffer =>
  Buffer.concat([tinyPdf(text), crypto.randomBytes(Math.max(0, bytes))]);

/** Mounts a tmpfs of `size` at dir; false when this machine doesn't let us. */
function mountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

let server: ServerProcess | null = null;
let mounted: string | null = null;
let inProcess: TestApp | null = null;
afterAll(async () => {
  await server?.kill();
  if (mounted) execFileSync('umount', ['-l', mounted], { stdio: 'pipe' });
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await inProcess?.close();
});

interface Upload {
  (parts: { name: string; bytes: Buffer }[]): Promise<{ status: number; body: string }>;
}

/** The checks, against whatever answers uploads and lists what is stored. */
async function exercise(upload: Upload, files: () => string[], rows: () => Promise<number>): Promise<void> {
  const before = { files: files(), rows: await rows() };
  for (const [label, parts] of [
    ['one file larger than the free space', [{ name: 'mare.pdf', bytes: pdf(3 * 1024 * 1024) }]],
    [
      'a file that fits, then one that does not',
      [
        { name: 'mic.pdf', bytes: pdf(300 * 1024) },
        { name: 'mare.pdf', bytes: pdf(3 * 1024 * 1024) },
      ],
    ],
    [
      'five files that together overflow',
      [0, 1, 2, 3, 4].map((i) => ({ name: `parte-${i}.pdf`, bytes: pdf(600 * 1024, `p${i}`) })),
    ],
  ] as const) {
    const res = await upload([...parts]);
    let message: unknown;
    try {
      message = (JSON.parse(res.body) as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    check(res.status === 507, () => `${label}: expected 507, got ${res.status} ${res.body.slice(0, 200)}`);
    check(isRomanian(message) && /stocare|spațiu/i.test(String(message)), () => `${label}: message ${String(message)}`);
    const after = { files: files(), rows: await rows() };
    const extra = after.files.filter((f) => !before.files.includes(f));
    check(extra.length === 0, () => `${label}: files left behind ${extra.join(', ')}`);
    check(after.rows === before.rows, () => `${label}: rows ${before.rows} → ${after.rows}`);
  }
  const small = await upload([{ name: 'dupa.pdf', bytes: pdf(50 * 1024) }]);
  check(small.status === 201, () => `a small upload after the failures: ${small.status} ${small.body.slice(0, 200)}`);
  check(
    files().length === before.files.length + 1 && (await rows()) === before.rows + 1,
    () => 'the small upload did not store exactly one file and one row',
  );
}

test('disk full during an upload: 507 in Romanian, nothing half-written, the next upload works', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-diskfull-'));
  const filesDir = path.join(dataDir, 'files');
  fs.mkdirSync(filesDir, { recursive: true });
  let mode: string;
  if (mountTmpfs(filesDir, '2m')) {
    mounted = filesDir;
    mode = 'real process, 2 MB tmpfs';
    server = await startServer({ dataDir, env: { UPLOAD_MAX_BYTES: String(20 * 1024 * 1024) } });
    const base = server.url;
    const { token } = await login(base, 'owner@demo.ro');
    const url = `${base}/api/company/1/clients/1/storeFiles`;
    const dbRows = async (): Promise<number> => {
      // the process owns the embedded database: count through the API (every client of the company)
      const list = await call(`${base}/api/company/1/clients`, {
        method: 'POST',
        token,
        body: JSON.stringify({ per_page: 100 }),
      });
      return list.json<{ data: { documents_count: number }[] }>().data.reduce((n, c) => n + c.documents_count, 0);
    };
    await exercise(
      async (parts) => {
        const form = new FormData();
        form.append('period', '2026-04');
        for (const p of parts) form.append('files[]', new Blob([p.bytes], { type: 'application/pdf' }), p.name);
        const res = await call(url, { method: 'POST', token, body: form });
        return { status: res.status, body: res.text() };
      },
      () => storedKeys(dataDir),
      dbRows,
    );
    check(!server.exited(), () => 'the server died on a full disk');
    await server.stop();
    // storage and rows one to one
    const database = await openDatabase({ databaseUrl: null, dataDir, databaseInMemory: false });
    const keys = new Set(
      (await database.db.selectFrom('media').select('storage_key').execute()).map((r) => r.storage_key),
    );
    await database.close();
    const files = storedKeys(dataDir);
    for (const f of files) check(keys.has(f), () => `orphan file ${f}`);
    for (const k of keys) check(files.includes(k), () => `row without file ${k}`);
  } else {
    mode = 'in-process, storage with a 2 MB quota (no tmpfs here)';
    inProcess = await createTestApp({ config: { uploadMaxBytes: 20 * 1024 * 1024 } });
    const t = inProcess;
    const root = path.join(t.dataDir, 'files');
    t.ctx.storage = quotaStorage(localDiskStorage(root), root, 2 * 1024 * 1024);
    const token = await t.login('owner@demo.ro');
    await exercise(
      async (parts) => {
        const body = multipart([
          field('period', '2026-04'),
          ...parts.map((p) => file('files[]', p.name, p.bytes, 'application/pdf')),
        ]);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/company/1/clients/1/storeFiles',
          headers: { authorization: `Bearer ${token}`, ...body.headers },
          payload: body.payload,
        });
        return { status: res.statusCode, body: res.body };
      },
      () => storedKeys(t.dataDir),
      async () =>
        Number(
          (
            await t.ctx.db
              .selectFrom('media')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
    );
  }
  reportSummary('faults: disk full', cases, failures.length, mode);
  expect(failures).toEqual([]);
}, 300_000);

/** A storage whose writes fail with ENOSPC once the directory holds `quota` bytes. */
function quotaStorage(inner: Storage, root: string, quota: number): Storage {
  const used = (): number => {
    let total = 0;
    const walk = (dir: string): void => {
      if (!fs.existsSync(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else total += fs.statSync(p).size;
      }
    };
    walk(root);
    return total;
  };
  return {
    ...inner,
    put(key, body) {
      let written = used();
      // Lazy, like a disk: the error comes out of the stream while it is being written.
      async function* limited(): AsyncGenerator<Buffer> {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          written += chunk.length;
          if (written > quota)
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          yield chunk;
        }
      }
      return inner.put(key, Readable.from(limited()));
    },
  };
}
