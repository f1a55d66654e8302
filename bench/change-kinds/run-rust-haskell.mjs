#!/usr/bin/env node
// Change kinds other than "add a variant" for the compiled checkers (cargo, ghc), on the pinned Rust and
// Haskell corpora of the random whatbreaks benchmark (bench/whatbreaks-random/corpora.mjs): every eligible
// declaration per change kind is listed from a tree-sitter parse, a fixed seed draws N per kind per language,
// the bench writes the change itself (apart from scout's src/scout/*/change-edit.ts), and the oracle is the
// full compiler on the copy edited that way (rs-oracle.mjs: `cargo check`; hs-oracle.mjs: `ghc --make
// -fforce-recomp` of every module, with -fdefer-type-errors as scout runs it, so a module's type errors do not
// hide its importers'). Its new diagnostics, as (file, line), are the breaking sites. Scout: the checker of the
// built dist/ asked `applyChange` (no exploration), one checker per corpus kept warm as in the MCP server: the
// corpus's first question is cold (shadow copy and baseline built), the others warm. Graded: recall of the
// oracle's sites by scout's errors (file, line), precision of scout's errors (each is a high pointer in an
// answer), time. Appends per-language rows to bench/results/change-kinds.md. Not a test.
//
//   npm run build && node bench/change-kinds/run-rust-haskell.mjs [--per-kind 5] [--seed 11] [--lang rs,hs]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, scoutRevision } from '../corpus.mjs';
import { sample } from '../seeded.mjs';
import { sourceFiles, treeSitterParser } from '../whatbreaks-random/compiler-oracle.mjs';
import { corpora, prepare } from '../whatbreaks-random/corpora.mjs';
import { HsOracle } from '../whatbreaks-random/hs-oracle.mjs';
import { RsOracle } from '../whatbreaks-random/rs-oracle.mjs';

const args = process.argv.slice(2);
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const PER_KIND = Number(opt('--per-kind') ?? 5);
const SEED = Number(opt('--seed') ?? 11);
const LANGS = opt('--lang')?.split(',') ?? ['rs', 'hs'];
const KINDS = ['remove', 'rename', 'add_parameter', 'change_type', 'make_optional'];
const log = (s) => console.error(`[change-kinds-rust-haskell ${new Date().toISOString().slice(11, 19)}] ${s}`);
const dist = (p) => import(path.join(repoRoot, 'dist', p));
const { RustChecker } = await dist('scout/rust/checker.js');
const { HaskellChecker } = await dist('scout/haskell/checker.js');

// --- the bench's own edits: { from, to, insert } offsets of the file's text ---------------------------------
const blank = (from, to) => ({ from, to, insert: '' });
/** Lines after an equation's first are indented by `by`, so a layout block opened on its first line stays aligned. */
function indentRest(text, node, by) {
  const out = [];
  let at = text.indexOf('\n', node.startIndex);
  while (at >= 0 && at < node.endIndex) {
    const lineEnd = text.indexOf('\n', at + 1);
    if (text.slice(at + 1, lineEnd < 0 ? undefined : lineEnd).trim() !== '') out.push({ from: at + 1, to: at + 1, insert: ' '.repeat(by) });
    at = lineEnd;
  }
  return out;
}
function applyEdits(text, edits) {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return out;
}
/** Text blanked keeps its newlines: the file's lines keep their numbers. */
const keepLines = (edits, text) => edits.map((e) => (e.insert === '' ? { ...e, insert: text.slice(e.from, e.to).replace(/[^\n]/g, '') } : e));

