/**
 * The `--store` option (or SCOUT_STORE) of the CLI: `scout index` publishes the commit's index to the shared
 * store after indexing; every other command first makes the local index the shared snapshot of the nearest
 * published ancestor (pulled once per commit), then runs as usual, indexing local changes on top.
 */
import { isScoutError, ScoutError } from '../core/errors.js';
import { storeUrlFrom } from '../index/postgres/pg-connection.js';
import type { StoreListing } from '../index/postgres/store-listing.js';

export interface StoreFlags {
  store?: string;
  keep?: string;
  'repo-name'?: string;
}

function keepOf(flags: StoreFlags): number | undefined {
  if (flags.keep === undefined) return undefined;
  const keep = Number(flags.keep);
  if (!Number.isInteger(keep) || keep < 1) throw new ScoutError('USAGE', `--keep takes a number of commits to keep per repository (1 or more), got "${flags.keep}"`);
  return keep;
}

/** Pull the shared snapshot under the local index when a store is configured; a line for stderr, or null. */
export async function attachIfShared(root: string, flags: StoreFlags): Promise<string | null> {
  const url = storeUrlFrom(flags.store);
  if (!url) return null;
  const { attachSharedIndex, pulledCommit } = await import('../index/postgres/shared-index.js');
  let attached;
  try {
    attached = await attachSharedIndex(root, url, { repo: flags['repo-name'] });
  } catch (error) {
    // The store is down but a snapshot was pulled before: answer from it (the stamp names its commit) rather
    // than not at all. Queries never need the store once a snapshot is here.
    const commit = pulledCommit(root);
    if (!isScoutError(error) || error.code !== 'STORE_UNAVAILABLE' || !commit) throw error;
    return `${error.message.split(';')[0]}; answering from the shared index pulled before (${commit.slice(0, 7)}), with local changes on top`;
  }
  return attached.pulled ? `pulled the shared index of ${attached.repo}@${attached.commit.slice(0, 7)} from ${attached.store} (${attached.rows} rows, ${attached.ms} ms)` : null;
}

/** After `scout index`: publish it when a store is configured; a summary line, or null. */
export async function publishIfShared(root: string, flags: StoreFlags): Promise<{ line: string; result: unknown } | null> {
  const url = storeUrlFrom(flags.store);
  if (!url) return null;
  const keep = keepOf(flags);
  const { publishIndex } = await import('../index/postgres/publish-index.js');
  const result = await publishIndex(root, url, { keep, repo: flags['repo-name'] });
  const line = result.published
    ? `published ${result.repo}@${result.commit.slice(0, 7)}: ${result.rows} rows in ${(result.ms / 1000).toFixed(2)} s${result.pruned > 0 ? `, ${result.pruned} older snapshot(s) pruned` : ''}`
    : `${result.repo}@${result.commit.slice(0, 7)} was already published (snapshot ${result.snapshotId}): nothing written`;
  return { line, result };
}

/** `scout status --store`: what the store holds for this repository (and which others it holds); null without a store. */
export async function storeListingIfShared(root: string, flags: StoreFlags): Promise<StoreListing | null> {
  const url = storeUrlFrom(flags.store);
  if (!url) return null;
  const [{ connectStore, closeStore }, { listStore }, { repositoryName }] = await Promise.all([
    import('../index/postgres/pg-connection.js'),
    import('../index/postgres/store-listing.js'),
    import('../workspace/git-history.js'),
  ]);
  const store = await connectStore(url);
  try {
    return await listStore(store, flags['repo-name'] ?? repositoryName(root));
  } finally {
    await closeStore(store);
  }
}

export function formatStoreListing(listing: StoreListing): string {
  const out = [`store       ${listing.store}: ${listing.repositories.length} repositor${listing.repositories.length === 1 ? 'y' : 'ies'} (${listing.repositories.map((r) => `${r.repo} ${r.snapshots}`).join(', ') || 'nothing published yet'})`];
  if (listing.snapshots.length === 0) out.push(`  ${listing.repo}: no snapshot published (\`scout index --store URL\` publishes HEAD)`);
  if (listing.snapshots.length > 0) out.push(`  ${listing.repo}, newest first:`);
  for (const s of listing.snapshots) out.push(`  ${s.commit.slice(0, 7)}  ${s.createdAt.slice(0, 16).replace('T', ' ')}  ${s.files} files, ${s.rows} rows (snapshot ${s.id})`);
  return out.join('\n');
}
