import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Versioned, immutable copies of each remote's builds (docs/remotes.md, "Deploys"). A deploy replaces a
 * remote's dist/ folder; the pages already open still hold the old remoteEntry.js and ask for its chunks
 * later. So the server takes every build it sees into `<archive>/<area>/<id>/` (id: the first 12 hex of
 * the sha256 of its remoteEntry.js), written once and never changed, and /remotes.json points at the
 * current one. A build that stopped being current stays servable for `keepMs`, then is removed.
 */
export class RemoteBuilds {
  private readonly seen = new Map<string, { key: string; id: string }>();
  private readonly taking = new Map<string, Promise<string | null>>();

  constructor(
    readonly archiveRoot: string,
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  areaDir(area: string): string {
    return path.join(this.archiveRoot, area);
  }

  /**
   * The id of `area`'s current build (the one in distDir), taken into the archive first if new;
   * null when distDir holds no build.
   */
  current(area: string, distDir: string): Promise<string | null> {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(path.join(distDir, 'remoteEntry.js'));
    } catch {
      return Promise.resolve(null);
    }
    const key = `${stat.size}:${stat.mtimeMs}`;
    const known = this.seen.get(area);
    if (known?.key === key) return Promise.resolve(known.id);
    const pending = this.taking.get(area);
    if (pending) return pending;
    const taking = this.take(area, distDir, key).finally(() => this.taking.delete(area));
    this.taking.set(area, taking);
    return taking;
  }

  private async take(area: string, distDir: string, key: string): Promise<string | null> {
    const entry = await fs.promises.readFile(path.join(distDir, 'remoteEntry.js')).catch(() => null);
    if (!entry) return null;
    const id = crypto.createHash('sha256').update(entry).digest('hex').slice(0, 12);
    const target = path.join(this.areaDir(area), id);
    if (!fs.existsSync(target)) {
      // Copied beside, then renamed: a reader never sees half a build.
      const partial = `${target}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
      await fs.promises.cp(distDir, partial, {
        recursive: true,
        filter: (source) => !source.endsWith('.map'),
      });
      await fs.promises.rename(partial, target).catch(async () => {
        // Another request (or instance) took the same build first.
        await fs.promises.rm(partial, { recursive: true, force: true });
      });
    }
    await fs.promises.rm(path.join(target, '.retired'), { force: true });
    this.seen.set(area, { key, id });
    await this.retireOthers(area, id);
    return id;
  }

  /** Marks every other build of the area retired (from now) and removes those retired over keepMs ago. */
  private async retireOthers(area: string, currentId: string): Promise<void> {
    const dir = this.areaDir(area);
    const builds = await fs.promises.readdir(dir).catch(() => [] as string[]);
    for (const build of builds) {
      if (build === currentId || build.includes('.partial-')) continue;
      const marker = path.join(dir, build, '.retired');
      const retiredAt = Number(await fs.promises.readFile(marker, 'utf8').catch(() => NaN));
      if (Number.isNaN(retiredAt)) {
        await fs.promises.writeFile(marker, String(this.now())).catch(() => undefined);
      } else if (this.now() - retiredAt > this.keepMs) {
        await fs.promises.rm(path.join(dir, build), { recursive: true, force: true });
      }
    }
  }
}
