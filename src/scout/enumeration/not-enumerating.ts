/**
 * Mentions that never make an enumeration site, dropped before mentions are grouped into constructs:
 * - import statements (`import { A, B } from`, `from m import (A, B)`): the new member's import follows its
 *   first use by itself, and a file importing every member is no place to add it (re-exports, `export { A }
 *   from`, stay: a barrel file lists the members);
 * - the members' own declarations (`interface A {`, `class B(...)`, `type C =`): for a union of named types,
 *   the file that declares its members one after another is not a list of them.
 * Language-neutral, from the text of the line (TypeScript, JavaScript and Python spell these alike enough).
 */
import type { Mention } from './mentions.js';

const IMPORT_START = /^\s*(?:import\b(?!\s*\()|from\s+[\w.]+\s+import\b)/;
const DECLARES = /\b(?:interface|type|class|enum|struct|trait|def|function)\s+$/;

export function withoutNonEnumerating(lines: readonly string[], mentions: readonly Mention[]): Mention[] {
  const imports = importLines(lines);
  return mentions.filter((m) => {
    if (imports.has(m.line)) return false;
    const before = (lines[m.line - 1] ?? '').slice(0, m.column).replace(/^\s*(?:export\s+)?(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?/, '');
    return !DECLARES.test(before);
  });
}

/** 1-based lines of import statements, multi-line ones (`import {` … `} from`, `from m import (` … `)`) whole. */
export function importLines(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? '';
    if (!IMPORT_START.test(text)) continue;
    out.add(i + 1);
    const open = /[{(]/.exec(text);
    if (!open || /[})]/.test(text.slice(open.index))) continue;
    // An open bracket: the statement runs to the line that closes it (at most 500 lines on).
    for (let j = i + 1; j < lines.length && j < i + 500; j++) {
      out.add(j + 1);
      if (/[})]/.test(lines[j] ?? '')) {
        i = j;
        break;
      }
    }
  }
  return out;
}
