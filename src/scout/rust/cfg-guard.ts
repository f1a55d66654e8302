/**
 * Rust code that `cargo check` may not compile: an item, block or arm under a `#[cfg(…)]` attribute whose
 * condition a default build on this machine may not meet (another OS, `test`, a feature). The checker runs
 * `cargo check` once, for the host and the default features, so a break there is never reported.
 *
 * Read from the text: walking up from the line, each enclosing block's opening line (found by brace depth)
 * and the attributes just above it, and the attributes just above the line's own statement.
 */
import { blankCommentsAndLiterals } from '../verify/c-like-code.js';

const CFG = /#\[cfg\((.*)\)\]/;
/** Conditions a default build on Linux meets: not guards. */
const ALWAYS_ON_HERE = /^(?:unix|target_os\s*=\s*"linux"|target_family\s*=\s*"unix"|debug_assertions|not\((?:windows|test|target_os\s*=\s*"(?:windows|macos|ios|android)")\))$/;

/**
 * The file's lines with comments and literals blanked, once per file: an answer asks about every site of a file,
 * and the callers hand the same lines array each time (FileCache).
 */
const blankedByLines = new WeakMap<readonly string[], string[]>();

function blankedCode(lines: readonly string[]): string[] {
  let code = blankedByLines.get(lines);
  if (!code) {
    // Lifetimes (`'a`) first: the blanker would read one as an unclosed char literal and blank the rest of its line.
    const text = lines.join('\n').replace(/'[A-Za-z_]\w*(?![\w'])/g, (m) => ' '.repeat(m.length));
    code = blankCommentsAndLiterals(text, { raw: [], keepQuotes: false }).split('\n');
    blankedByLines.set(lines, code);
  }
  return code;
}

/** Lines 1-based; the guard over `line`, as written (`#[cfg(windows)]`), or null. */
export function rustCfgGuard(lines: readonly string[], line: number): string | null {
  const code = blankedCode(lines);
  const attributeAbove = (at: number): string | null => {
    for (let i = at - 1; i >= 0 && i >= at - 4; i--) {
      const text = lines[i]?.trim() ?? '';
      if (!text.startsWith('#[')) return null;
      const m = CFG.exec(text);
      if (m?.[1] !== undefined && !ALWAYS_ON_HERE.test(m[1].trim())) return `#[cfg(${m[1].trim()})]`;
    }
    return null;
  };
  const own = attributeAbove(line - 1);
  if (own) return own;
  let depth = 0;
  for (let i = line - 2; i >= 0; i--) {
    const text = code[i] ?? '';
    for (let c = text.length - 1; c >= 0; c--) {
      if (text[c] === '}') depth++;
      else if (text[c] === '{') {
        if (depth > 0) depth--;
        else {
          // An enclosing block opens on line i (0-based): its own attributes decide.
          const guard = attributeAbove(i);
          if (guard) return guard;
        }
      }
    }
  }
  // A whole file under `#![cfg(…)]` (an inner attribute at the top).
  for (const text of lines.slice(0, 30)) {
    const m = /^\s*#!\[cfg\((.*)\)\]/.exec(text);
    if (m?.[1] !== undefined && !ALWAYS_ON_HERE.test(m[1].trim())) return `#![cfg(${m[1].trim()})]`;
  }
  return null;
}
