/**
 * The blocks of a C or C++ file and the statements of each scope that holds declarations, read from tokens
 * (c-code.ts). A `{` is classified by the statement head before it: a namespace, an `extern "C"` block, a
 * struct/class/union or enum body, a function body (the head ends in a parameter list), else a block or an
 * initializer. Statements are cut at `;` and after a function body, so each declaration of a file, a
 * namespace or a type body is one token range: what the declaration reader and the place reader start from.
 */
import { type CCode, closing, isIdentifier, macroLineEnd, opening, type Token } from './c-code.js';

export type ScopeKind = 'file' | 'namespace' | 'extern' | 'type' | 'enum' | 'function' | 'block' | 'init';

export interface Scope {
  kind: ScopeKind;
  /** A namespace's, type's or function's name as written (`Shape`, `Shape::area`); null when unnamed. */
  name: string | null;
  /** `struct`, `class`, `union` or `enum` for a type body. */
  keyword?: string;
  /** Token indexes of `{` and `}` (-1 and the token count for the file). */
  open: number;
  close: number;
  parent: Scope | null;
  children: Scope[];
}

/** One statement of a declaration scope: tokens `first`..`last` (inclusive), and the body it holds, if any. */
export interface Statement {
  first: number;
  last: number;
  scope: Scope;
  body: Scope | null;
}

/** The scopes whose statements are declarations (the others hold code). */
export const DECLARATION_SCOPES: ReadonlySet<ScopeKind> = new Set(['file', 'namespace', 'extern', 'type']);

/** Words after a parameter list that still belong to a function's head (`) const noexcept override {`). */
const TRAILING = new Set(['const', 'volatile', 'noexcept', 'override', 'final', '&', '&&', 'throw', 'try', '__attribute__', 'mutable']);

/** The parameter list and name of a function head (tokens `first`..`last`, the `{` or `;` excluded), or null. */
export interface FunctionHead {
  /** Token indexes of the parameter list's `(` and `)`. */
  paramsOpen: number;
  paramsClose: number;
  /** Token indexes of the name, qualified (`Shape`, `::`, `area`): first and last. */
  nameFirst: number;
  nameLast: number;
  name: string;
}

export function functionHead(tokens: readonly Token[], first: number, last: number): FunctionHead | null {
  // A template head first (`template <class R = typename f<X>::type, class Int>`): its defaults' `=` and `<…>`
  // are not the declaration's.
  first = afterTemplateHead(tokens, first, last);
  let end = last;
  // `= 0;`, `= default;`, `= delete;` of a declaration.
  if (tokens[end - 1]?.text === '=' && /^(0|default|delete)$/.test(tokens[end]?.text ?? '')) end -= 2;
  // A constructor's initializer list: cut at the first `:` after a `)` at depth 0.
  let depth = 0;
  for (let i = first; i <= end; i++) {
    const t = (tokens[i] as Token).text;
    if (t === '(' || t === '[') depth++;
    else if (t === ')' || t === ']') depth--;
    else if (depth === 0 && t === ':' && tokens[i - 1]?.text === ')') {
      end = i - 1;
      break;
    } else if (depth === 0 && (t === '=' || t === ';')) return null;
  }
  // A trailing return type (`) -> int`, `) const noexcept -> const char*`).
  for (let i = end; i > first; i--) {
    if ((tokens[i] as Token).text !== '->') continue;
    let before = i - 1;
    while (before > first && TRAILING.has(tokens[before]?.text ?? '')) before--;
    if (tokens[before]?.text === ')') {
      end = before;
      break;
    }
  }
  while (end > first) {
    const t = (tokens[end] as Token).text;
    if (TRAILING.has(t)) end--;
    else if (t === ')' && TRAILING.has(tokens[opening(tokens, end, first) - 1]?.text ?? '')) end = opening(tokens, end, first) - 2;
    else break;
  }
  if (tokens[end]?.text !== ')') return null;
  const paramsOpen = opening(tokens, end, first);
  if (paramsOpen <= first) return null;
  let nameLast = paramsOpen - 1;
  // `int (lua_gettop) (lua_State *L)`: a name in parentheses, as some C libraries write them.
  if (tokens[nameLast]?.text === ')' && isIdentifier(tokens[nameLast - 1]) && tokens[nameLast - 2]?.text === '(') nameLast -= 1;
  if (!isIdentifier(tokens[nameLast]) || /^(if|for|while|switch|return|sizeof|catch|decltype|alignof|__attribute__)$/.test((tokens[nameLast] as Token).text)) return null;
  let nameFirst = nameLast;
  while (tokens[nameFirst - 1]?.text === '::' || tokens[nameFirst - 1]?.text === '~' || tokens[nameFirst - 1]?.text === 'operator') {
    nameFirst--;
    if (isIdentifier(tokens[nameFirst - 1]) && tokens[nameFirst]?.text === '::') nameFirst--;
  }
  const name = tokens
    .slice(nameFirst, nameLast + 1)
    .map((t) => t.text)
    .join('');
  return { paramsOpen, paramsClose: end, nameFirst, nameLast, name };
}

