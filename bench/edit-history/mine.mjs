// Miner of the edit-history benchmark: finds commits that add 1-3 members to an enum, a literal union, a union
// of types, a tagged union, a Python Enum or a Python `Literal` alias, and records as truth the other places of
// the same commit that mention the new member, located at the parent commit. See README.md for the definitions.
//
//   node bench/edit-history/mine.mjs [--repo name] [--since 2020-01-01] [--per-repo 14] [--out FILE]
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { corpora, mirrorOf } from './corpora.mjs';
import { declarations } from './decls.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(`--${k}`); return i >= 0 ? args[i + 1] : d; };
const SINCE = opt('since', '2020-01-01');
const PER_REPO = Number(opt('per-repo', '14'));
const OUT = opt('out', path.join(here, 'instances.json'));
const ONLY = opt('repo', null);
const SEED = 'edit-history-v1';

// ------------------------------------------------------------------ file classes

const CODE_EXT = { ts: /\.(ts|tsx|mts|cts)$/, py: /\.pyi?$/ };
export function isTest(p) {
  return /(^|\/)(test|tests|__tests__|spec|testing|__mocks__|type-tests)\//.test(p) || /\.(test|spec|test-d)\.[cm]?[jt]sx?$/.test(p) || /(^|\/)test_[^/]*\.py$/.test(p) || /_test\.py$/.test(p) || /(^|\/)conftest\.py$/.test(p);
}
export function isDoc(p) {
  return /\.(md|mdx|rst|txt|adoc)$/i.test(p) || /(^|\/)(docs?|documentation|website)\//i.test(p) || /(^|\/)README[^/]*$/i.test(p);
}
export function isDropped(p) {
  const base = p.split('/').pop();
  if (/^(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|uv\.lock|Pipfile\.lock|bun\.lockb|.*\.lock)$/i.test(base)) return 'generated';
  if (/(^|\/)(dist|__snapshots__|snapshots|node_modules)\//.test(p) || /\.(snap|shot|min\.js|map)$/.test(p) || (/(^|\/)build\//.test(p) && /\.d\.ts$/.test(p))) return 'generated';
  if (/^(CHANGELOG|CHANGES|HISTORY|NEWS|RELEASE|RELEASES|RELEASE[-_]NOTES)([-_.].*)?$/i.test(base) || /(^|\/)(changes|CHANGES|changelog\.d|\.changeset|newsfragments|release-notes|changelog)\//i.test(p) || /changelog|release[-_]notes/i.test(base)) return 'changelog';
  return null;
}

// ------------------------------------------------------------------ git log stream

async function streamCommits(gitDir, onCommit) {
  const child = spawn('git', ['--git-dir', gitDir, 'log', '--no-merges', `--since=${SINCE}`, '-p', '-U0', '--full-index', '--no-renames', '--no-color', '--no-ext-diff', '--format=@@@COMMIT %H %P%n@@@DATE %cI'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const rl = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
  let cur = null, file = null, hunk = null, oldLeft = 0, newLeft = 0;
  const flush = () => { if (cur) onCommit(cur); cur = null; file = null; hunk = null; };
  for await (const line of rl) {
    if (hunk && (oldLeft > 0 || newLeft > 0)) {
      if (line.startsWith('+')) { hunk.added.push(line.slice(1)); newLeft--; continue; }
      if (line.startsWith('-')) { hunk.removed.push(line.slice(1)); oldLeft--; continue; }
      if (line.startsWith('\\')) continue;
    }
    if (line.startsWith('@@@COMMIT ')) {
      flush();
      const [h, p] = line.slice(10).split(' ');
      cur = { commit: h, parent: p ?? null, files: [], lines: 0 };
      continue;
    }
    if (!cur) continue;
    if (line.startsWith('@@@DATE ')) { cur.date = line.slice(8); continue; }
    if (line.startsWith('diff --git ')) {
      const m = / b\/(.*)$/.exec(line);
      file = { path: m ? m[1] : '', oldBlob: null, newBlob: null, hunks: [], binary: false, created: false };
      cur.files.push(file); hunk = null; continue;
    }
    if (!file) continue;
    if (line.startsWith('index ')) { const m = /^index ([0-9a-f]+)\.\.([0-9a-f]+)/.exec(line); if (m) { file.oldBlob = m[1]; file.newBlob = m[2]; } continue; }
    if (line.startsWith('new file mode')) { file.created = true; continue; }
    if (line.startsWith('Binary files')) { file.binary = true; continue; }
    if (line.startsWith('@@ ')) {
      const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!m) continue;
      hunk = { oldStart: +m[1], oldLen: m[2] === undefined ? 1 : +m[2], newStart: +m[3], newLen: m[4] === undefined ? 1 : +m[4], added: [], removed: [] };
      oldLeft = hunk.oldLen; newLeft = hunk.newLen;
      cur.lines += hunk.oldLen + hunk.newLen;
      file.hunks.push(hunk);
    }
  }
  flush();
  await new Promise((r) => child.on('close', r));
}

// ------------------------------------------------------------------ blobs

function readBlobs(gitDir, ids) {
  const out = new Map();
  const uniq = [...new Set(ids)].filter((x) => x && !/^0+$/.test(x));
  for (let i = 0; i < uniq.length; i += 400) {
    const chunk = uniq.slice(i, i + 400);
    const buf = execFileSync('git', ['--git-dir', gitDir, 'cat-file', '--batch'], { input: chunk.join('\n') + '\n', maxBuffer: 1 << 30 });
    let pos = 0;
    while (pos < buf.length) {
      const nl = buf.indexOf(10, pos);
      const header = buf.subarray(pos, nl).toString();
      const [sha, type, size] = header.split(' ');
      if (type === 'missing' || size === undefined) { pos = nl + 1; continue; }
      const n = Number(size);
      out.set(sha, buf.subarray(nl + 1, nl + 1 + n).toString('utf8'));
      pos = nl + 1 + n + 1;
    }
  }
  return out;
}

// ------------------------------------------------------------------ matching

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (w) => new RegExp(`(?<![\\w$])${esc(w)}(?![\\w$])`);
const quotedRe = (v) => new RegExp(`(['"\`])${esc(v)}\\1`);
// Names that also read as keywords, builtins or common words: a bare-word match of them is not a mention.
const COMMON = new Set(['never', 'any', 'unknown', 'void', 'null', 'undefined', 'string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'function', 'default', 'none', 'None', 'True', 'False', 'Any', 'Object', 'String', 'Number', 'Boolean', 'Date', 'Array', 'Map', 'Set', 'Promise', 'Error', 'Function', 'Symbol', 'Type', 'List', 'Dict', 'Tuple', 'Optional', 'Union', 'Literal']);
/**
 * Tests of a member's mention. Enums: `.Member` (qualified), or the bare name when it cannot be a keyword or a
 * common word (an upper-case letter, 3+ characters, not a builtin), or its string value quoted. Literal unions
 * and Literal aliases: the value quoted, or (TypeScript) an identifier-like value of 4+ characters as an object
 * key (`highlight: IS_HIGHLIGHT`). Unions of types: the member type's name as a word.
 */
function mentionTests(member, kind) {
  const tests = [];
  const literal = kind === 'literal-union' || kind === 'py-literal' || kind === 'tagged-union';
  const name = String(member.name);
  if (kind === 'union') tests.push(wordRe(name));
  else if (!literal) {
    tests.push(new RegExp(`\\.${esc(name)}(?![\\w$])`));
    if (/[A-Z]/.test(name) && name.length >= 3 && !COMMON.has(name)) tests.push(wordRe(name));
  }
  const v = member.value === null || member.value === undefined ? null : String(member.value);
  if (v !== null && v.length > 0 && !(member.valueIsNumber ?? /^-?\d/.test(v))) tests.push(quotedRe(v));
  if (literal && v !== null && /^-?\d/.test(v)) tests.push(wordRe(v));
  if ((kind === 'literal-union' || kind === 'tagged-union') && v !== null && /^[A-Za-z_$][\w$]{3,}$/.test(v) && !COMMON.has(v)) tests.push(new RegExp(`(?<![\\w$.'"])${esc(v)}\\??\\s*:(?!:)`));
  return tests;
}
const IMPORT_LINE = /^\s*(import\b|from\s+\S+\s+import\b|export\s*(\*|\{[^}]*\})\s*from\b|\}\s*from\s*['"])/;
const DEFINES = (name) => new RegExp(`\\b(interface|class|type|enum|def)\\s+${esc(name)}\\b`);

// ------------------------------------------------------------------ mining one repo

function typeUnambiguous(gitDir, parent, type, lang) {
  const pat = lang === 'py' ? `^\\s*class\\s+${type}\\b|^(type\\s+)?${type}\\s*(:[^=]*)?=` : `\\b(enum|type|interface|class)\\s+${type}\\b`;
  const spec = lang === 'py' ? ['*.py', '*.pyi'] : ['*.ts', '*.tsx', '*.mts', '*.cts'];
  let out = '';
  try { out = execFileSync('git', ['--git-dir', gitDir, 'grep', '-l', '-E', pat, parent, '--', ...spec], { encoding: 'utf8', maxBuffer: 1 << 26 }); } catch { out = ''; }
  const files = out.split('\n').filter(Boolean).map((l) => l.slice(parent.length + 1)).filter((f) => !isDropped(f) && !/node_modules\//.test(f) && !isTest(f) && !isDoc(f));
  return new Set(files).size;
}

async function mineRepo(name) {
  const gitDir = mirrorOf(name);
  const lang = corpora[name].lang;
  const candidates = [];
  const memberish = lang === 'py'
    ? /^\s+[A-Za-z_]\w*\s*(:[^=]+)?=\s*\S|^\s*(['"])[^'"]*\2\s*,?\s*$|Literal\[/
    : /^\s*[A-Za-z_$][\w$]*\s*(=\s*.+?)?\s*,?\s*(\/\/.*)?$|^\s*(['"])[^'"]*\3\s*(=.*)?,?\s*$|\|\s*(['"`]|[A-Z]\w*|\d|\{)|(['"])[^'"]*\6\s*\|/;
  let seen = 0;
  await streamCommits(gitDir, (c) => {
    seen++;
    if (!c.parent || c.files.length > 60 || c.lines > 6000) return;
    const declFiles = c.files.filter((f) => CODE_EXT[lang].test(f.path) && !f.created && !f.binary && !isTest(f.path) && !isDropped(f.path) && !isDoc(f.path) && f.oldBlob && f.hunks.some((h) => h.added.some((l) => memberish.test(l))));
    if (declFiles.length === 0) return;
    candidates.push({ ...c, declFiles: declFiles.map((f) => f.path) });
  });
  console.error(`${name}: ${seen} commits, ${candidates.length} candidates`);
  const ids = candidates.flatMap((c) => c.files.filter((f) => c.declFiles.includes(f.path)).flatMap((f) => [f.oldBlob, f.newBlob]));
  const blobs = readBlobs(gitDir, ids);
  const found = [];
  for (const c of candidates) {
    for (const fp of c.declFiles) {
      const f = c.files.find((x) => x.path === fp);
      const oldText = blobs.get(f.oldBlob), newText = blobs.get(f.newBlob);
      if (oldText === undefined || newText === undefined) continue;
      if (lang === 'py' && !/Enum|Flag|Literal/.test(newText)) continue;
      let oldDecls, newDecls;
      try { oldDecls = declarations(oldText, lang); newDecls = declarations(newText, lang); } catch { continue; }
      for (const nd of newDecls) {
        if (newDecls.filter((d) => d.name === nd.name).length !== 1) continue;
        const od = oldDecls.filter((d) => d.name === nd.name);
        if (od.length !== 1 || od[0].kind !== nd.kind) continue;
        const oldNames = new Set(od[0].members.map((m) => m.name));
        const newNames = new Set(nd.members.map((m) => m.name));
        const added = nd.members.filter((m) => !oldNames.has(m.name));
        const removed = od[0].members.filter((m) => !newNames.has(m.name));
        if (added.length < 1 || added.length > 3 || removed.length > 0 || od[0].members.length < 2) continue;
        // The declaration's hunks must add the member lines (not a reformat elsewhere).
        if (!f.hunks.some((h) => h.newLen > 0 && added.some((a) => a.line >= h.newStart && a.line < h.newStart + h.newLen))) continue;
        found.push({ c, file: fp, old: od[0], nw: nd, added });
      }
    }
  }
  console.error(`${name}: ${found.length} declarations gaining members`);
  // Truth for each: the other hunks of the commit that mention a new member, at the parent.
  const instances = [];
  for (const { c, file, old, nw, added } of found) {
    const tests = added.flatMap((m) => mentionTests(m, nw.kind));
    const dropped = { generated: 0, changelog: 0, newFile: 0, imports: 0, definesMember: 0 };
    const raw = [];
    for (const f of c.files) {
      if (f.binary) continue;
      const drop = isDropped(f.path);
      for (const h of f.hunks) {
        if (f.path === file && h.newStart <= nw.endLine && h.newStart + Math.max(h.newLen, 1) - 1 >= nw.startLine) continue;
        const mention = h.added.filter((l) => tests.some((t) => t.test(l)));
        if (mention.length === 0) continue;
        if (drop) { dropped[drop]++; continue; }
        if (f.created) { dropped.newFile++; continue; }
        if (mention.every((l) => IMPORT_LINE.test(l))) { dropped.imports++; continue; }
        if (nw.kind === 'union' && mention.every((l) => added.some((a) => DEFINES(a.name).test(l)))) { dropped.definesMember++; continue; }
        const start = h.oldLen === 0 ? Math.max(1, h.oldStart) : h.oldStart;
        const end = h.oldLen === 0 ? h.oldStart + 1 : h.oldStart + h.oldLen - 1;
        raw.push({ file: f.path, startLine: start, endLine: end, oldBlob: f.oldBlob, typeMention: h.added.some((l) => wordRe(nw.name).test(l)) });
      }
    }
    // Merge places of the same file within 3 lines.
    raw.sort((a, b) => a.file.localeCompare(b.file) || a.startLine - b.startLine);
    const places = [];
    for (const p of raw) {
      const last = places[places.length - 1];
      if (last && last.file === p.file && p.startLine <= last.endLine + 3) { last.endLine = Math.max(last.endLine, p.endLine); last.typeMention ||= p.typeMention; }
      else places.push({ ...p });
    }
    if (!places.some((p) => !isDoc(p.file))) continue;
    instances.push({ c, file, old, nw, added, places, dropped });
  }
  // Read the parent's files of the places for the `enumerates` flag.
  const pblobs = readBlobs(gitDir, instances.flatMap((x) => x.places.map((p) => p.oldBlob)));
  const out = [];
  for (const x of instances) {
    const others = x.old.members;
    const otherTests = others.flatMap((m) => mentionTests(m, x.nw.kind));
    let places = x.places.map((p) => {
      const lines = (pblobs.get(p.oldBlob) ?? '').split('\n');
      const around = lines.slice(Math.max(0, p.startLine - 1 - 3), p.endLine + 3).join('\n');
      return { file: p.file, startLine: p.startLine, endLine: p.endLine, test: isTest(p.file), doc: isDoc(p.file), enumerates: otherTests.some((t) => t.test(around)), typeMention: p.typeMention };
    });
    // Unions of types: the member type often exists before the commit and is used everywhere; only places that
    // list other members or name the union itself are edits caused by the new member.
    if (x.nw.kind === 'union') places = places.filter((p) => p.enumerates || p.typeMention);
    if (!places.some((p) => !p.doc)) continue;
    places = places.map(({ typeMention, ...p }) => p);
    const m0 = x.added[0];
    out.push({
      id: `${name}-${x.c.commit.slice(0, 10)}-${x.nw.name}`,
      commit: x.c.commit, parent: x.c.parent, date: x.c.date, repo: name, github: corpora[name].repo, language: lang,
      type: x.nw.name, kind: x.nw.kind, member: m0.name, value: m0.value, added: x.added.map((m) => ({ name: m.name, value: m.value })),
      declaration: { file: x.file, line: x.old.startLine, endLine: x.old.endLine },
      members: x.old.members.map((m) => ({ name: m.name, value: m.value })),
      places, dropped: x.dropped,
    });
  }
  // One instance per (commit, type); drop ambiguous type names (defined in more than one file at the parent).
  const uniq = [];
  const seenKey = new Set();
  for (const i of out) {
    const k = `${i.commit}:${i.type}`;
    if (seenKey.has(k)) continue;
    seenKey.add(k);
    uniq.push(i);
  }
  // Several declarations gaining members in one commit: keep the one with the most code places.
  const byCommit = new Map();
  for (const i of uniq) {
    const prev = byCommit.get(i.commit);
    const n = (x) => x.places.filter((p) => !p.doc).length;
    if (!prev || n(i) > n(prev)) byCommit.set(i.commit, i);
  }
  // The same change landed on several branches (backports): keep the first commit of a (type, new members).
  const byChange = new Map();
  for (const i of [...byCommit.values()].sort((a, b) => a.date.localeCompare(b.date))) {
    const k = `${i.type}:${i.added.map((a) => a.name).join(',')}`;
    if (!byChange.has(k)) byChange.set(k, i);
  }
  const kept = [];
  for (const i of byChange.values()) {
    const defs = typeUnambiguous(gitDir, i.parent, i.type, lang);
    if (defs !== 1) { console.error(`  drop ${i.id}: ${i.type} defined in ${defs} files`); continue; }
    kept.push(i);
  }
  console.error(`${name}: ${kept.length} instances`);
  return kept;
}

const h = (s) => createHash('sha256').update(`${SEED}:${s}`).digest();
const names = ONLY ? ONLY.split(',') : Object.keys(corpora);
const all = [];
for (const n of names) {
  const got = await mineRepo(n);
  // Cap per repository with a seeded draw (hash order).
  got.sort((a, b) => Buffer.compare(h(a.commit), h(b.commit)));
  const capped = got.slice(0, PER_REPO);
  for (const i of capped) i.split = h(`split:${i.commit}`)[0] < 0.4 * 256 ? 'heldout' : 'tuning';
  all.push(...capped);
}
all.sort((a, b) => a.repo.localeCompare(b.repo) || a.date.localeCompare(b.date));
writeFileSync(OUT, JSON.stringify(all, null, 1) + '\n');
const count = (f) => Object.entries(all.reduce((m, i) => ((m[f(i)] = (m[f(i)] ?? 0) + 1), m), {})).map(([k, v]) => `${k} ${v}`).join(', ');
console.error(`${all.length} instances → ${OUT}\nper repo: ${count((i) => i.repo)}\nper language: ${count((i) => i.language)}\nper split: ${count((i) => i.split)}\nper kind: ${count((i) => i.kind)}`);