// --- Rust: eligible declarations and their edits ------------------------------------------------------------
const rsAttrsStart = (n) => { let s = n.startIndex; for (let p = n.previousNamedSibling; p && (p.type === 'attribute_item' || /^(\/\/\/|\/\*\*)/.test(p.text)); p = p.previousNamedSibling) s = p.startIndex; return s; };
const inTest = (n) => { for (let a = n; a; a = a.parent) for (let p = a.previousNamedSibling; p && (p.type === 'attribute_item' || p.type.endsWith('comment')); p = p.previousNamedSibling) if (/cfg\s*\(\s*test/.test(p.text)) return true; return false; };
function rsEdits(kind, n, text) {
  const name = n.childForFieldName('name');
  const listed = n.type === 'field_declaration' || n.type === 'enum_variant';
  switch (kind) {
    case 'remove': {
      const next = n.nextSibling;
      return [blank(rsAttrsStart(n), listed && next?.type === ',' ? next.endIndex : n.endIndex)];
    }
    case 'rename': return [{ from: name.startIndex, to: name.endIndex, insert: `${name.text}${/^[A-Z]/.test(name.text) && !/^[A-Z0-9_]+$/.test(name.text) ? 'Renamed' : n.type === 'const_item' || n.type === 'static_item' ? '_RENAMED' : '_renamed'}` }];
    case 'add_parameter': {
      if (n.type === 'struct_item') {
        const body = n.childForFieldName('body');
        const fields = body.namedChildren.filter((c) => c.type === 'field_declaration');
        const last = fields.at(-1);
        return [last ? { from: last.endIndex, to: last.endIndex, insert: ', pub __scout_new: u8' } : { from: body.startIndex + 1, to: body.startIndex + 1, insert: ' pub __scout_new: u8 ' }];
      }
      const params = n.childForFieldName('parameters');
      const list = params.namedChildren.filter((c) => !c.type.endsWith('comment') && c.type !== 'attribute_item');
      const last = list.at(-1);
      return [last ? { from: last.endIndex, to: last.endIndex, insert: ', __scout_new: u8' } : { from: params.startIndex + 1, to: params.startIndex + 1, insert: '__scout_new: u8' }];
    }
    case 'change_type': {
      const type = n.type === 'function_item' ? n.childForFieldName('return_type') : n.childForFieldName('type');
      let item = n;
      while (item.parent && !(item.parent.type === 'source_file' || (item.parent.type === 'declaration_list' && item.parent.parent?.type === 'mod_item'))) item = item.parent;
      const at = rsAttrsStart(item);
      return [{ from: at, to: at, insert: 'pub struct __ScoutType; ' }, { from: type.startIndex, to: type.endIndex, insert: '__ScoutType' }];
    }
    case 'make_optional': {
      const type = n.childForFieldName('type');
      return [{ from: type.startIndex, to: type.startIndex, insert: 'Option<' }, { from: type.endIndex, to: type.endIndex, insert: '>' }];
    }
  }
  return null;
}
function rsEligible(kind, n) {
  const inStruct = n.type === 'field_declaration' && n.parent?.parent?.type === 'struct_item';
  switch (kind) {
    case 'remove':
    case 'rename': return ['function_item', 'const_item', 'static_item', 'type_item', 'enum_variant'].includes(n.type) || inStruct;
    case 'add_parameter': return n.type === 'function_item' || (n.type === 'struct_item' && n.childForFieldName('body')?.type === 'field_declaration_list');
    case 'change_type': return (n.type === 'function_item' && !!n.childForFieldName('return_type')) || inStruct || n.type === 'const_item' || n.type === 'static_item';
    case 'make_optional': return inStruct && !/^Option\s*</.test(n.childForFieldName('type')?.text ?? '');
  }
  return false;
}

// --- Haskell: eligible declarations and their edits ---------------------------------------------------------
const hsDecls = (root) => (root.childForFieldName('declarations') ?? root.namedChildren.find((c) => c.type === 'declarations'))?.namedChildren ?? [];
const sigNames = (s) => (s.childForFieldName('name') ? [s.childForFieldName('name')] : s.childForFieldName('names')?.namedChildren.filter((c) => c.type === 'variable') ?? []);
function hsListBlank(node, sep) {
  const p = node.previousSibling;
  const nx = node.nextSibling;
  if (p?.type === sep) return blank(p.startIndex, node.endIndex);
  if (nx?.type === sep) return blank(node.startIndex, nx.endIndex);
  return blank(node.startIndex, node.endIndex);
}
function hsExports(root, name) {
  const ex = root.namedChildren.find((c) => c.type === 'header')?.childForFieldName('exports');
  const out = [];
  for (const e of ex?.namedChildren ?? []) {
    if (e.type !== 'export') continue;
    const own = e.childForFieldName('variable') ?? e.childForFieldName('type');
    if (own?.text === name) out.push({ entry: e, name: own });
    for (const c of e.childForFieldName('children')?.namedChildren ?? []) if (c.text === name) out.push({ entry: c, name: c });
  }
  return out;
}
const FRESH_HS = 'data ScoutType__ = ScoutType__ deriving (Show, Read, Eq, Ord, Bounded, Enum)';
const freshAtEnd = (text) => ({ from: text.length, to: text.length, insert: `${text.endsWith('\n') ? '' : '\n'}${FRESH_HS}` });
function bare(t) { while (t && (t.type === 'forall' || t.type === 'context')) t = t.childForFieldName('type'); return t; }
function hsEdits(kind, d, text, root) {
  const edits = [];
  const exported = hsExports(root, d.name);
  if (d.what === 'function') {
    const sigName = sigNames(d.sig)[0];
    if (kind === 'remove') {
      edits.push(blank(d.sig.startIndex, d.sig.endIndex), ...d.eqs.map((e) => blank(e.startIndex, e.endIndex)), ...exported.map((x) => hsListBlank(x.entry, ',')));
    } else if (kind === 'rename') {
      const to = `${d.name}Renamed`;
      edits.push({ from: sigName.startIndex, to: sigName.endIndex, insert: to }, ...exported.map((x) => ({ from: x.name.startIndex, to: x.name.endIndex, insert: to })));
      for (const e of d.eqs) { const n = e.childForFieldName('name'); edits.push({ from: n.startIndex, to: n.endIndex, insert: to }, ...indentRest(text, e, 'Renamed'.length)); }
    } else if (kind === 'add_parameter') {
      const t = bare(d.sig.childForFieldName('type'));
      edits.push(freshAtEnd(text), { from: t.startIndex, to: t.startIndex, insert: 'ScoutType__ -> ' });
      for (const e of d.eqs) { const n = e.childForFieldName('name'); edits.push({ from: n.endIndex, to: n.endIndex, insert: ' _scoutNew' }, ...indentRest(text, e, ' _scoutNew'.length)); }
    } else if (kind === 'change_type') {
      let t = bare(d.sig.childForFieldName('type'));
      while (t.type === 'function' && t.childForFieldName('result')) t = t.childForFieldName('result');
      edits.push(freshAtEnd(text), { from: t.startIndex, to: t.endIndex, insert: 'ScoutType__' });
    } else return null;
  } else if (d.what === 'constructor') {
    if (kind === 'remove') edits.push(hsListBlank(d.node, '|'), ...exported.map((x) => hsListBlank(x.entry, ',')));
    else if (kind === 'rename') edits.push({ from: d.nameNode.startIndex, to: d.nameNode.endIndex, insert: `${d.name}Renamed` }, ...exported.map((x) => ({ from: x.name.startIndex, to: x.name.endIndex, insert: `${d.name}Renamed` })));
    else return null;
  } else if (d.what === 'field') {
    const type = d.node.childForFieldName('type');
    if (kind === 'remove') edits.push(hsListBlank(d.node, ','), ...exported.map((x) => hsListBlank(x.entry, ',')));
    else if (kind === 'rename') edits.push({ from: d.nameNode.startIndex, to: d.nameNode.endIndex, insert: `${d.name}Renamed` }, ...exported.map((x) => ({ from: x.name.startIndex, to: x.name.endIndex, insert: `${d.name}Renamed` })));
    else if (kind === 'change_type') edits.push(freshAtEnd(text), { from: type.startIndex, to: type.endIndex, insert: 'ScoutType__' });
    else if (kind === 'make_optional') {
      if (type.text.startsWith('!')) edits.push({ from: type.startIndex + 1, to: type.startIndex + 1, insert: '(Maybe (' }, { from: type.endIndex, to: type.endIndex, insert: '))' });
      else edits.push({ from: type.startIndex, to: type.startIndex, insert: 'Maybe (' }, { from: type.endIndex, to: type.endIndex, insert: ')' });
    } else return null;
  }
  return edits;
}
/** Haskell declarations: functions with a one-name signature and named equations, constructors of multi-constructor data types, one-name record fields. */
function hsDeclarations(root) {
  const decls = hsDecls(root);
  const out = [];
  for (const s of decls.filter((x) => x.type === 'signature' && sigNames(x).length === 1 && sigNames(x)[0].type === 'variable')) {
    const name = sigNames(s)[0].text;
    const eqs = decls.filter((x) => (x.type === 'function' || x.type === 'bind') && x.childForFieldName('name')?.text === name);
    if (eqs.length > 0 && !s.hasError && !eqs.some((e) => e.hasError)) out.push({ what: 'function', name, sig: s, eqs, row: sigNames(s)[0].startPosition.row });
  }
  for (const dt of decls.filter((x) => x.type === 'data_type' && !x.hasError)) {
    const ctors = dt.childForFieldName('constructors')?.namedChildren.filter((c) => c.type === 'data_constructor') ?? [];
    for (const c of ctors) {
      const form = c.childForFieldName('constructor');
      const nm = form?.childForFieldName('name');
      if (nm && ctors.length > 1) out.push({ what: 'constructor', name: nm.text, node: c, nameNode: nm, row: nm.startPosition.row });
      for (const f of form?.childForFieldName('fields')?.namedChildren.filter((x) => x.type === 'field') ?? []) {
        const names = f.namedChildren.filter((x) => x.type === 'field_name');
        if (names.length === 1) { const v = names[0].namedChildren[0] ?? names[0]; out.push({ what: 'field', name: v.text, node: f, nameNode: v, row: v.startPosition.row }); }
      }
    }
  }
  return out;
}
const hsEligible = { remove: ['function', 'constructor', 'field'], rename: ['function', 'constructor', 'field'], add_parameter: ['function'], change_type: ['function', 'field'], make_optional: ['field'] };

// --- targets -------------------------------------------------------------------------------------------------
async function targetsOf(lang, corpus, dir) {
  const parser = await treeSitterParser(lang === 'rs' ? 'rust' : 'haskell');
  const byKind = Object.fromEntries(KINDS.map((k) => [k, []]));
  const files = lang === 'rs' ? sourceFiles(dir, '.rs', 'target') : (corpora[corpus].sourceDirs ?? ['.']).flatMap((d) => sourceFiles(path.join(dir, d), '.hs', 'dist-newstyle'));
  for (const abs of files) {
    const file = path.relative(dir, abs).split(path.sep).join('/');
    if (lang === 'rs' && /(^|\/)(tests?|benches|examples)\//.test(file)) continue;
    const text = readFileSync(abs, 'utf8');
    const tree = parser.parse(text);
    if (lang === 'rs') {
      const visit = (n) => {
        if (n.type === 'macro_definition' || n.type === 'macro_invocation') return;
        for (const k of KINDS) if (n.childForFieldName('name') && rsEligible(k, n) && !n.hasError && !inTest(n)) byKind[k].push({ corpus, file, line: n.childForFieldName('name').startPosition.row + 1, name: n.childForFieldName('name').text, kind: k, edits: keepLines(rsEdits(k, n, text), text) });
        for (const c of n.namedChildren) visit(c);
      };
      visit(tree.rootNode);
    } else {
      for (const d of hsDeclarations(tree.rootNode)) for (const k of KINDS) if (hsEligible[k].includes(d.what)) {
        const edits = hsEdits(k, d, text, tree.rootNode);
        if (edits) byKind[k].push({ corpus, file, line: d.row + 1, name: d.name, kind: k, what: d.what, edits: keepLines(edits, text) });
      }
    }
    tree.delete();
  }
  return byKind;
}

// --- the oracle on the bench's edit ----------------------------------------------------------------------------
function oracleSites(oracle, t) {
  const file = path.join(oracle.copy, t.file);
  const text = readFileSync(file, 'utf8');
  const editedText = applyEdits(text, t.edits);
  writeFileSync(file, editedText);
  let diags;
  const t0 = performance.now();
  try { diags = oracle.check(); } finally { writeFileSync(file, text); }
  const ms = performance.now() - t0;
  // Diagnostics on inserted text (or appended lines) are about the edit. The inserted ranges, in the edited text:
  const ranges = [];
  let shift = 0;
  for (const e of [...t.edits].sort((a, b) => a.from - b.from)) { if (e.insert.trim()) ranges.push([e.from + shift, e.from + shift + e.insert.length]); shift += e.insert.length - (e.to - e.from); }
  const lineStarts = [0];
  for (let i = 0; i < editedText.length; i++) if (editedText[i] === '\n') lineStarts.push(i + 1);
  const ownLines = text.split('\n').length;
  const onEdit = (d) => d.file === t.file && (d.line > ownLines || ranges.some(([a, b]) => { const at = lineStarts[d.line - 1] + d.column - 1; return at >= a && at < b; }));
  const left = new Map();
  const key = (d) => `${d.file}|${d.line}|${d.code}|${d.message.replace(/‘[^’]*’|`[^`]*`/g, '_')}`;
  for (const d of oracle.baseline) left.set(key(d), (left.get(key(d)) ?? 0) + 1);
  const sites = new Set();
  for (const d of diags) {
    if (onEdit(d)) continue;
    const n = left.get(key(d)) ?? 0;
    if (n > 0) { left.set(key(d), n - 1); continue; }
    sites.add(`${d.file}:${d.line}`);
  }
  return { sites, ms };
}

// --- run ---------------------------------------------------------------------------------------------------
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const rows = [];
const perTarget = [];
for (const lang of LANGS) {
  const names = Object.keys(corpora).filter((n) => corpora[n].lang === lang);
  const pool = Object.fromEntries(KINDS.map((k) => [k, []]));
  const dirs = {};
  for (const c of names) {
    dirs[c] = prepare(c);
    const byKind = await targetsOf(lang, c, dirs[c]);
    for (const k of KINDS) pool[k].push(...byKind[k]);
  }
  const drawn = KINDS.flatMap((k) => sample(pool[k], PER_KIND, SEED));
  log(`${lang}: eligible ${KINDS.map((k) => `${k} ${pool[k].length}`).join(', ')}; drawn ${drawn.length}`);
  for (const c of names) {
    const mine = drawn.filter((t) => t.corpus === c);
    if (mine.length === 0) continue;
    const oracle = lang === 'rs' ? new RsOracle(c, dirs[c]) : new HsOracle(c, dirs[c], corpora[c]);
    if (lang === 'hs') { oracle.flags.push('-fdefer-type-errors'); oracle.baseline = oracle.check(); }
    const cache = mkdtempSync(path.join(os.tmpdir(), 'scout-ck-cache-'));
    const checker = lang === 'rs' ? new RustChecker({ cacheDir: cache }) : new HaskellChecker({ cacheDir: cache });
    let first = true;
    for (const t of mine) {
      const truth = oracleSites(oracle, t);
      const t0 = performance.now();
      const out = await checker.applyChange({ root: dirs[c], declaration: { name: t.name, file: t.file, line: t.line }, deadline: performance.now() + 600_000, change: { kind: t.kind } });
      const ms = performance.now() - t0;
      const found = new Set(out.status === 'checked' ? out.check.errors.map((e) => `${e.file}:${e.line}`) : []);
      const hit = [...truth.sites].filter((s) => found.has(s)).length;
      const right = [...found].filter((s) => truth.sites.has(s)).length;
      perTarget.push({ lang, ...t, edits: undefined, status: out.status, reason: out.status === 'refused' ? out.reason : undefined, oracle: truth.sites.size, found: found.size, hit, right, ms: Math.round(ms), cold: first, oracleMs: Math.round(truth.ms), missed: [...truth.sites].filter((s) => !found.has(s)), extra: [...found].filter((s) => !truth.sites.has(s)) });
      log(`${lang} ${t.kind} ${t.name} ${t.file}:${t.line}: ${out.status} oracle ${truth.sites.size} found ${found.size} hit ${hit} ${Math.round(ms)} ms${first ? ' (cold)' : ''}`);
      first = false;
    }
    checker.dispose();
    oracle.dispose();
    rmSync(cache, { recursive: true, force: true });
  }
  for (const k of KINDS) {
    const ts = perTarget.filter((t) => t.lang === lang && t.kind === k);
    const checkedTs = ts.filter((t) => t.status === 'checked');
    const o = checkedTs.reduce((n, t) => n + t.oracle, 0);
    const f = checkedTs.reduce((n, t) => n + t.found, 0);
    const r = (x, y) => (y === 0 ? '–' : (x / y).toFixed(2));
    rows.push(`| ${lang === 'rs' ? 'Rust (cargo)' : 'Haskell (ghc)'} | ${k} | ${ts.length} | ${checkedTs.length} | ${o} | ${f} | ${r(checkedTs.reduce((n, t) => n + t.hit, 0), o)} | ${r(checkedTs.reduce((n, t) => n + t.right, 0), f)} | ${Math.round(median(ts.filter((t) => t.cold).map((t) => t.ms))) || '–'} | ${Math.round(median(ts.filter((t) => !t.cold).map((t) => t.ms))) || '–'} |`);
  }
}

const version = (await dist('scout/rust/run-cargo.js')).cargoVersion();
const ghc = (await dist('scout/haskell/run-ghc.js')).ghcVersion();
const section = [
  '',
  '## Rust and Haskell: the compiled checkers against the full compiler',
  '',
  `Written by \`bench/change-kinds/run-rust-haskell.mjs\` (scout ${scoutRevision()}, cargo ${version}, ghc ${ghc}; ${PER_KIND} targets per kind per language, seed ${SEED}).`,
  `Corpora: the pinned Rust (${Object.keys(corpora).filter((n) => corpora[n].lang === 'rs').join(', ')}) and Haskell (${Object.keys(corpora).filter((n) => corpora[n].lang === 'hs').join(', ')}) corpora of bench/whatbreaks-random.`,
  'Targets: drawn from every eligible declaration of the language\'s corpora (Rust: functions and methods, struct fields, variants, consts, statics, type aliases,',
  'structs with named fields; Haskell: top-level functions with a one-name signature, constructors, one-name record fields). The bench writes each change itself;',
  'the oracle is the full compiler on the copy edited that way (cargo check; ghc --make -fforce-recomp -fdefer-type-errors of every module), its new diagnostics',
  'as (file, line). Scout: the checker asked `applyChange` directly (every error it returns is a high pointer in an answer), kept warm per corpus; cold = the',
  'corpus\'s first question (shadow copy and baseline built), warm = the others. Sites compare by (file, line). Every corpus\'s first',
  'drawn target is a removal, so the cold column has figures in the remove rows only: the median over the corpora (4 Rust, 2 Haskell).',
  '',
  '| language | change kind | targets | verified | sites (oracle) | sites (scout) | recall | high precision | median cold (ms) | median warm (ms) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
  '',
  'Every target:',
  '',
  '| language | kind | declaration | status | oracle sites | found | missed / extra | time (ms) |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...perTarget.map((t) => `| ${t.lang} | ${t.kind} | \`${t.name}\` ${t.corpus}/${t.file}:${t.line} | ${t.status === 'checked' ? 'checked' : `refused: ${t.reason.slice(0, 80)}`} | ${t.oracle} | ${t.found} | ${[...t.missed.map((s) => `-${s}`), ...t.extra.map((s) => `+${s}`)].slice(0, 4).join(' ') || '–'} | ${t.ms}${t.cold ? ' (cold)' : ''} |`),
  '',
];
const out = path.join(repoRoot, 'bench', 'results', 'change-kinds.md');
const current = readFileSync(out, 'utf8');
const start = current.indexOf('\n## Rust and Haskell: the compiled checkers');
writeFileSync(out, (start >= 0 ? current.slice(0, start) : current.replace(/\n*$/, '\n')) + section.join('\n'));
writeFileSync(path.join(repoRoot, 'bench', 'results', 'change-kinds-rust-haskell.json'), JSON.stringify(perTarget, null, 1));
log(`wrote ${path.relative(repoRoot, out)}`);
