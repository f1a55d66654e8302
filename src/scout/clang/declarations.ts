/**
 * C and C++ declarations as the checker edits them, read from a file's scopes (scopes.ts): the one the
 * exploration found (by its name on a known line, never by bare name elsewhere), the members of a type (an
 * enum's enumerators, a struct's fields and methods), and the other declarations of the same function or
 * global in the files that can see it (a prototype in a header and its definition in a source are one
 * function: an edit changes both, as the developer would).
 */
import { type CCode, closing, isIdentifier, lineAt, readCode, type Token } from './c-code.js';
import { declarationScopes, functionHead, type FunctionHead, qualifierOf, readScopes, type Scope, type Statement, statementsOf } from './scopes.js';

export type CDeclarationKind = 'function' | 'method' | 'constructor' | 'enum' | 'struct' | 'class' | 'union' | 'enumerator' | 'field' | 'variable' | 'typedef' | 'macro' | 'parameter';

export interface CDeclaration {
  kind: CDeclarationKind;
  /** The name as declared (`qty`, `area`). */
  name: string;
  /** As answers write it: `order.qty`, `Shape::area`, `color`. */
  label: string;
  /** The qualified name another declaration of the same entity has (`geo::Shape::area`, `color_name`). */
  fullName: string;
  /** Offsets of the name. */
  nameStart: number;
  nameEnd: number;
  /** Offsets of what removing it blanks (the whole statement, an enumerator with its comma, a directive). */
  removeStart: number;
  removeEnd: number;
  /** Offsets of its type as written (a variable's, a field's, a parameter's, a function's return type), when one is. */
  typeStart?: number;
  typeEnd?: number;
  /** A function's parameter list, and the number of its parameters. */
  head?: FunctionHead;
  arity?: number;
  /** A type's body (an enum's enumerators, a struct's fields). */
  body?: Scope;
  /** Names declared by the same statement (`int a, b;`): a type changed for one of them is refused. */
  siblings: number;
  /** Whether it is a function's definition (has a body) or a declaration only. */
  defined?: boolean;
}

/** A file read once: its code and scopes. */
export interface CFile {
  code: CCode;
  scopes: Scope;
}

export function readCFile(text: string): CFile {
  const code = readCode(text);
  return { code, scopes: readScopes(code) };
}

/** Words before a declaration's type that are not part of it. */
const SPECIFIERS = new Set(['static', 'extern', 'inline', '__inline', '__inline__', 'register', 'thread_local', '_Thread_local', 'mutable', 'constexpr', 'virtual', 'explicit', 'friend', 'typedef', '_Noreturn', 'consteval', 'constinit']);

/** The first token of a declaration's type: after specifiers, attributes, a template head and an export macro (`LUA_API int`). */
function typeStartOf(tokens: readonly Token[], first: number, nameFirst: number): number {
  let i = first;
  for (;;) {
    const t = tokens[i]?.text ?? '';
    if (SPECIFIERS.has(t)) i++;
    else if ((t === '__attribute__' || t === '__declspec' || t === 'alignas') && tokens[i + 1]?.text === '(') i = closing(tokens, i + 1) + 1;
    else if (t === '[' && tokens[i + 1]?.text === '[') i = closing(tokens, i) + 1;
    else if (t === 'template' && tokens[i + 1]?.text === '<') {
      let depth = 0;
      for (i++; i < nameFirst; i++) {
        if (tokens[i]?.text === '<') depth++;
        else if (tokens[i]?.text === '>' && --depth === 0) break;
      }
      i++;
    } else if (/^[A-Z][A-Z0-9_]*$/.test(t) && tokens[i + 1]?.text !== '(' && tokens.slice(i + 1, nameFirst).some((x) => isIdentifier(x))) i++;
    else return i;
  }
}

/** Words that are never a declarator's name (`(void)`, an unnamed `int` parameter). */
const NOT_NAMES = new Set(['const', 'volatile', 'void', 'int', 'char', 'short', 'long', 'float', 'double', 'signed', 'unsigned', 'bool', '_Bool', 'auto', 'restrict', '__restrict']);

/** One declarator of a statement's list (`*b = 3` of `int a, *b = 3;`): its name's token index, and its tokens. */
interface Declarator {
  name: number;
  first: number;
  last: number;
}

