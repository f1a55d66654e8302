/**
 * Python code that pyright does not check: a branch of an `if` on the Python version or the platform
 * (`sys.version_info`, `sys.platform`, `os.name`: the conditions pyright evaluates statically). It evaluates them
 * for its configured version and platform and skips the other branch as unreachable, so a break there is
 * never reported. Which branch is the live one depends on the configuration: any such branch is reported.
 *
 * Read from the indentation: walking up from the line, each enclosing `if`/`elif`/`else` header (a line
 * indented less than everything since), and for `elif`/`else` the `if` chain they belong to.
 */
const VERSION_OR_PLATFORM = /\b(?:sys\.version_info|sys\.platform|os\.name)\b/;
const HEADER = /^(\s*)(if|elif|else)\b(.*?):\s*(?:#.*)?$/;

const indentOf = (text: string): number => (/^\s*/.exec(text)?.[0] ?? '').replace(/\t/g, '        ').length;

/** Lines 1-based; the guard over `line`, as written (`if sys.version_info >= (3, 11):`), or null. */
export function pythonVersionGuard(lines: readonly string[], line: number): string | null {
  let bound = indentOf(lines[line - 1] ?? '');
  for (let i = line - 2; i >= 0 && bound > 0; i--) {
    const text = lines[i] ?? '';
    if (text.trim() === '' || text.trim().startsWith('#')) continue;
    const indent = indentOf(text);
    if (indent >= bound) continue;
    bound = indent;
    const header = HEADER.exec(text);
    if (!header) continue;
    // `elif` and `else`: the chain's conditions decide, up to its `if`.
    for (let j = i; j >= 0; j--) {
      const h = HEADER.exec(lines[j] ?? '');
      if (!h || indentOf(lines[j] ?? '') !== indent) {
        if ((lines[j] ?? '').trim() === '' || indentOf(lines[j] ?? '') > indent) continue;
        break;
      }
      if (h[2] !== 'else' && VERSION_OR_PLATFORM.test(h[3] ?? '')) return (lines[j] ?? '').trim();
      if (h[2] === 'if') break;
    }
  }
  return null;
}
