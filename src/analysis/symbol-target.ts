/**
 * What an analysis is about: a target given as a name (`route`), a qualified name
 * (`Router.route`, `Router::route`) or a location (`src/router.ts:27`, the innermost
 * definition spanning that line), resolved to definition rows of the index.
 * A name may match several definitions; all are returned and the caller decides
 * (usually: list them and ask for file:line).
 */
import type Database from 'better-sqlite3';
import { ScoutError } from '../core/errors.js';
// editDistance is a pure helper; it lives in search/ (above analysis/ in DESIGN's layering) because
// search was its first user. Reused rather than copied, as the near-name logic elsewhere does.
import { editDistance } from '../search/ranking.js';
import { confine, toRelative } from '../workspace/confine.js';

/** One row of `definitions` with its file path: everything the analyses need. */
export interface DefinitionRow {
  id: number;
  file_id: number;
  file: string;
  language: string;
  name: string;
  qualified_name: string;
  kind: string;
  start_line: number;
  end_line: number;
  /** Qualified name of the enclosing definition (the class of a method), or null at top level. */
  parent: string | null;
  is_exported: number;
  cyclomatic: number | null;
  cognitive: number | null;
  max_nesting: number | null;
  lines: number | null;
}

/** SELECT list for DefinitionRow; queries alias definitions as d and files as f. */
export const DEFINITION_COLUMNS =
  'd.id, d.file_id, f.path AS file, f.language, d.name, d.qualified_name, d.kind, d.start_line, d.end_line, d.parent, d.is_exported, d.cyclomatic, d.cognitive, d.max_nesting, d.lines';

const FROM_DEFINITIONS = `SELECT ${DEFINITION_COLUMNS} FROM definitions d JOIN files f ON f.id = d.file_id`;

/** A definition as shown to callers choosing between several. */
export interface TargetCandidate {
  symbol: string;
  qualified_name: string;
  kind: string;
  file: string;
  line: number;
  end_line: number;
  /** Pass this back as the target to pick this one. */
  target: string;
}

/** Returned instead of an analysis when a name matches several definitions. */
export interface AmbiguousTarget {
  ambiguous: true;
  target: string;
  message: string;
  candidates: TargetCandidate[];
}

/** `file:line` (1-based line); names never end in `:digits`, so this cannot swallow `A::b`. */
const LOCATION = /^(.+):(\d+)$/;

/** Resolve a target to one or more definitions; throws ScoutError when nothing matches. */
export function resolveTarget(db: Database.Database, root: string, target: string): DefinitionRow[] {
  const text = target.trim();
  if (!text) throw new ScoutError('USAGE', 'a target is needed: a symbol name (route), a qualified name (Router.route) or file:line (src/router.ts:27)');
  const location = LOCATION.exec(text);
  if (location) return [definitionAtLine(db, root, location[1] ?? '', Number(location[2]))];
  return definitionsNamed(db, text);
}

/** Several definitions for one target: the answer that lists them and says how to pick one. */
export function ambiguousTarget(target: string, definitions: DefinitionRow[]): AmbiguousTarget {
  const candidates = definitions.map((d) => ({
    symbol: d.name,
    qualified_name: d.qualified_name,
    kind: d.kind,
    file: d.file,
    line: d.start_line,
    end_line: d.end_line,
    target: `${d.file}:${d.start_line}`,
  }));
  return {
    ambiguous: true,
    target,
    message: `${definitions.length} definitions named ${target}; pass file:line to pick one (e.g. ${candidates[0]?.target ?? 'src/file.ts:10'})`,
    candidates,
  };
}

export function definitionById(db: Database.Database, id: number): DefinitionRow | undefined {
  return db.prepare(`${FROM_DEFINITIONS} WHERE d.id = ?`).get(id) as DefinitionRow | undefined;
}

