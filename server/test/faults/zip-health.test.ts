/**
 * Zips do not stall the server: while 50 large „Descarcă tot” zips stream to readers on loopback,
 * `/api/health` keeps answering within 500 ms. Bounded: the readers are cut after a few seconds of
 * probing, and the server is killed at the end whatever happens.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { tinyPdf } from '../../src/seed.js';
import { freshPostgres, http, login, startServer, type ServerProcess } from './server-process.js';

const ZIPS = 50;
const FILES = 4;
const FILE_BYTES = 12 * 1024 * 1024;
const PROBE_SECONDS = 6;
const LIMIT_MS = 500;

/** 50 readers of the zip call, each reading an answer as fast as it comes, then the next; the bytes so far on stdout. */
const READERS = `
const http = require('node:http');
let total = 0;
function read() {
  const req = http.request(process.env.URL, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + process.env.TOKEN, 'content-type': 'application/json' },
  }, (res) => {
    if (res.statusCode !== 200) { console.error('zip answered ' + res.statusCode); process.exit(1); }
    res.on('data', (chunk) => { total += chunk.length; });
    res.on('end', read);
  });
  req.on('error', (error) => { console.error(error.message); process.exit(1); });
  req.end(JSON.stringify({ period: '2026-03' }));
}
for (let i = 0; i < Number(process.env.ZIPS); i++) read();
setInterval(() => process.stdout.write(total + '\\n'), 100);
`;

let server: ServerProcess | null = null;
let dropDb: (() => Promise<void>) | null = null;
const latencies: number[] = [];
afterAll(async () => {
  await server?.kill();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await dropDb?.();
});

test(`/api/health answers within ${LIMIT_MS} ms while ${ZIPS} zips of ${(FILES * FILE_BYTES) / 2 ** 20} MB stream`, async () => {
  const pg = await freshPostgres();
  dropDb = pg?.drop ?? null;
  server = await startServer({ env: pg ? { DATABASE_URL: pg.url } : {} });
  const base = server.url;
  const { token, user } = await login(base, 'owner@demo.ro');
  const clients = await http(`${base}/api/company/${user.company_id}/clients`, {
    method: 'POST',
    token,
    body: JSON.stringify({ per_page: 1 }),
  });
  const clientUrl = `${base}/api/company/${user.company_id}/clients/${clients.json<{ data: { id: number }[] }>().data[0].id}`;
  for (let i = 0; i < FILES; i++) {
    // Random bytes: a zip that stores them has nothing to gain from compressing them.
    const body = Buffer.concat([tinyPdf(`Mare ${i}`), crypto.randomBytes(FILE_BYTES)]);
    const form = new FormData();
    form.append('period', '2026-03');
    form.append('files[]', new Blob([body], { type: 'application/pdf' }), `mare-${i}.pdf`);
    const res = await http(`${clientUrl}/storeFiles`, { method: 'POST', token, body: form });
    expect(res.status).toBe(201);
  }

  // The readers run in a process of their own, so what the probes measure is the server, not this
  // process busy taking in 50 streams. Each counts its bytes and says how many it has every 100 ms.
  const readers = spawn(process.execPath, ['-e', READERS], {
    env: { PATH: process.env.PATH, URL: `${clientUrl}/collection`, TOKEN: token, ZIPS: String(ZIPS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const readersExit = new Promise((resolve) => readers.once('exit', resolve));
  let streamed = 0;
  readers.stdout.on('data', (chunk: Buffer) => {
    const last = chunk.toString().trim().split('\n').pop();
    if (last) streamed = Number(last);
  });
  try {
    // Probing starts with the zips, so their start (50 at once) is measured too.
    const until = Date.now() + PROBE_SECONDS * 1000;
    while (Date.now() < until) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    readers.kill('SIGKILL');
    await readersExit;
  }
  const streamedDuringProbes = streamed;
  latencies.sort((a, b) => a - b);
  const worst = latencies[latencies.length - 1];
  process.stdout.write(
    `health under ${ZIPS} zips: ${latencies.length} probes, median ${latencies[latencies.length >> 1].toFixed(0)} ms, worst ${worst.toFixed(0)} ms, ${(streamedDuringProbes / 2 ** 20).toFixed(0)} MB streamed\n`,
  );
  // The zips did stream while the probes ran (10 MB per reader at least), and the probes kept going.
  expect(streamedDuringProbes).toBeGreaterThan(ZIPS * 10 * 2 ** 20);
  expect(latencies.length).toBeGreaterThan(10);
  expect(worst).toBeLessThan(LIMIT_MS);
}, 300_000);
