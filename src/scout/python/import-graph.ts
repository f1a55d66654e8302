/**
 * Which Python files can see a module: the files that import it, directly or through other files
 * (`import a.b`, `from a.b import c`, `from . import x`, `from ..pkg import y`, inside functions and
 * `if TYPE_CHECKING:` blocks too). Read from the text, resolved against the repository's own files by
 * dotted-name suffix (`from llm.kinds import X` finds `src/llm/kinds.py`): generous rather than strict, since
 * a file checked for nothing costs little and a file missed loses a break.
 */
import path from 'node:path';
import { scanPython, statementText } from './source-lines.js';

/** Repository-relative `/` paths of Python files -> their text. */
export type PyFiles = ReadonlyMap<string, string>;

function moduleSegments(rel: string): string[] {
  const parts = rel.replace(/\.pyi?$/, '').split('/');
  if (parts[parts.length - 1] === '__init__') parts.pop();
  return parts;
}

/** Dotted-name suffix -> files: `a.b.c` is found as `a.b.c`, `b.c` and `c`. */
function suffixIndex(files: Iterable<string>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const rel of files) {
    const segs = moduleSegments(rel);
    for (let k = 0; k < segs.length; k++) {
      const key = segs.slice(k).join('.');
      const list = index.get(key);
      if (list) list.push(rel);
      else index.set(key, [rel]);
    }
  }
  return index;
}

/** The modules a file imports, as dotted names (relative ones resolved to absolute repository paths, `./`-prefixed). */
export function importsOf(rel: string, text: string): string[] {
  const src = scanPython(text);
  const out: string[] = [];
  const pkg = moduleSegments(rel);
  if (!/__init__\.pyi?$/.test(rel)) pkg.pop();
  for (let i = 0; i < src.info.length; i++) {
    const s = src.info[i];
    if (!s?.start) continue;
    const stmt = statementText(src, i).replace(/#.*$/gm, '').replace(/[()\\]/g, ' ').replace(/\s+/g, ' ').trim();
    i = s.last;
    let m = /^import (.+)$/.exec(stmt);
    if (m) {
      for (const part of (m[1] ?? '').split(',')) {
        const name = part.trim().split(' ')[0];
        if (name) out.push(name);
      }
      continue;
    }
    m = /^from (\.*)([\w.]*) import (.+)$/.exec(stmt);
    if (!m) continue;
    const dots = (m[1] ?? '').length;
    const names = (m[3] ?? '').split(',').map((p) => p.trim().split(' ')[0] ?? '').filter((n) => n && n !== '*');
    let base = m[2] ?? '';
    if (dots > 0) {
      const up = pkg.slice(0, Math.max(0, pkg.length - (dots - 1)));
      base = `./${[...up, ...(base ? base.split('.') : [])].join('.')}`;
    }
    if (base && base !== './') out.push(base);
    for (const n of names) out.push(base && base !== './' ? `${base}.${n}` : `./${[...pkg.slice(0, Math.max(0, pkg.length - (dots - 1))), n].join('.')}`);
  }
  return out;
}

/** The target and every file that imports it, directly or transitively (repository-relative paths, sorted, the target first). */
export function dependentsOf(files: PyFiles, target: string): string[] {
  const index = suffixIndex(files.keys());
  const byPath = new Map<string, string>();
  for (const rel of files.keys()) byPath.set(`./${moduleSegments(rel).join('.')}`, rel);
  const importers = new Map<string, Set<string>>();
  for (const [rel, text] of files) {
    for (const mod of importsOf(rel, text)) {
      const hits = mod.startsWith('./') ? [byPath.get(mod)].filter((x): x is string => x !== undefined) : (index.get(mod) ?? []);
      for (const h of hits) {
        if (h === rel) continue;
        let set = importers.get(h);
        if (!set) importers.set(h, (set = new Set()));
        set.add(rel);
      }
    }
  }
  const seen = new Set<string>([target]);
  const queue = [target];
  while (queue.length > 0) {
    const f = queue.shift() as string;
    for (const imp of importers.get(f) ?? []) {
      if (!seen.has(imp)) {
        seen.add(imp);
        queue.push(imp);
      }
    }
  }
  seen.delete(target);
  return [target, ...[...seen].sort()];
}

export const toPosix = (p: string): string => p.split(path.sep).join('/');

const NARROWS = /\bassert_never\b|^\s*match\b[^\n]*:\s*(?:#.*)?$/m;

/**
 * Of the files that can see the target, those where a new variant can show: they name the type (or the
 * attribute), spell one of its Literal values, or hold a `match` statement or an `assert_never` call (a
 * value reaching one of those through a function's return type is caught there). The others may pass its
 * values around, but cannot narrow over its variants, which is where adding one breaks code. The target's
 * own file always stays.
 */
export function filesThatMayBreak(texts: ReadonlyMap<string, string>, files: readonly string[], mentions: readonly string[]): string[] {
  const words = mentions.filter((m) => /^\w+$/.test(m));
  const quoted = mentions.filter((m) => !/^\w+$/.test(m));
  const wordRe = words.length > 0 ? new RegExp(`\\b(?:${words.join('|')})\\b`) : null;
  return files.filter((f, i) => {
    if (i === 0) return true;
    const text = texts.get(f);
    if (text === undefined) return true;
    return (wordRe?.test(text) ?? false) || quoted.some((q) => text.includes(q)) || NARROWS.test(text);
  });
}
