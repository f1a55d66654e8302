/**
 * Whether a new type from a question can be written as a Python annotation: a small parse of the type
 * expression grammar (dotted names, subscripts, `|` unions, `None`, `...`, string and number literals for
 * `Literal[...]`, the `[...]` argument list of `Callable`), so the edit is never a syntax error. Whether the
 * names resolve is pyright's to say (an unknown name is refused after the check, python/checker.ts).
 * TypeScript's spellings of the common types are valid Python identifiers but name nothing in Python:
 * they are refused here with the Python spelling, so the question can be asked again.
 */

/** TypeScript (and other languages') type names a question may use, with how Python writes them. */
const FOREIGN: Record<string, string> = {
  string: 'str',
  number: 'int | float',
  boolean: 'bool',
  null: 'None',
  undefined: 'None',
  void: 'None',
  any: 'Any (from typing)',
  unknown: 'object',
  never: 'Never (from typing)',
  bigint: 'int',
  integer: 'int',
  double: 'float',
  char: 'str',
};

type TypeToken = { kind: 'name' | 'lit' | 'op'; text: string };

function tokens(text: string): TypeToken[] | null {
  const out: TypeToken[] = [];
  const re = /\s*(?:([A-Za-z_]\w*)|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|-?\d[\w.]*|\.\.\.)|([[\](),.|]))/y;
  let k = 0;
  while (k < text.length) {
    if (/^\s*$/.test(text.slice(k))) break;
    re.lastIndex = k;
    const m = re.exec(text);
    if (!m) return null;
    out.push(m[1] !== undefined ? { kind: 'name', text: m[1] } : m[2] !== undefined ? { kind: 'lit', text: m[2] } : { kind: 'op', text: m[3] as string });
    k = re.lastIndex;
  }
  return out;
}

/** Whether `text` is one Python type expression (and nothing more). */
export function parsesAsPythonType(text: string): boolean {
  if (/\n/.test(text)) return false;
  const toks = tokens(text);
  if (!toks || toks.length === 0) return false;
  let k = 0;
  const peek = (): string | undefined => toks[k]?.text;
  const take = (t: string): boolean => (peek() === t ? (k++, true) : false);
  // list := [expr (, expr)* ,?] up to `close` (an empty list is allowed: `Callable[[], int]`, `tuple[()]`).
  const list = (close: string): boolean => {
    if (take(close)) return true;
    for (;;) {
      if (!union()) return false;
      if (take(close)) return true;
      if (!take(',')) return false;
      if (take(close)) return true;
    }
  };
  const primary = (): boolean => {
    const t = toks[k];
    if (!t) return false;
    k++;
    if (t.kind === 'lit') return true;
    if (t.text === '[') return list(']');
    if (t.text === '(') return list(')');
    if (t.kind !== 'name') return false;
    while (take('.')) if (toks[k++]?.kind !== 'name') return false;
    if (take('[')) return peek() !== ']' && list(']');
    return true;
  };
  const union = (): boolean => {
    if (!primary()) return false;
    while (take('|')) if (!primary()) return false;
    return true;
  };
  return union() && k === toks.length;
}

/** Why `text` cannot be the new type, with how to write it; null when it can. */
export function pythonTypeProblem(text: string): string | null {
  // Names outside string literals (`Literal["null"]` is fine) and not an attribute (`np.double` is a name in numpy).
  const code = text.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
  const foreign = (code.match(/(?<![.\w])[A-Za-z_]\w*/g) ?? []).filter((w) => Object.hasOwn(FOREIGN, w));
  if (foreign.length > 0) {
    const hints = [...new Set(foreign)].map((w) => `\`${w}\` is \`${FOREIGN[w]}\``).join(', ');
    return `\`${text}\` is not a Python type (${hints} in Python): write the new type as Python, e.g. \`str | None\``;
  }
  if (/\w\s*<|\[\]\s*$|=>/.test(text)) return `\`${text}\` is not a Python type (generics are written \`list[str]\`, \`dict[str, int]\`, \`Callable[[int], str]\`): write the new type as Python, e.g. \`str | None\``;
  if (!parsesAsPythonType(text)) return `\`${text}\` does not parse as a Python type expression: write the new type as Python, e.g. \`str | None\` or \`list[int]\``;
  return null;
}
