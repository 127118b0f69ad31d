import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db.js';

/**
 * Files a crashed process left on local disk: `*.partial-*` files of an
 * upload cut mid-stream, and whole files of an upload whose rows were never
 * written (the process died between storing and committing). Both are
 * removed at boot, so storage and media rows stay one-to-one.
 *
 * Only files last written before `cutoff` are touched: with the embedded
 * database one process owns DATA_DIR, so the boot time is a safe cutoff; with
 * PostgreSQL other instances may be mid-upload on a shared disk, so the
 * caller passes an older cutoff (a day) and fresh files are left alone.
 */
export async function sweepOrphanFiles(db: Db, root: string, cutoff: Date): Promise<string[]> {
  const candidates: { key: string; file: string }[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return; // no storage directory yet
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(file);
        continue;
      }
      if (!entry.isFile()) continue;
      const stat = await fs.stat(file).catch(() => null);
      if (!stat || stat.mtime >= cutoff) continue;
      candidates.push({ key: path.relative(root, file).split(path.sep).join('/'), file });
    }
  };
  await walk(root);

  const removed: string[] = [];
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500);
    const finals = batch.filter((c) => !c.key.includes('.partial-')).map((c) => c.key);
    const referenced = new Set(
      finals.length
        ? (await db.selectFrom('media').select('storage_key').where('storage_key', 'in', finals).execute()).map(
            (r) => r.storage_key,
          )
        : [],
    );
    for (const c of batch) {
      if (referenced.has(c.key)) continue;
      await fs.rm(c.file, { force: true });
      removed.push(c.key);
    }
  }
  return removed;
}
