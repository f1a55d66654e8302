// Lightweight readers of enum / union declarations in TypeScript and Python source text, for the miner.
// Each returns [{ name, kind, startLine, endLine, members: [{ name, value, line }] }] (1-based lines).
// They are deliberately simple (no parser): comments are blanked with line numbers kept, then declarations are
// found by pattern and their bodies split at the top level.

/** Blank comments (keeping newlines and string contents). `hash`: Python comments, else // and block comments. */
export function stripComments(text, py) {
  const out = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (py) {
      if (c === '#') { while (i < n && text[i] !== '\n') { out.push(' '); i++; } continue; }
      if ((c === '"' || c === "'")) {
        const triple = text.startsWith(c.repeat(3), i);
        const q = triple ? c.repeat(3) : c;
        out.push(q); i += q.length;
        while (i < n && !text.startsWith(q, i)) {
          if (text[i] === '\\') { out.push(text[i], text[i + 1] ?? ''); i += 2; continue; }
          if (!triple && text[i] === '\n') break;
          out.push(text[i]); i++;
        }
        if (text.startsWith(q, i)) { out.push(q); i += q.length; }
        continue;
      }
    } else {
      if (c === '/' && text[i + 1] === '/') { while (i < n && text[i] !== '\n') { out.push(' '); i++; } continue; }
      if (c === '/' && text[i + 1] === '*') {
        while (i < n && !(text[i] === '*' && text[i + 1] === '/')) { out.push(text[i] === '\n' ? '\n' : ' '); i++; }
        if (i < n) { out.push('  '); i += 2; }
        continue;
      }
      if (c === '"' || c === "'" || c === '`') {
        out.push(c); i++;
        while (i < n && text[i] !== c) {
          if (text[i] === '\\') { out.push(text[i], text[i + 1] ?? ''); i += 2; continue; }
          if (c !== '`' && text[i] === '\n') break;
          out.push(text[i]); i++;
        }
        if (i < n && text[i] === c) { out.push(c); i++; }
        continue;
      }
    }
    out.push(c); i++;
  }
  return out.join('');
}

function lineAt(text, idx) {
  let l = 1;
  for (let i = 0; i < idx && i < text.length; i++) if (text.charCodeAt(i) === 10) l++;
  return l;
}

/** Split s at top-level occurrences of sep (outside brackets and strings); returns [{ text, offset }]. */
function splitTop(s, sep) {
  const parts = [];
  let depth = 0, start = 0, q = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (q) { if (c === '\\') i++; else if (c === q) q = null; continue; }
    if (c === '"' || c === "'" || c === '`') { q = c; continue; }
    if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c)) { if (!(c === '>' && s[i - 1] === '=')) depth = Math.max(0, depth - 1); }
    else if (c === sep && depth === 0) { parts.push({ text: s.slice(start, i), offset: start }); start = i + 1; }
  }
  parts.push({ text: s.slice(start), offset: start });
  return parts;
}

/** Index of the bracket closing the one at `open` (strings skipped), or -1. */
function matchClose(s, open) {
  const o = s[open], c = { '{': '}', '[': ']', '(': ')' }[o];
  let depth = 0, q = null;
  for (let i = open; i < s.length; i++) {
    const ch = s[i];
    if (q) { if (ch === '\\') i++; else if (ch === q) q = null; continue; }
    if (ch === '"' || ch === "'" || ch === '`') { q = ch; continue; }
    if (ch === o) depth++;
    else if (ch === c) { depth--; if (depth === 0) return i; }
  }
  return -1;
}

