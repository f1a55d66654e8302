/**
 * Whether a Python class's bases make it an Enum when a base is the project's own enum class defined in another
 * module: python-telegram-bot declares `class MessageEntityType(StringEnum)` with `StringEnum(str, Enum)` in
 * `telegram/_utils/enum.py`. The base is found through the declaring file's `from … import` lines (relative or
 * absolute, resolved under the repository root only), a few bases deep. Text only, like the rest of the edit.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isInside, readInsideRoot, resolvesInside } from '../../workspace/confine.js';

/** The standard library's enum classes, as a base names them (`Enum`, `enum.IntEnum`, `_enum.Enum`). */
export const ENUM_BASE = /\b(StrEnum|IntEnum|IntFlag|Flag|Enum|ReprEnum)\b/;

/** Bases followed at most this deep (`Color(Base)`, `Base(StringEnum)`, `StringEnum(str, Enum)`). */
const MAX_DEPTH = 4;
/** Folders a top-level package may sit in besides the root (`src/` layouts). */
const PACKAGE_ROOTS = ['', 'src', 'lib'];

/**
 * The Enum kind (`Enum`, `IntEnum`, …) the comma-separated `bases` of a class in `file` (relative to `root`, its
 * text `text`) derive from, or undefined when none does as far as the source shows. Without a root, only the bases
 * and the classes of `text` itself are read (no import is followed).
 */
export function enumBaseKind(root: string | null, file: string, text: string, bases: string, depth = 0): string | undefined {
  const direct = ENUM_BASE.exec(bases)?.[1];
  if (direct || depth >= MAX_DEPTH) return direct;
  for (const base of bases.split(',').map((b) => b.trim())) {
    if (!/^[A-Za-z_][\w.]*$/.test(base)) continue;
    const name = base.split('.').pop() as string;
    const own = classBases(text, name);
    if (own !== undefined) {
      const kind = enumBaseKind(root, file, text, own, depth + 1);
      if (kind) return kind;
      continue;
    }
    const imported = root === null ? null : importOf(text, base);
    if (!imported || root === null) continue;
    // The standard library's class under another name (`from enum import Enum as _Enum`).
    const standard = imported.module === 'enum' ? ENUM_BASE.exec(imported.name)?.[1] : undefined;
    if (standard) return standard;
    const module = moduleFile(root, file, imported.module);
    if (!module) continue;
    const moduleText = readInsideRoot(root, module);
    const theirs = moduleText === null ? undefined : classBases(moduleText, imported.name);
    const kind = theirs === undefined ? undefined : enumBaseKind(root, module, moduleText as string, theirs, depth + 1);
    if (kind) return kind;
  }
  return undefined;
}

/**
 * The bases of `class name(...)` in `text`, on one line ('' when it has none), or undefined when there is no such
 * class: on any line of `text`, or with `atStart` only where `text` starts (a statement's own text). `name` is read as
 * a regular expression: an identifier, or escaped.
 */
export function classBases(text: string, name: string, atStart = false): string | undefined {
  const m = new RegExp(`^[ \\t]*class\\s+${name}\\s*(?:\\[[^\\]]*\\])?\\s*(?:\\(([^)]*)\\))?\\s*:`, atStart ? '' : 'm').exec(text);
  return m ? (m[1] ?? '').replace(/\s+/g, ' ').trim() : undefined;
}

/**
 * Where `base` comes from: `from mod import Base` / `from mod import Other as Base` / `from . import mod` then
 * `mod.Base`, `import pkg.mod` then `pkg.mod.Base`. The module as written (dots kept) and the name in it.
 */
function importOf(text: string, base: string): { module: string; name: string } | null {
  const parts = base.split('.');
  const head = parts[0] as string;
  const name = parts[parts.length - 1] as string;
  const fromImport = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)/gm;
  for (let m = fromImport.exec(text); m; m = fromImport.exec(text)) {
    const module = m[1] as string;
    for (const item of (m[2] as string).replace(/[()\\]/g, ' ').split(',')) {
      const [orig, alias] = item.trim().split(/\s+as\s+/);
      if (!orig) continue;
      const local = (alias ?? orig).trim();
      // `from mod import Base`: the class itself; `from pkg import mod` then `mod.Base`: a module.
      if (parts.length === 1 && local === base) return { module, name: orig.trim() };
      if (parts.length === 2 && local === head) return { module: module.endsWith('.') ? `${module}${orig.trim()}` : `${module}.${orig.trim()}`, name };
    }
  }
  if (parts.length > 1) {
    const module = parts.slice(0, -1).join('.');
    if (new RegExp(`^[ \\t]*import[ \\t]+[^\\n#]*\\b${module.replace(/\./g, '\\.')}\\b`, 'm').test(text)) return { module, name };
  }
  return null;
}

/** The repository-relative file of a module imported from `file` (`.x.y` relative to it, `a.b` from a package root). */
function moduleFile(root: string, file: string, module: string): string | null {
  const dots = /^\.*/.exec(module)?.[0].length ?? 0;
  const rest = module.slice(dots).split('.').filter(Boolean);
  const bases = dots > 0 ? [path.posix.join(path.posix.dirname(file), ...Array(dots - 1).fill('..'))] : PACKAGE_ROOTS;
  for (const dir of bases) {
    const stem = path.posix.join(dir, ...rest);
    for (const candidate of [`${stem}.py`, `${stem}/__init__.py`]) {
      const absolute = path.resolve(root, candidate);
      // Never outside the repository: a relative import with too many dots, or a link, stops at the root.
      if (!isInside(root, absolute) || !existsSync(absolute) || !resolvesInside(root, absolute)) continue;
      return path.relative(root, absolute).split(path.sep).join('/');
    }
  }
  return null;
}