function declarators(tokens: readonly Token[], first: number, last: number): Declarator[] {
  const out: Declarator[] = [];
  let start = first;
  const close = (end: number): void => {
    if (end < start) return;
    let name = -1;
    for (let i = start; i <= end; i++) {
      const t = (tokens[i] as Token).text;
      // `(*handler)(int)`: the name inside the first parentheses.
      if (t === '(' && tokens[i + 1]?.text === '*' && isIdentifier(tokens[i + 2]) && tokens[i + 3]?.text === ')') {
        name = i + 2;
        break;
      }
      if (t === '=' || t === '[' || t === ':' || t === '{' || t === '(') break;
      if (isIdentifier(tokens[i]) && !SPECIFIERS.has(t) && !NOT_NAMES.has(t)) name = i;
    }
    if (name >= 0) out.push({ name, first: start, last: end });
  };
  let depth = 0;
  for (let i = first; i <= last; i++) {
    const t = (tokens[i] as Token).text;
    if (t === '(' || t === '[' || t === '{') depth++;
    else if (t === ')' || t === ']' || t === '}') depth--;
    else if (t === ',' && depth === 0) {
      close(i - 1);
      start = i + 1;
    }
  }
  close(last);
  return out;
}

/** The entries of an enum body: each enumerator's name and tokens, and the comma after it (-1 for none). */
export function enumeratorsOf(c: CCode, body: Scope): { name: number; first: number; last: number; comma: number }[] {
  const { tokens } = c;
  const out: { name: number; first: number; last: number; comma: number }[] = [];
  let start = body.open + 1;
  for (let i = body.open + 1; i <= body.close; i++) {
    const t = (tokens[i] as Token).text;
    if (t === '(' || t === '[' || t === '{') {
      i = closing(tokens, i);
      continue;
    }
    if (t === ',' || i === body.close) {
      if (i > start && isIdentifier(tokens[start])) out.push({ name: start, first: start, last: i - 1, comma: t === ',' ? i : -1 });
      start = i + 1;
    }
  }
  return out;
}

const paramCount = (tokens: readonly Token[], head: FunctionHead): number => {
  const inner = tokens.slice(head.paramsOpen + 1, head.paramsClose);
  if (inner.length === 0 || (inner.length === 1 && inner[0]?.text === 'void')) return 0;
  let depth = 0;
  let n = 1;
  for (const t of inner) {
    if (t.text === '(' || t.text === '[' || t.text === '{' || t.text === '<') depth++;
    else if (t.text === ')' || t.text === ']' || t.text === '}' || t.text === '>') depth--;
    else if (t.text === ',' && depth === 0) n++;
  }
  return n;
};

/** The struct/class a scope is the body of, as the owner of a member (`order`, `Shape`). */
const ownerOf = (scope: Scope): string | null => (scope.kind === 'type' ? scope.name : null);

function functionDeclaration(c: CCode, st: Statement, head: FunctionHead): CDeclaration {
  const { tokens } = c;
  const qualifier = qualifierOf(st.scope);
  const owner = ownerOf(st.scope);
  const plain = tokens[head.nameLast]?.text ?? head.name;
  const qualifiedInName = head.name.includes('::');
  const ownerName = owner ?? (qualifiedInName ? head.name.split('::').slice(-2, -1)[0] ?? null : null);
  const kind: CDeclarationKind = ownerName !== null ? (plain === ownerName ? 'constructor' : 'method') : 'function';
  const typeStart = typeStartOf(tokens, st.first, head.nameFirst);
  const fullName = [qualifier, head.name].filter((p) => p !== '').join('::');
  return {
    kind,
    name: plain,
    label: ownerName !== null ? `${ownerName}::${plain}` : plain,
    fullName,
    nameStart: (tokens[head.nameLast] as Token).start,
    nameEnd: (tokens[head.nameLast] as Token).end,
    removeStart: (tokens[st.first] as Token).start,
    removeEnd: (tokens[st.last] as Token).end,
    ...(typeStart < head.nameFirst ? { typeStart: (tokens[typeStart] as Token).start, typeEnd: (tokens[head.nameFirst - 1] as Token).end } : {}),
    head,
    arity: paramCount(tokens, head),
    siblings: 1,
    defined: st.body !== null && st.body.kind === 'function',
  };
}