const STR = /^(['"`])((?:\\.|(?!\1).)*)\1$/s;
function literalValue(t) {
  t = t.trim();
  const m = STR.exec(t);
  if (m) return { str: m[2] };
  if (/^-?\d[\d_]*(\.\d+)?$|^0x[0-9a-f]+$/i.test(t)) return { num: t };
  return null;
}

// ---------------------------------------------------------------- TypeScript

export function tsDeclarations(text) {
  const s = stripComments(text, false);
  const decls = [];
  const enumRe = /\b(?:export\s+)?(?:declare\s+)?(?:const\s+)?enum\s+([A-Za-z_$][\w$]*)\s*\{/g;
  let m;
  while ((m = enumRe.exec(s))) {
    const open = s.indexOf('{', m.index + m[0].length - 1);
    const close = matchClose(s, open);
    if (close < 0) continue;
    const body = s.slice(open + 1, close);
    const members = [];
    for (const p of splitTop(body, ',')) {
      const t = p.text.trim();
      if (!t) continue;
      const mm = /^(?:([A-Za-z_$][\w$]*)|(['"])([^'"]*)\2)\s*(?:=\s*([\s\S]+))?$/.exec(t);
      if (!mm) continue;
      const name = mm[1] ?? mm[3];
      const lv = mm[4] ? literalValue(mm[4]) : null;
      const lead = p.text.length - p.text.trimStart().length;
      members.push({ name, value: lv ? (lv.str ?? lv.num) : null, line: lineAt(s, open + 1 + p.offset + lead) });
    }
    decls.push({ name: m[1], kind: 'enum', startLine: lineAt(s, m.index), endLine: lineAt(s, close), members });
  }
  const typeRe = /(?:^|[\n;])[ \t]*(?:export\s+)?(?:declare\s+)?type\s+([A-Za-z_$][\w$]*)\s*(<[^=]*?>)?\s*=/g;
  while ((m = typeRe.exec(s))) {
    const rhsStart = m.index + m[0].length;
    // The right-hand side ends at a top-level ';' or at a line break after which no '|' continues it.
    let depth = 0, q = null, end = s.length;
    for (let i = rhsStart; i < s.length; i++) {
      const c = s[i];
      if (q) { if (c === '\\') i++; else if (c === q) q = null; continue; }
      if (c === '"' || c === "'" || c === '`') { q = c; continue; }
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) { depth--; if (depth < 0) { end = i; break; } }
      else if (c === ';' && depth === 0) { end = i; break; }
      else if (c === '\n' && depth === 0) {
        const before = s.slice(rhsStart, i).trimEnd();
        const after = s.slice(i + 1).trimStart();
        if (before.length === 0 || /[|&=,]$/.test(before) || /^[|&]/.test(after)) continue;
        end = i; break;
      }
    }
    const rhs = s.slice(rhsStart, end);
    const parts = splitTop(rhs, '|').filter((p) => p.text.trim().length > 0);
    if (parts.length < 2) continue;
    const members = [];
    let kind = null;
    const lits = parts.map((p) => ({ p, lv: literalValue(p.text) }));
    const nLit = lits.filter((x) => x.lv).length;
    if (nLit >= 2 && nLit >= parts.length - 2) {
      kind = 'literal-union';
      for (const { p, lv } of lits) if (lv) members.push({ name: lv.str ?? lv.num, value: lv.str ?? lv.num, line: lineAt(s, rhsStart + p.offset + (p.text.length - p.text.trimStart().length)) });
    } else if (parts.every((p) => /^[A-Za-z_$][\w$.]*(<[\s\S]*>)?$/.test(p.text.trim()))) {
      const names = parts.map((p) => p.text.trim().replace(/<[\s\S]*$/, ''));
      if (names.some((x) => ['string', 'number', 'boolean', 'null', 'undefined', 'any', 'unknown', 'never', 'object', 'symbol', 'bigint'].includes(x))) continue;
      kind = 'union';
      parts.forEach((p, i) => members.push({ name: names[i], value: null, line: lineAt(s, rhsStart + p.offset + (p.text.length - p.text.trimStart().length)) }));
    } else if (parts.every((p) => p.text.trim().startsWith('{'))) {
      // Object members with a common discriminant property: `{ type: 'a'; ... } | { type: 'b'; ... }`.
      const props = parts.map((p) => {
        const out = {};
        for (const mm of p.text.matchAll(/([A-Za-z_$][\w$]*)\??\s*:\s*(['"])([^'"]*)\2/g)) out[mm[1]] ??= mm[3];
        return out;
      });
      const key = Object.keys(props[0]).find((k) => props.every((o) => k in o) && new Set(props.map((o) => o[k])).size === props.length);
      if (!key) continue;
      kind = 'tagged-union';
      parts.forEach((p, i) => members.push({ name: props[i][key], value: props[i][key], line: lineAt(s, rhsStart + p.offset + (p.text.length - p.text.trimStart().length)) }));
    } else continue;
    const start = m.index + (m[0].length - m[0].trimStart().length);
    decls.push({ name: m[1], kind, startLine: lineAt(s, start), endLine: lineAt(s, Math.max(rhsStart, end - 1)), members });
  }
  return decls;
}

// ---------------------------------------------------------------- Python

const ENUM_BASES = /\b(Enum|IntEnum|StrEnum|Flag|IntFlag|ReprEnum)\b/;

export function pyDeclarations(text) {
  const s = stripComments(text, true);
  const lines = s.split('\n');
  const decls = [];
  const enumNames = new Set();
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)class\s+([A-Za-z_]\w*)\s*\(([^)]*)\)\s*:/.exec(lines[i]);
    if (!m) continue;
    const bases = m[3];
    const isEnum = ENUM_BASES.test(bases) || bases.split(',').some((b) => enumNames.has(b.trim()));
    if (!isEnum) continue;
    enumNames.add(m[2]);
    const indent = m[1].length;
    let bodyIndent = null, end = i;
    const members = [];
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j];
      if (l.trim() === '') continue;
      const ind = l.length - l.trimStart().length;
      if (ind <= indent) break;
      end = j;
      if (bodyIndent === null) bodyIndent = ind;
      if (ind !== bodyIndent) continue;
      const mm = /^\s*([A-Za-z_]\w*)\s*(?::\s*[^=]+)?=\s*(.*)$/.exec(l);
      if (!mm || /^__.*__$/.test(mm[1]) || /^_[a-z]+_$/.test(mm[1])) continue;
      const lv = literalValue(mm[2].replace(/,\s*$/, ''));
      members.push({ name: mm[1], value: lv ? (lv.str ?? lv.num) : null, line: j + 1 });
    }
    decls.push({ name: m[2], kind: 'py-enum', startLine: i + 1, endLine: end + 1, members });
  }
  const litRe = /^(?:type\s+)?([A-Za-z_]\w*)\s*(?::\s*(?:typing\.|typing_extensions\.)?TypeAlias\s*)?=\s*(?:typing\.|t\.|te\.|typing_extensions\.)?Literal\s*\[/gm;
  let m;
  while ((m = litRe.exec(s))) {
    const open = m.index + m[0].length - 1;
    const close = matchClose(s, open);
    if (close < 0) continue;
    const body = s.slice(open + 1, close);
    const members = [];
    for (const p of splitTop(body, ',')) {
      const lv = literalValue(p.text);
      if (!lv) continue;
      const lead = p.text.length - p.text.trimStart().length;
      members.push({ name: lv.str ?? lv.num, value: lv.str ?? lv.num, line: lineAt(s, open + 1 + p.offset + lead) });
    }
    if (members.length < 2) continue;
    decls.push({ name: m[1], kind: 'py-literal', startLine: lineAt(s, m.index), endLine: lineAt(s, close), members });
  }
  return decls;
}

export function declarations(text, lang) {
  return lang === 'py' ? pyDeclarations(text) : tsDeclarations(text);
}
