/**
 * Fault: a second server (or any second process) started on a DATA_DIR whose embedded database a running
 * server has open. Two PGlite processes on one directory lose committed rows or corrupt it, so the
 * second must stop before touching it, say why in Romanian, and leave the first serving its data.
 */
import fs from 'node:fs';
import { http as call, login, startServer, type ServerProcess } from './server-process.js';

let first: ServerProcess | null = null;
afterAll(async () => {
  await first?.kill();
  if (first) fs.rmSync(first.dataDir, { recursive: true, force: true });
});

test('a second server on the same DATA_DIR stops with a Romanian message; the first keeps its data', async () => {
  first = await startServer();
  const owner = await login(first.url, 'owner@demo.ro');
  const list = (server: ServerProcess) =>
    call(`${server.url}/api/company/${owner.user.company_id}/clients`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ page: 1, per_page: 50 }),
    });
  const before = await list(first);
  expect(before.status).toBe(200);

  // Were it to start, it is killed at once (and the test fails): its output pipes would hold jest open.
  const refused = await startServer({ dataDir: first.dataDir, timeoutMs: 60_000 }).then(
    async (second) => {
      await second.kill();
      return null;
    },
    (error: Error) => error,
  );
  expect(refused?.message).toMatch(/Baza de date din .* este deschisă de alt proces \(PID \d+\)/);

  // The first still answers, with the same data; after a graceful stop the directory opens again.
  const after = await list(first);
  expect(after.status).toBe(200);
  expect(after.text()).toBe(before.text());
  await first.stop();
  first = await startServer({ dataDir: first.dataDir });
  const again = await login(first.url, 'owner@demo.ro');
  expect(again.token).toBeTruthy();
}, 180_000);