/** Every declaration a statement makes (its function, its type and the names declared with it, its variables or fields). */
function declarationsOf(c: CCode, st: Statement): CDeclaration[] {
  const { tokens } = c;
  const qualifier = qualifierOf(st.scope);
  const owner = ownerOf(st.scope);
  const span = { removeStart: (tokens[st.first] as Token).start, removeEnd: (tokens[st.last] as Token).end };
  const out: CDeclaration[] = [];
  if (st.body?.kind === 'function') {
    const head = functionHead(tokens, st.first, st.body.open - 1);
    return head ? [functionDeclaration(c, st, head)] : [];
  }
  const typedef = tokens[st.first]?.text === 'typedef';
  let listFirst = st.first;
  if (st.body && (st.body.kind === 'type' || st.body.kind === 'enum')) {
    const keyword = st.body.keyword as 'struct' | 'class' | 'union' | 'enum';
    if (st.body.name) {
      const nameToken = tokens.slice(st.first, st.body.open).find((t) => t.text === st.body?.name?.split('::').pop());
      if (nameToken) out.push({ kind: keyword, name: nameToken.text, label: nameToken.text, fullName: [qualifier, st.body.name].filter((p) => p).join('::'), nameStart: nameToken.start, nameEnd: nameToken.end, ...span, body: st.body, siblings: 1 });
    }
    listFirst = st.body.close + 1;
    // `typedef enum { … } color_t;`: the typedef name is the type.
    if (typedef) {
      for (const d of declarators(tokens, listFirst, st.last - 1)) {
        const t = tokens[d.name] as Token;
        out.push({ kind: keyword, name: t.text, label: t.text, fullName: [qualifier, t.text].filter((p) => p).join('::'), nameStart: t.start, nameEnd: t.end, ...span, body: st.body, siblings: 1 });
      }
      return out;
    }
  } else {
    // `struct order;`, `enum class Kind : int;`: a type declared without its body.
    const forward = /^(?:(struct|class|union)|enum(?:\s+(?:class|struct))?)\s+([A-Za-z_]\w*)\s*(?::[^;]*)?$/.exec(c.code.slice((tokens[st.first] as Token).start, (tokens[st.last - 1] as Token).end).replace(/\s+/g, ' '));
    if (forward) {
      const t = tokens.slice(st.first, st.last).find((x) => x.text === forward[2]) as Token;
      return [{ kind: (forward[1] ?? 'enum') as CDeclarationKind, name: t.text, label: t.text, fullName: [qualifier, t.text].filter((p) => p).join('::'), nameStart: t.start, nameEnd: t.end, ...span, siblings: 1 }];
    }
    const head = functionHead(tokens, st.first, st.last - 1);
    // A declaration with nothing before its name at file level is a macro's call (`DEFINE_LIST(x);`), not a prototype.
    if (head && !typedef && (head.nameFirst > st.first || owner !== null || head.name.includes('::'))) return [functionDeclaration(c, st, head)];
  }
  const list = declarators(tokens, listFirst, st.last - 1);
  for (const d of list) {
    const t = tokens[d.name] as Token;
    const typeStart = d === list[0] && !st.body ? typeStartOf(tokens, d.first, d.name) : -1;
    out.push({
      kind: typedef ? 'typedef' : owner !== null || st.scope.kind === 'type' ? 'field' : 'variable',
      name: t.text,
      label: owner !== null ? `${owner}.${t.text}` : t.text,
      fullName: [qualifier, t.text].filter((p) => p).join('::'),
      nameStart: t.start,
      nameEnd: t.end,
      ...(list.length === 1 ? span : declaratorSpan(tokens, list, d)),
      ...(typeStart >= 0 && typeStart < d.name ? { typeStart: (tokens[typeStart] as Token).start, typeEnd: (tokens[d.name - 1] as Token).end } : {}),
      siblings: list.length,
    });
  }
  return out;
}

/** One declarator of several removed with the comma after it (`a, ` of `int a, b;`), or the comma before it when it is the last (`, b`). */
function declaratorSpan(tokens: readonly Token[], list: readonly Declarator[], d: Declarator): { removeStart: number; removeEnd: number } {
  const k = list.indexOf(d);
  const next = list[k + 1];
  const prev = list[k - 1];
  // The first declarator keeps the type in front of it: only its own name and initializer go.
  const from = k === 0 ? d.name : d.first;
  if (next) return { removeStart: (tokens[from] as Token).start, removeEnd: (tokens[next.first] as Token).start };
  return { removeStart: prev ? (tokens[prev.last] as Token).end : (tokens[from] as Token).start, removeEnd: (tokens[d.last] as Token).end };
}

function enumeratorDeclarations(c: CCode, st: Statement): CDeclaration[] {
  const body = st.body;
  if (body?.kind !== 'enum') return [];
  const { tokens } = c;
  const entries = enumeratorsOf(c, body);
  const owner = body.name ?? declarationsOf(c, st).find((d) => d.kind === 'enum')?.name ?? null;
  return entries.map((e, k) => {
    const t = tokens[e.name] as Token;
    // Removed with its comma, or with the comma before it when it is the last one.
    const prev = entries[k - 1];
    const from = e.comma < 0 && prev ? (tokens[prev.comma] as Token).start : t.start;
    const to = e.comma >= 0 ? (tokens[e.comma] as Token).end : (tokens[e.last] as Token).end;
    const scoped = /\benum\s+(class|struct)\b/.test(c.code.slice((tokens[st.first] as Token).start, (tokens[body.open] as Token).start));
    return { kind: 'enumerator', name: t.text, label: scoped && owner ? `${owner}::${t.text}` : t.text, fullName: scoped && owner ? `${owner}::${t.text}` : t.text, nameStart: t.start, nameEnd: t.end, removeStart: from, removeEnd: to, siblings: entries.length };
  });
}