/** The first token after a `template <…>` head starting at `first` (angle brackets matched), or `first`. */
function afterTemplateHead(tokens: readonly Token[], first: number, last: number): number {
  if (tokens[first]?.text !== 'template' || tokens[first + 1]?.text !== '<') return first;
  let depth = 0;
  for (let i = first + 1; i <= last; i++) {
    const t = (tokens[i] as Token).text;
    if (t === '(') i = Math.min(closing(tokens, i), last);
    else if (t === '<') depth++;
    else if (t === '>' && --depth === 0) return i + 1;
  }
  return first;
}

const TYPE_HEAD = /^(?:typedef\s+)?(?:template\s*<.*>\s*)?(struct|class|union|enum)\b(?:\s+(?:class|struct)\b)?\s*(?:\[\[[^\]]*\]\]\s*|alignas\s*\([^)]*\)\s*|__attribute__\s*\(\(.*?\)\)\s*|[A-Z][A-Z0-9_]*(?:\([^)]*\))?\s+(?=[A-Za-z_]))*([A-Za-z_][\w:]*)?\s*(?:final\s*)?(?::[^;{()]*(?:<[^;{]*>)?[^;{()]*)?$/s;

function classify(code: CCode, headFirst: number, open: number, parent: Scope): Pick<Scope, 'kind' | 'name' | 'keyword'> {
  const { tokens } = code;
  if (!DECLARATION_SCOPES.has(parent.kind)) return { kind: 'block', name: null };
  let first = headFirst;
  // `public:` in a class body belongs to no declaration.
  while (/^(public|private|protected)$/.test(tokens[first]?.text ?? '') && tokens[first + 1]?.text === ':') first += 2;
  if (first >= open) return { kind: 'block', name: null };
  const head = code.code.slice((tokens[first] as Token).start, (tokens[open - 1] as Token).end).replace(/\s+/g, ' ').trim();
  if (/(^|[^=!<>])=$|^return\b|,$/.test(head)) return { kind: 'init', name: null };
  const ns = /^(?:inline\s+)?namespace\b\s*([\w:]*)\s*$/.exec(head);
  if (ns) return { kind: 'namespace', name: ns[1] || null };
  if (/^extern\s*"\s*"$/.test(head)) return { kind: 'extern', name: null };
  const type = TYPE_HEAD.exec(head);
  if (type) return { kind: type[1] === 'enum' ? 'enum' : 'type', name: type[2] ?? null, keyword: type[1] as string };
  // `n_{0}` in a constructor's initializer list: a brace initializer, not a body (a body follows `)`, a qualifier
  // or a trailing return type: `auto f() -> bool {`).
  const trailingReturn = /\)\s*(?:(?:const|noexcept|override|final|volatile|&&?)\s*)*->[^()]*(?:<[^{}]*>)?[^()]*$/.test(head);
  if (!trailingReturn && isIdentifier(tokens[open - 1]) && !TRAILING.has((tokens[open - 1] as Token).text)) return { kind: 'init', name: null };
  const fn = functionHead(tokens, first, open - 1);
  if (fn) return { kind: 'function', name: fn.name };
  return { kind: 'init', name: null };
}

/** The file's scopes: the file itself, holding every block as a tree. */
export function readScopes(code: CCode): Scope {
  const { tokens } = code;
  const file: Scope = { kind: 'file', name: null, open: -1, close: tokens.length, parent: null, children: [] };
  let current = file;
  // Where the statement that a `{` ends started, per open scope.
  const heads: number[] = [0];
  for (let i = 0; i < tokens.length; i++) {
    const t = (tokens[i] as Token).text;
    // A macro alone on its line at a statement's start (`FMT_BEGIN_EXPORT`) is a statement of its own.
    if (heads[heads.length - 1] === i && DECLARATION_SCOPES.has(current.kind)) {
      const end = macroLineEnd(code, i);
      if (end >= 0) {
        heads[heads.length - 1] = end + 1;
        i = end;
        continue;
      }
    }
    if (t === '{') {
      const scope: Scope = { ...classify(code, heads[heads.length - 1] as number, i, current), open: i, close: tokens.length - 1, parent: current, children: [] };
      current.children.push(scope);
      current = scope;
      heads.push(i + 1);
    } else if (t === '}') {
      if (!current.parent) continue;
      current.close = i;
      const done = current;
      current = current.parent;
      heads.pop();
      // After a function body, a namespace or an extern block the next statement starts; after a type
      // body or an initializer, the statement goes on to its `;` (`struct s {…} x;`).
      if (done.kind === 'function' || done.kind === 'namespace' || done.kind === 'extern' || done.kind === 'block') heads[heads.length - 1] = i + 1;
    } else if (t === ';') heads[heads.length - 1] = i + 1;
    else if ((t === 'public' || t === 'private' || t === 'protected') && tokens[i + 1]?.text === ':' && current.kind === 'type') heads[heads.length - 1] = i + 2;
  }
  return file;
}

/** The statements of a declaration scope, in order (namespaces and extern blocks inside it are not statements: their own statements are). */
export function statementsOf(code: CCode, scope: Scope): Statement[] {
  const { tokens } = code;
  const out: Statement[] = [];
  const childAt = new Map(scope.children.map((c) => [c.open, c]));
  let first = scope.open + 1;
  let body: Scope | null = null;
  for (let i = scope.open + 1; i < scope.close; i++) {
    const t = (tokens[i] as Token).text;
    const child = childAt.get(i);
    if (child) {
      if (child.kind === 'namespace' || child.kind === 'extern') {
        first = child.close + 1;
        body = null;
      } else if (child.kind === 'function') {
        out.push({ first, last: child.close, scope, body: child });
        first = child.close + 1;
        body = null;
      } else if (child.kind === 'type' || child.kind === 'enum') body = child;
      i = child.close;
      continue;
    }
    if (first === i && !childAt.has(i)) {
      const end = macroLineEnd(code, i);
      if (end >= 0) {
        first = end + 1;
        i = end;
        continue;
      }
    }
    if ((t === 'public' || t === 'private' || t === 'protected') && tokens[i + 1]?.text === ':' && first === i) {
      first = i + 2;
      i++;
      continue;
    }
    if (t === ';') {
      if (i > first) out.push({ first, last: i, scope, body });
      first = i + 1;
      body = null;
    }
  }
  return out;
}

/** Every declaration scope of the file (the file, namespaces, extern blocks, type bodies), outermost first. */
export function declarationScopes(file: Scope): Scope[] {
  const out: Scope[] = [];
  const visit = (s: Scope): void => {
    if (!DECLARATION_SCOPES.has(s.kind)) return;
    out.push(s);
    for (const c of s.children) visit(c);
  };
  visit(file);
  return out;
}

/** The innermost scope holding token index `at`. */
export function scopeAt(file: Scope, at: number): Scope {
  let s = file;
  for (;;) {
    const inner = s.children.find((c) => c.open <= at && c.close >= at);
    if (!inner) return s;
    s = inner;
  }
}

/** The qualified name of a scope chain's named types and namespaces (`geo::Shape`), or '' at file level. */
export function qualifierOf(scope: Scope | null): string {
  const parts: string[] = [];
  for (let s = scope; s; s = s.parent) if ((s.kind === 'namespace' || s.kind === 'type' || s.kind === 'enum') && s.name) parts.unshift(s.name);
  return parts.join('::');
}

