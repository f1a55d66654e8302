/**
 * `scout index --store URL`: the local index of a clean checkout, just brought up to date, published as the
 * shared snapshot of its HEAD commit. A working tree with uncommitted changes to tracked files is refused:
 * its index is not the commit's, and every reader would take it for the commit's.
 */
import { execFileSync } from 'node:child_process';
import { ScoutError } from '../../core/errors.js';
import { headCommit } from '../../workspace/git.js';
import { repositoryName } from '../../workspace/git-history.js';
import { SqliteStore } from '../store.js';
import { closeStore, connectStore } from './pg-connection.js';
import { publishSnapshot, type PublishResult } from './publish-snapshot.js';

function modifiedTrackedFiles(root: string): string[] {
  try {
    const out = execFileSync('git', ['status', '--porcelain', '-z', '--untracked-files=no', '--', '.'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split('\0').filter(Boolean).map((l) => l.slice(3));
  } catch {
    return [];
  }
}

export async function publishIndex(root: string, url: string, options: { keep?: number; repo?: string }): Promise<PublishResult> {
  const commit = headCommit(root);
  if (!commit) throw new ScoutError('SNAPSHOT_MISSING', `${root} has no git commit: a shared index is published per commit; commit first, or index without --store`);
  const dirty = modifiedTrackedFiles(root);
  if (dirty.length > 0) {
    throw new ScoutError(
      'USAGE',
      `the working tree differs from ${commit.slice(0, 7)} in ${dirty.length} tracked file(s) (${dirty.slice(0, 3).join(', ')}${dirty.length > 3 ? ', …' : ''}): a shared index must be a commit's; publish from a clean checkout (CI), or commit or stash the changes`,
    );
  }
  const store = await connectStore(url);
  const local = SqliteStore.open(root);
  try {
    return await publishSnapshot(store, local.database, { repo: options.repo ?? repositoryName(root), commit, keep: options.keep });
  } finally {
    local.close();
    await closeStore(store);
  }
}