function parameterDeclarations(c: CCode, fn: CDeclaration): CDeclaration[] {
  if (!fn.head) return [];
  const { tokens } = c;
  return declarators(tokens, fn.head.paramsOpen + 1, fn.head.paramsClose - 1).map((d) => {
    const t = tokens[d.name] as Token;
    const typeStart = typeStartOf(tokens, d.first, d.name);
    return {
      kind: 'parameter',
      name: t.text,
      label: `${fn.label}(${t.text})`,
      fullName: `${fn.fullName}(${t.text})`,
      nameStart: t.start,
      nameEnd: t.end,
      removeStart: (tokens[d.first] as Token).start,
      removeEnd: (tokens[d.last] as Token).end,
      ...(typeStart < d.name ? { typeStart: (tokens[typeStart] as Token).start, typeEnd: (tokens[d.name - 1] as Token).end } : {}),
      siblings: 1,
    };
  });
}

/** A `#define NAME …` directive as a declaration (removing it blanks the directive, continuation lines included). */
function macroDeclarations(c: CCode): CDeclaration[] {
  return c.directives.flatMap((d) => {
    const m = /^define\s+([A-Za-z_]\w*)/.exec(d.body);
    if (!m) return [];
    const name = m[1] as string;
    const nameStart = c.text.indexOf(name, c.text.indexOf('define', d.start) + 'define'.length);
    return [{ kind: 'macro' as const, name, label: name, fullName: name, nameStart, nameEnd: nameStart + name.length, removeStart: d.start, removeEnd: d.end, siblings: 1 }];
  });
}

/** Every declaration of the file, statement by statement, with enumerators, parameters and macros. */
export function allDeclarations(file: CFile): CDeclaration[] {
  const { code } = file;
  const out: CDeclaration[] = [];
  for (const scope of declarationScopes(file.scopes)) {
    for (const st of statementsOf(code, scope)) {
      const own = declarationsOf(code, st);
      out.push(...own, ...enumeratorDeclarations(code, st));
      for (const d of own) if (d.head) out.push(...parameterDeclarations(code, d));
    }
  }
  out.push(...macroDeclarations(code));
  return out;
}

/** The last part of a name as a question writes it (`Shape::area`, `order.qty`, `geo::Kind`): the identifier declared. */
export const simpleName = (name: string): string => name.split(/::|\./).filter((p) => p !== '').pop() ?? name;

/** The declaration of `name` whose name is on 1-based `line` (the innermost when several: an enumerator before its enum). */
export function declarationAt(file: CFile, name: string, line: number): CDeclaration | null {
  const wanted = simpleName(name);
  const row = line - 1;
  const found = allDeclarations(file).filter((d) => d.name === wanted && lineAt(file.code, d.nameStart) === row);
  // A field or enumerator and its type on one line (`enum color { RED };` asked as `RED`): the member is asked by its own name.
  return found[0] ?? null;
}

/** A member of a type declaration: an enumerator of an enum, a field or a method of a struct, class or union. */
export function memberOf(file: CFile, type: CDeclaration, member: string): CDeclaration | null {
  const body = type.body;
  if (!body) return null;
  const wanted = simpleName(member);
  const { tokens } = file.code;
  const inside = (d: CDeclaration): boolean => d.nameStart > (tokens[body.open] as Token).start && d.nameEnd <= (tokens[body.close] as Token).start;
  return allDeclarations(file).find((d) => d.name === wanted && d.kind !== 'parameter' && inside(d)) ?? null;
}

/**
 * The other declarations of the same function or global in `file` (same qualified name; for a function, the
 * same number of parameters: an overload with another is another function). `own`: `file` is the target's.
 */
export function sameEntityIn(file: CFile, target: CDeclaration, own: boolean): CDeclaration[] {
  const fn = target.kind === 'function' || target.kind === 'method' || target.kind === 'constructor';
  if (!fn && target.kind !== 'variable') return [];
  const tail = (n: string): string => n.split('::').slice(-2).join('::');
  return allDeclarations(file).filter((d) => {
    if (d.name !== target.name || d.kind === 'parameter' || (own && d.nameStart === target.nameStart)) return false;
    if (fn) return (d.kind === 'function' || d.kind === 'method' || d.kind === 'constructor') && d.arity === target.arity && (d.fullName === target.fullName || tail(d.fullName) === tail(target.fullName));
    return d.kind === 'variable' && d.fullName === target.fullName;
  });
}

