/**
 * SQLite schema. Bump SCHEMA_VERSION on any change to the tables AND on any change
 * to what extraction produces (a usage role classified differently, a new fact): an
 * index with another version is rebuilt from scratch (with a message), never read with
 * the wrong shape or with facts that unchanged files would otherwise keep forever.
 */
export const SCHEMA_VERSION = 7;

/** The full-text table alone (see its comment in SCHEMA_SQL): a forced rebuild drops and recreates it. */
export const SEARCH_FTS_SQL = `CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING fts5(
  name, signature, docstring, path, body,
  tokenize="unicode61 remove_diacritics 0 tokenchars '_$'"
);`;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  language TEXT NOT NULL,
  hash TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  lines INTEGER NOT NULL,
  syntax_errors INTEGER NOT NULL DEFAULT 0,
  invalid_utf8 INTEGER NOT NULL DEFAULT 0,
  parse_error TEXT,
  -- read but deliberately not parsed (minified, nesting_too_deep, parse_budget_exceeded, binary): no facts
  skip_reason TEXT,
  skip_detail TEXT
);

CREATE TABLE IF NOT EXISTS directories (
  path TEXT PRIMARY KEY,
  mtime_ms REAL NOT NULL
);

CREATE TABLE IF NOT EXISTS skipped (
  path TEXT PRIMARY KEY,
  reason TEXT NOT NULL,
  detail TEXT
);

CREATE TABLE IF NOT EXISTS definitions (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  start_col INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  end_col INTEGER NOT NULL,
  name_line INTEGER NOT NULL,
  name_col INTEGER NOT NULL,
  signature TEXT NOT NULL,
  docstring TEXT,
  is_exported INTEGER NOT NULL,
  decorators TEXT NOT NULL,
  parent TEXT,
  cyclomatic INTEGER,
  cognitive INTEGER,
  max_nesting INTEGER,
  lines INTEGER
);
CREATE INDEX IF NOT EXISTS definitions_file ON definitions(file_id);
CREATE INDEX IF NOT EXISTS definitions_name ON definitions(name);
CREATE INDEX IF NOT EXISTS definitions_qualified ON definitions(qualified_name);

CREATE TABLE IF NOT EXISTS usages (
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  role TEXT NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  end_col INTEGER NOT NULL,
  enclosing TEXT
);
CREATE INDEX IF NOT EXISTS usages_file ON usages(file_id);
CREATE INDEX IF NOT EXISTS usages_name ON usages(name, role);

CREATE TABLE IF NOT EXISTS imports (
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  alias TEXT,
  module TEXT NOT NULL,
  line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS imports_file ON imports(file_id);
CREATE INDEX IF NOT EXISTS imports_name ON imports(name);

CREATE TABLE IF NOT EXISTS exports (
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  alias TEXT,
  module TEXT,
  line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS exports_file ON exports(file_id);

CREATE TABLE IF NOT EXISTS calls (
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  caller TEXT,
  callee TEXT NOT NULL,
  receiver TEXT,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  resolution TEXT NOT NULL,
  module TEXT
);
CREATE INDEX IF NOT EXISTS calls_file ON calls(file_id);
CREATE INDEX IF NOT EXISTS calls_callee ON calls(callee);
CREATE INDEX IF NOT EXISTS calls_caller ON calls(caller);

CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  -- The definition this chunk is the text of (NULL for leftover top-level code).
  definition_id INTEGER,
  symbol TEXT,
  kind TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_file ON chunks(file_id);

-- Full-text index over chunks, one row per chunk (rowid = chunks.id), fields kept apart
-- so ranking can weight them. The text is pre-tokenized by core/code-tokens (identifiers
-- whole and split, lower-cased, lightly stemmed), so FTS5 only splits on spaces. FTS5 keeps
-- the tokenized text itself (not contentless): a contentless_delete table never takes a
-- deleted row out of its row count and token totals, so BM25's statistics (the number of
-- chunks behind each idf, the average length) drift with every reindexed file, and an index
-- a month old ranks differently from a fresh one of the same files (bench/localize: after
-- 40 checkouts attrs counted 30,461 chunks for 2,199). The stored text costs disk, not time.
${SEARCH_FTS_SQL}
CREATE TRIGGER IF NOT EXISTS search_fts_delete AFTER DELETE ON chunks BEGIN
  DELETE FROM search_fts WHERE rowid = old.id;
END;
`;
