// The baseline build of bench/run.mjs's mixed section: another commit of this repository checked out
// beside it (a git worktree), using this checkout's installed packages, with only its server built. The
// bench starts its server/dist/index.js exactly as it starts the working tree's.
import fs from 'node:fs';
import path from 'node:path';
import { root, sh } from './lib.mjs';

/** Links this checkout's node_modules (the root's, and any workspace's own) into the worktree at `dir`. */
function linkPackages(dir) {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const folder of ['.', ...workspaces]) {
    const installed = path.join(root, folder, 'node_modules');
    if (fs.existsSync(installed) && fs.existsSync(path.join(dir, folder)))
      fs.symlinkSync(installed, path.join(dir, folder, 'node_modules'));
  }
}

/**
 * Checks out `ref` into `dir` and builds its server (tsc, as `npm run build -w server` does). Answers the
 * worktree's root, the commit's short hash and remove(), which deletes the worktree; a failed build
 * removes it at once.
 */
export function addBaseline(ref, dir) {
  sh('git', ['-C', root, 'worktree', 'add', '--detach', '--quiet', dir, ref]);
  const remove = () => sh('git', ['-C', root, 'worktree', 'remove', '--force', dir]);
  try {
    linkPackages(dir);
    const tsc = path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
    sh(process.execPath, [tsc, '-p', path.join('server', 'tsconfig.build.json')], { cwd: dir });
  } catch (error) {
    remove();
    // tsc writes its errors on stdout.
    throw new Error(`baseline ${ref} does not build: ${error.stdout?.toString().trim() || error.message}`);
  }
  const commit = sh('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).trim();
  return { root: dir, commit, remove };
}
