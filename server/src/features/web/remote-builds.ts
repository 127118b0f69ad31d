import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What a remote's build writes last: each file it wrote, with its SHA-256 (build-preset/manifest.js). */
export const BUILD_MANIFEST = 'dosar-build.json';

interface Manifest {
  files: Record<string, { sha256: string; size: number }>;
}

/** A deploy still copying is looked at again after this long, not on every request. */
const RETRY_MS = 1_000;
/** A `.partial-` folder older than this was left by a process that died mid-copy. */
const ABANDONED_MS = 10 * 60_000;

const sha256 = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

/** The manifest in `dir`, or null when it is missing or not one (a deploy still copying it). */
async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    const parsed = JSON.parse(await fs.promises.readFile(path.join(dir, BUILD_MANIFEST), 'utf8')) as Partial<Manifest>;
    if (!parsed.files || typeof parsed.files !== 'object' || !parsed.files['remoteEntry.js']) return null;
    // A manifest naming a path outside its folder is not a build's.
    const safe = Object.keys(parsed.files).every((file) => {
      const resolved = path.resolve(dir, file);
      return resolved.startsWith(`${path.resolve(dir)}${path.sep}`);
    });
    return safe ? (parsed as Manifest) : null;
  } catch {
    return null;
  }
}

/** Whether every file `manifest` names is in `dir` with its bytes. */
async function whole(dir: string, manifest: Manifest): Promise<boolean> {
  for (const [file, expected] of Object.entries(manifest.files)) {
    const bytes = await fs.promises.readFile(path.join(dir, file)).catch(() => null);
    if (!bytes || bytes.length !== expected.size || sha256(bytes) !== expected.sha256) return false;
  }
  return true;
}

/**
 * Versioned, immutable copies of each remote's builds (docs/remotes.md, "Deploys"). A deploy replaces a
 * remote's dist/ folder; the pages already open still hold the old remoteEntry.js and ask for its chunks
 * later. So the server takes every build it sees into `<archive>/<area>/<id>/` (id: the first 12 hex of
 * the sha256 of its remoteEntry.js), written once and never changed, and /remotes.json points at the
 * current one. A build is taken only when whole: its manifest, written last by the build, names every
 * file with its hash, and until each one is there with those bytes the previous build stays current (a
 * deploy copied file by file never reaches a visitor half-way). A build that stopped being current stays
 * servable for `keepMs`, then is removed.
 */
export class RemoteBuilds {
  private readonly seen = new Map<string, { key: string | null; id: string }>();
  private readonly taking = new Map<string, Promise<string | null>>();
  private readonly refused = new Map<string, { key: string; at: number }>();
  private readonly checked = new Map<string, Promise<void>>();

  constructor(
    readonly archiveRoot: string,
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  areaDir(area: string): string {
    return path.join(this.archiveRoot, area);
  }

  /**
   * The id of `area`'s current build: the one in distDir once it is whole (taken into the archive first
   * if new), else the last whole one; null when there is none.
   */
  current(area: string, distDir: string): Promise<string | null> {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(path.join(distDir, BUILD_MANIFEST));
    } catch {
      return this.previous(area);
    }
    const key = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
    const known = this.seen.get(area);
    if (known?.key === key) return Promise.resolve(known.id);
    const refused = this.refused.get(area);
    if (refused?.key === key && this.now() - refused.at < RETRY_MS) return this.previous(area);
    const pending = this.taking.get(area);
    if (pending) return pending;
    const taking = this.take(area, distDir, key).finally(() => this.taking.delete(area));
    this.taking.set(area, taking);
    return taking;
  }

  /** The last whole build of the area (from the archive after a restart). */
  private async previous(area: string): Promise<string | null> {
    await this.checkArchive(area);
    return this.seen.get(area)?.id ?? null;
  }

  private async take(area: string, distDir: string, key: string): Promise<string | null> {
    await this.checkArchive(area);
    const manifest = await readManifest(distDir);
    const id = manifest?.files['remoteEntry.js'].sha256.slice(0, 12);
    const target = id ? path.join(this.areaDir(area), id) : null;
    if (!manifest || !id || !target || (!fs.existsSync(target) && !(await this.copy(distDir, manifest, target)))) {
      this.refused.set(area, { key, at: this.now() });
      return this.seen.get(area)?.id ?? null;
    }
    this.refused.delete(area);
    await fs.promises.rm(path.join(target, '.retired'), { force: true });
    this.seen.set(area, { key, id });
    await this.retireOthers(area, id);
    return id;
  }

  /**
   * Copies the files the manifest names into `target`, each checked against its hash as read; false (and
   * nothing left behind) when one is missing or differs. Copied beside, then renamed: a reader never sees
   * half a build.
   */
  private async copy(distDir: string, manifest: Manifest, target: string): Promise<boolean> {
    const partial = `${target}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    try {
      for (const [file, expected] of Object.entries(manifest.files)) {
        const bytes = await fs.promises.readFile(path.join(distDir, file)).catch(() => null);
        if (!bytes || bytes.length !== expected.size || sha256(bytes) !== expected.sha256) return false;
        await fs.promises.mkdir(path.dirname(path.join(partial, file)), { recursive: true });
        await fs.promises.writeFile(path.join(partial, file), bytes);
      }
      await fs.promises.writeFile(path.join(partial, BUILD_MANIFEST), JSON.stringify(manifest));
      await fs.promises.rename(partial, target).catch(() => undefined); // another instance took it first
      return true;
    } finally {
      await fs.promises.rm(partial, { recursive: true, force: true });
    }
  }

  /**
   * Once per area, before its archive is served: drops every archived build that is not whole (a copy
   * cut short, a file lost) and abandoned partial copies, and remembers the build that was current.
   */
  private checkArchive(area: string): Promise<void> {
    let checking = this.checked.get(area);
    if (!checking) {
      checking = this.dropBroken(area);
      this.checked.set(area, checking);
    }
    return checking;
  }

  private async dropBroken(area: string): Promise<void> {
    const dir = this.areaDir(area);
    const builds = await fs.promises.readdir(dir).catch(() => [] as string[]);
    let current: { id: string; at: number } | null = null;
    for (const build of builds) {
      const folder = path.join(dir, build);
      const stat = await fs.promises.stat(folder).catch(() => null);
      if (!stat?.isDirectory()) continue;
      if (build.includes('.partial-')) {
        if (this.now() - stat.mtimeMs > ABANDONED_MS) await fs.promises.rm(folder, { recursive: true, force: true });
        continue;
      }
      const manifest = await readManifest(folder);
      if (!manifest || !(await whole(folder, manifest))) {
        await fs.promises.rm(folder, { recursive: true, force: true });
        continue;
      }
      const retired = fs.existsSync(path.join(folder, '.retired'));
      if (!retired && (!current || stat.mtimeMs > current.at)) current = { id: build, at: stat.mtimeMs };
    }
    if (current && !this.seen.has(area)) this.seen.set(area, { key: null, id: current.id });
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