function definitionsNamed(db: Database.Database, text: string): DefinitionRow[] {
  // Rust and C++ write Type::method; the index joins qualified names with dots.
  const name = text.replace(/::/g, '.');
  let rows: DefinitionRow[];
  if (name.includes('.')) {
    rows = db.prepare(`${FROM_DEFINITIONS} WHERE d.qualified_name = ? ORDER BY f.path, d.start_line`).all(name) as DefinitionRow[];
    if (rows.length === 0) {
      // `Router.route` also finds `Outer.Router.route`: agents rarely know the full nesting.
      const last = name.split('.').pop() ?? name;
      rows = (db.prepare(`${FROM_DEFINITIONS} WHERE d.name = ? ORDER BY f.path, d.start_line`).all(last) as DefinitionRow[]).filter((d) =>
        d.qualified_name.endsWith(`.${name}`),
      );
    }
  } else {
    rows = db.prepare(`${FROM_DEFINITIONS} WHERE d.name = ? ORDER BY f.path, d.start_line`).all(name) as DefinitionRow[];
  }
  if (rows.length > 0) return rows;
  const near = nearNames(db, name);
  throw new ScoutError(
    'USAGE',
    `no definition named "${text}" in the index${near.length > 0 ? `; near names: ${near.join(', ')}` : ''}. Pass a name from the index, Class.method, or file:line`,
  );
}

/** Names in the index close to `name` (edit distance or containment), best first. */
export function nearNames(db: Database.Database, name: string, max = 8): string[] {
  const qualified = name.includes('.');
  const lower = name.toLowerCase();
  const pool = db.prepare(qualified ? 'SELECT DISTINCT qualified_name FROM definitions' : 'SELECT DISTINCT name FROM definitions').pluck().all() as string[];
  const allowed = Math.max(1, Math.floor(lower.length / 3));
  return pool
    .map((n) => ({ n, d: editDistance(n.toLowerCase(), lower, allowed + 2) }))
    .filter((x) => x.n.length >= 3 && (x.d <= allowed || x.n.toLowerCase().includes(lower) || lower.includes(x.n.toLowerCase())))
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, max)
    .map((x) => x.n);
}

function definitionAtLine(db: Database.Database, root: string, file: string, line: number): DefinitionRow {
  const rel = toRelative(root, confine(root, file));
  const fileRow = db.prepare('SELECT id FROM files WHERE path = ?').get(rel) as { id: number } | undefined;
  if (!fileRow) {
    const base = rel.split('/').pop() ?? rel;
    const near = db.prepare("SELECT path FROM files WHERE substr(path, -length(?) - 1) = '/' || ? ORDER BY path LIMIT 5").pluck().all(base, base) as string[];
    throw new ScoutError(
      'USAGE',
      `"${rel}" is not an indexed file${near.length > 0 ? `; did you mean ${near.join(', ')}` : ''}. Pass a path relative to the repository root`,
    );
  }
  if (!Number.isInteger(line) || line < 1) throw new ScoutError('USAGE', `line must be 1 or more, got ${line}`);
  // Innermost = the shortest span containing the line (a method rather than its class).
  const row = db
    .prepare(`${FROM_DEFINITIONS} WHERE d.file_id = ? AND d.start_line <= ? AND d.end_line >= ? ORDER BY d.end_line - d.start_line, d.start_line DESC LIMIT 1`)
    .get(fileRow.id, line, line) as DefinitionRow | undefined;
  if (row) return row;
  const nearby = db
    .prepare(`SELECT name, start_line, end_line FROM definitions WHERE file_id = ? ORDER BY abs(start_line - ?) LIMIT 5`)
    .all(fileRow.id, line) as Array<{ name: string; start_line: number; end_line: number }>;
  throw new ScoutError(
    'USAGE',
    `no definition spans ${rel}:${line}${nearby.length > 0 ? `; nearest: ${nearby.map((d) => `${d.name} (${d.start_line}-${d.end_line})`).join(', ')}` : ' (the file has no definitions)'}`,
  );
}
