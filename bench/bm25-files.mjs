// The plain baseline the search benchmarks compare with: SQLite FTS5 (unicode61) over whole files,
// one row per file, the query's words OR-ed (an AND of all words would find nothing for most
// sentences), ranked by bm25().
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openSqlite, transaction } from '../dist/index/sqlite.js';

export class Bm25Files {
  /** `files`: paths relative to `root`; a file that cannot be read is left out. */
  constructor(root, files) {
    this.db = openSqlite(':memory:');
    this.db.exec('CREATE VIRTUAL TABLE files USING fts5(path UNINDEXED, body)');
    const insert = this.db.prepare('INSERT INTO files (path, body) VALUES (?, ?)');
    transaction(this.db, () => {
      for (const f of files) {
        let body;
        try {
          body = readFileSync(path.join(root, f), 'utf8');
        } catch {
          continue;
        }
        insert.run(f, body);
      }
    });
    this.search = this.db.prepare('SELECT path FROM files WHERE files MATCH ? ORDER BY bm25(files) LIMIT ?');
  }

  /** Top `limit` files for a query; `maxWords` caps the OR-ed words (long issue texts). */
  query(q, limit = 10, maxWords = Infinity) {
    const words = [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, maxWords);
    if (!words.length) return { results: [], elapsed_ms: 0 };
    const started = performance.now();
    const rows = this.search.all(words.map((w) => `"${w}"`).join(' OR '), limit);
    return { results: rows.map((r) => ({ file: r.path })), elapsed_ms: performance.now() - started };
  }

  close() {
    this.db.close();
  }
}
