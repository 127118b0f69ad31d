import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded database. PGlite is Postgres inside this process, without the
 * postmaster that keeps a second server off a data directory: two processes on one DATA_DIR/db each keep
 * their own pages and write-ahead log, and the last to write wins (seen here: 2,000 committed rows of one
 * process gone once the other closed; another directory no longer opened at all, "xlog flush request …
 * is not satisfied"). A second `npm start`, or `npm run admin:create` beside a running server, did exactly
 * that. Every process that opens the embedded database (server and CLI) takes this lock first.
 */
export class DataDirInUseError extends Error {}

const LOCK_FILE = 'db.lock';

function holderOf(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dataDir/db.lock` for this process; answers the release. A lock whose process is gone (a crash,
 * kill -9) is taken over; one held by a running process throws DataDirInUseError, naming it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      // This process itself (a test reopening a directory it closed, a restart that kept its PID in a container).
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw new DataDirInUseError(
          `Baza de date din ${dataDir} este deschisă de alt proces (PID ${holder}). ` +
            `Opriți-l întâi: baza încorporată (PGlite) poate fi folosită de un singur proces odată. ` +
            `Dacă acel proces nu mai rulează, ștergeți ${file}.`,
        );
      }
      fs.rmSync(file, { force: true });
      continue;
    }
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.removeListener('exit', release);
      if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
    };
    process.on('exit', release);
    return release;
  }
  throw new DataDirInUseError(`Nu pot lua ${file}: alt proces îl ia și îl eliberează în același timp.`);
}
