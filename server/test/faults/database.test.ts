/**
 * Fault: the database becomes unreachable under a running server (PostgreSQL
 * through DATABASE_URL, a fresh database; then `ALLOW_CONNECTIONS false` and
 * every backend terminated). Every call that needs it answers 503 with a
 * Romanian message — never a 500, never a crash — /api/health stays alive,
 * /api/ready says down; when the database returns, the same server (and the
 * same sessions) work again. Runs when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import { tinyPdf } from '../../src/seed.js';
import { isRomanian, reportSummary } from '../security/harness.js';
import {
  adminQuery,
  freePort,
  freshPostgres,
  http as call,
  login,
  startServer,
  storedKeys,
  type ServerProcess,
} from './server-process.js';

const failures: string[] = [];
let cases = 0;
const check = (ok: boolean, message: () => string): void => {
  cases += 1;
  if (!ok) failures.push(message());
};
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: ServerProcess | null = null;
let dropDb: (() => Promise<void>) | null = null;
afterAll(async () => {
  await server?.kill();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await dropDb?.();
});

const messageOf = (text: string): unknown => {
  try {
    return (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
};

async function waitFor(probe: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

(hasPostgres ? test : test.skip)(
  'database unreachable → 503 in Romanian, no crash; recovery when it returns',
  async () => {
    const pg = await freshPostgres();
    if (!pg) return;
    dropDb = pg.drop;
    server = await startServer({ env: { DATABASE_URL: pg.url } });
    const base = server.url;
    const { token } = await login(base, 'owner@demo.ro');
    const list = () => call(`${base}/api/company/1/clients`, { method: 'POST', token, body: '{}' });
    check((await list()).status === 200, () => 'list before the outage');

    // the outage
    await adminQuery(pg.admin, `alter database ${pg.name} allow_connections false`);
    await adminQuery(
      pg.admin,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${pg.name}' and pid <> pg_backend_pid()`,
    );
    const filesBefore = storedKeys(server.dataDir);
    const calls: [string, () => Promise<{ status: number; text(): string }>][] = [
      ['list clients', list],
      ['current user', () => call(`${base}/api/user`, { token })],
      [
        'sign in',
        () =>
          call(`${base}/api/login`, {
            method: 'POST',
            body: JSON.stringify({ email: 'staff@demo.ro', password: 'Demo1234!' }),
          }),
      ],
      ['client view', () => call(`${base}/api/company/1/clients/1`, { method: 'POST', token, body: '{}' })],
      ['download', () => call(`${base}/api/company/1/clients/1/media/1`, { method: 'POST', token })],
      ['zip', () => call(`${base}/api/company/1/clients/1/collection`, { method: 'POST', token, body: '{}' })],
      ['admin list', () => call(`${base}/api/admin/companies`, { token })],
      [
        'register',
        () =>
          call(`${base}/api/company/create`, {
            method: 'POST',
            body: JSON.stringify({
              company_name: 'Firma Pana SRL',
              cui: '18547290',
              name: 'Ion Pana',
              email: 'pana@example.ro',
              password: 'ParolaBuna123',
              password_confirmation: 'ParolaBuna123',
            }),
          }),
      ],
      [
        'upload',
        () => {
          const form = new FormData();
          form.append('files[]', new Blob([tinyPdf('pana')], { type: 'application/pdf' }), 'pana.pdf');
          return call(`${base}/api/company/1/clients/1/storeFiles`, { method: 'POST', token, body: form });
        },
      ],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [label, run] of calls) {
        const res = await run();
        const message = messageOf(res.text());
        check(
          res.status === 503,
          () => `${label} during the outage (round ${round + 1}): ${res.status} ${res.text().slice(0, 200)}`,
        );
        check(isRomanian(message), () => `${label} during the outage: message ${String(message)}`);
      }
    }
    const health = await call(`${base}/api/health`);
    check(health.status === 200, () => `health during the outage: ${health.status}`);
    const ready = await call(`${base}/api/ready`);
    check(
      ready.status === 503 && isRomanian(messageOf(ready.text())),
      () => `ready during the outage: ${ready.status} ${ready.text()}`,
    );
    check(!server.exited(), () => `the server died during the outage:\n${server?.output().slice(-2000)}`);
    const leftover = storedKeys(server.dataDir).filter((k) => !filesBefore.includes(k));
    check(leftover.length === 0, () => `upload during the outage left files: ${leftover.join(', ')}`);

    // the database returns
    await adminQuery(pg.admin, `alter database ${pg.name} allow_connections true`);
    const back = await waitFor(async () => (await call(`${base}/api/ready`)).status === 200, 30_000);
    check(back, () => 'ready did not come back within 30 s');
    const after = await list();
    check(after.status === 200, () => `list after recovery: ${after.status} ${after.text().slice(0, 200)}`);
    const relog = await call(`${base}/api/login`, {
      method: 'POST',
      body: JSON.stringify({ email: 'staff@demo.ro', password: 'Demo1234!' }),
    });
    check(relog.status === 200, () => `sign-in after recovery: ${relog.status}`);
    const form = new FormData();
    form.append('files[]', new Blob([tinyPdf('dupa')], { type: 'application/pdf' }), 'dupa.pdf');
    const upload = await call(`${base}/api/company/1/clients/1/storeFiles`, { method: 'POST', token, body: form });
    check(upload.status === 201, () => `upload after recovery: ${upload.status} ${upload.text().slice(0, 200)}`);
    check(!server.exited(), () => 'the server died');

    // a database that is not there at all when the server starts: a clear exit, not a hang
    const closed = await freePort();
    const started = Date.now();
    let bootError = '';
    try {
      const dead = await startServer({
        env: { DATABASE_URL: `postgres://root@127.0.0.1:${closed}/nimic` },
        timeoutMs: 60_000,
      });
      await dead.kill();
      bootError = 'started without a database';
    } catch (error) {
      bootError = (error as Error).message;
    }
    check(
      /exited during start/.test(bootError) && Date.now() - started < 60_000,
      () => `boot without a database: ${bootError.slice(0, 300)}`,
    );

    reportSummary('faults: database unreachable', cases, failures.length);
    if (failures.length) failures.push(`server output:\n${server.output().slice(-3000)}`);
    expect(failures).toEqual([]);
  },
  300_000,
);

if (!hasPostgres) {
  test('summary (skipped without PostgreSQL)', () => {
    reportSummary('faults: database unreachable', 0, 0, 'skipped: needs TEST_DATABASE_URL');
  });
}
