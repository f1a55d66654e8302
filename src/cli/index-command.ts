/** `scout index`: bring the index up to date and print one summary line (or JSON stats). */
import { SqliteStore } from '../index/store.js';
import { refreshIndex } from '../index/freshness.js';
import type { UpdateResult } from '../index/update-index.js';
import { loadConfig } from '../core/config.js';
import { vectorsCanFollow } from '../search/vector-follow.js';
import { ProgressBar } from './progress.js';

export async function runIndexCommand(root: string, options: { json: boolean; force: boolean }): Promise<UpdateResult & { root: string; database: string; notes: string[] }> {
  const store = SqliteStore.open(root);
  try {
    const bar = options.json ? null : new ProgressBar('indexing');
    const stats = await refreshIndex(root, store, {
      force: options.force,
      onProgress: bar ? (p) => bar.update(p.done, p.total) : undefined,
    });
    bar?.finish();
    const notes = [...store.notes];
    const vectorsStarted = performance.now();
    // A few changed chunks: the next search embeds them (it loads the word tables anyway) and this run
    // skips loading them (about 40 ms). Otherwise the vectors are brought up to date now, so that the first
    // search does not pay for a large sync.
    const config = loadConfig(root);
    if (!vectorsCanFollow(store.database, config)) {
      const { syncEmbeddedVectors } = await import('../search/vector-searcher.js');
      const vectorNote = await syncEmbeddedVectors(store.database, config);
      if (vectorNote) notes.push(vectorNote);
    }
    const withVectors = { ...stats, durationMs: Math.round(stats.durationMs + (performance.now() - vectorsStarted)) };
    return { root, database: store.dbPath, notes, ...withVectors };
  } finally {
    store.close();
  }
}

export function formatIndexSummary(result: Awaited<ReturnType<typeof runIndexCommand>>): string {
  const seconds = result.durationMs / 1000;
  const rate = seconds > 0 ? Math.round(result.linesParsed / seconds) : result.linesParsed;
  const parts = [
    `indexed ${result.filesSeen} files in ${seconds.toFixed(2)} s`,
    `${result.filesParsed} parsed (${result.linesParsed} lines, ${rate} lines/s)`,
    `${result.filesUnchanged} unchanged`,
    `${result.filesDeleted} removed`,
    `${result.filesSkipped} skipped`,
  ];
  if (result.parseFailures > 0) parts.push(`${result.parseFailures} failed to parse (see scout status)`);
  const notes = result.notes.map((n) => `\nnote: ${n}`).join('');
  return `${parts.join(', ')}${notes}`;
}
