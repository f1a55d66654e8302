/**
 * What an analysis is about: a target given as a name (`route`), a qualified name
 * (`Router.route`, `Router::route`) or a location (`src/router.ts:27`, the innermost
 * definition spanning that line), resolved to definition rows of the index.
 * A name may match several definitions; all are returned and the caller decides
 * (usually: list them and ask for file:line).
 */
import { ScoutError } from '../core/errors.js';
import type { IndexDb } from '../index/db.js';
import {
  definitionById as readDefinitionById,
  definitionNames,
  definitionsByName,
  definitionsByQualifiedName,
  definitionsNearLine,
  innermostDefinitionAt,
  qualifiedDefinitionNames,
  type TargetDefinition,
} from '../index/read/definitions.js';
import { fileIdOf, pathsNamed } from '../index/read/files.js';
// editDistance is a pure helper; it lives in search/ (above analysis/ in DESIGN's layering) because
// search was its first user. Reused rather than copied, as the near-name logic elsewhere does.
import { editDistance } from '../search/ranking.js';
import { confine, toRelative } from '../workspace/confine.js';

/** One row of `definitions` with its file path: everything the analyses need (index/read/definitions.ts). */
export type DefinitionRow = TargetDefinition;

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
export function resolveTarget(db: IndexDb, root: string, target: string): DefinitionRow[] {
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

export function definitionById(db: IndexDb, id: number): DefinitionRow | undefined {
  return readDefinitionById(db, id);
}

function definitionsNamed(db: IndexDb, text: string): DefinitionRow[] {
  // Rust and C++ write Type::method; the index joins qualified names with dots.
  const name = text.replace(/::/g, '.');
  let rows: DefinitionRow[];
  if (name.includes('.')) {
    rows = definitionsByQualifiedName(db, name);
    if (rows.length === 0) {
      // `Router.route` also finds `Outer.Router.route`: agents rarely know the full nesting.
      const last = name.split('.').pop() ?? name;
      rows = definitionsByName(db, last).filter((d) =>
        d.qualified_name.endsWith(`.${name}`),
      );
    }
  } else {
    rows = definitionsByName(db, name);
  }
  if (rows.length > 0) return rows;
  const near = nearNames(db, name);
  throw new ScoutError(
    'USAGE',
    `no definition named "${text}" in the index${near.length > 0 ? `; near names: ${near.join(', ')}` : ''}. Pass a name from the index, Class.method, or file:line`,
  );
}

/** Names in the index close to `name` (edit distance or containment), best first. */
export function nearNames(db: IndexDb, name: string, max = 8): string[] {
  const qualified = name.includes('.');
  const lower = name.toLowerCase();
  const pool = qualified ? qualifiedDefinitionNames(db) : definitionNames(db);
  const allowed = Math.max(1, Math.floor(lower.length / 3));
  return pool
    .map((n) => ({ n, d: editDistance(n.toLowerCase(), lower, allowed + 2) }))
    .filter((x) => x.n.length >= 3 && (x.d <= allowed || x.n.toLowerCase().includes(lower) || lower.includes(x.n.toLowerCase())))
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, max)
    .map((x) => x.n);
}

function definitionAtLine(db: IndexDb, root: string, file: string, line: number): DefinitionRow {
  const rel = toRelative(root, confine(root, file));
  const fileId = fileIdOf(db, rel);
  if (fileId === undefined) {
    const base = rel.split('/').pop() ?? rel;
    const near = pathsNamed(db, base);
    throw new ScoutError(
      'USAGE',
      `"${rel}" is not an indexed file${near.length > 0 ? `; did you mean ${near.join(', ')}` : ''}. Pass a path relative to the repository root`,
    );
  }
  if (!Number.isInteger(line) || line < 1) throw new ScoutError('USAGE', `line must be 1 or more, got ${line}`);
  // Innermost = the shortest span containing the line (a method rather than its class).
  const row = innermostDefinitionAt(db, fileId, line);
  if (row) return row;
  const nearby = definitionsNearLine(db, fileId, line);
  throw new ScoutError(
    'USAGE',
    `no definition spans ${rel}:${line}${nearby.length > 0 ? `; nearest: ${nearby.map((d) => `${d.name} (${d.start_line}-${d.end_line})`).join(', ')}` : ' (the file has no definitions)'}`,
  );
}
