import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './db.js';

let dir: string;
const others: ChildProcess[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dosar-lock-'));
});
afterEach(() => {
  for (const child of others.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Another live process, holding the lock as a second server would. */
function otherProcessHolds(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  others.push(child);
  fs.writeFileSync(path.join(dir, 'db.lock'), `${child.pid}\n`);
  return child.pid as number;
}

test('a directory held by a running process is refused, naming it', () => {
  const pid = otherProcessHolds();
  expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  expect(() => lockDataDir(dir)).toThrow(`deschisă de alt proces (PID ${pid})`);
  expect(fs.readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(pid));
});

test('the lock of a process that is gone (crash, kill -9) is taken over', async () => {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  fs.writeFileSync(path.join(dir, 'db.lock'), `${child.pid}\n`);
  const release = lockDataDir(dir);
  expect(fs.readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(process.pid));
  release();
  expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
});

test('the embedded database is not opened while another process holds its directory, and is once it let go', async () => {
  otherProcessHolds();
  await expect(openDatabase({ databaseUrl: null, dataDir: dir, databaseInMemory: false })).rejects.toThrow(
    DataDirInUseError,
  );
  // Nothing was created or touched in the held directory.
  expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);
  for (const child of others.splice(0)) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
  const database = await openDatabase({ databaseUrl: null, dataDir: dir, databaseInMemory: false });
  expect(fs.readFileSync(path.join(dir, 'db.lock'), 'utf8').trim()).toBe(String(process.pid));
  await database.close();
  expect(fs.existsSync(path.join(dir, 'db.lock'))).toBe(false);
}, 60_000);
