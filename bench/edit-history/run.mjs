// Runner of the edit-history benchmark: for each instance, materialize the parent commit, ask scout
// "what breaks if I add a variant to `Type`?" and run `rg -n -w Type`, and grade the pointers against the
// places the commit edited (see README.md). Rows are cached in rows/<split>.jsonl, keyed by instance and answer.
//
//   node bench/edit-history/run.mjs [--split heldout|tuning|all] [--repo name] [--limit N] [--only scout|scout-named|rg|rg-members] [--fresh] [--id ID]
//   (scout-named asks the question naming the new member; it runs only when asked for with --only)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mirrorOf } from './corpora.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(`--${k}`); return i >= 0 ? args[i + 1] : d; };
const SPLIT = opt('split', 'heldout');
const REPO = opt('repo', null);
const LIMIT = Number(opt('limit', '0')) || Infinity;
const ONLY = opt('only', null);
const ID = opt('id', null);
const FRESH = args.includes('--fresh');
const SCOUT = process.env.SCOUT_CLI ?? path.join(repoRoot, 'dist/cli/main.js');
const ASK_TIMEOUT = Number(process.env.ASK_TIMEOUT_MS ?? 180_000);
const WORK = process.env.EDIT_HISTORY_WORK ?? path.join(repoRoot, 'bench/corpus/edit-history'); // a second run in parallel needs its own
const ROWS = path.join(here, 'rows');

export const question = (type) => `what breaks if I add a variant to \`${type}\`?`;
/** The same question naming the new member, as an agent that knows what it adds would ask it (answer kind `scout-named`). */
export const namedQuestion = (type, member) => `what breaks if I add \`${member}\` to \`${type}\`?`;

// ------------------------------------------------------------------ grading (shared with report.mjs)

/** `file:line` → { file, line } (the file may itself contain ':'). */
export function parseLocation(loc, root) {
  const m = /^(.*):(\d+)(?::\d+)?$/.exec(String(loc));
  if (!m) return null;
  let file = m[1];
  if (root && path.isAbsolute(file)) file = path.relative(root, file);
  return { file: file.replace(/^\.\//, ''), line: Number(m[2]) };
}

const atDeclaration = (inst, file, line) => file === inst.declaration.file && line >= inst.declaration.line && line <= inst.declaration.endLine;
/**
 * The truth places, without any that overlaps the declaration itself, and without import hunks the miner
 * could not see as such: it drops a hunk whose added lines are all imports, testing each line alone, so
 * `  MultilineElementTransformer,` added inside a multi-line `import {` … `} from` passed as a code place.
 * A place whose lines at the parent all lie inside an import statement is dropped here (the miner's rule, read
 * with the parent's text from the mirror). EDIT_HISTORY_KEEP_IMPORTS=1 grades the places as mined.
 */
export function truthPlaces(inst) {
  return inst.places.filter((p) => !(p.file === inst.declaration.file && p.startLine <= inst.declaration.endLine && p.endLine >= inst.declaration.line) && (KEEP_IMPORTS || !insideImport(inst, p)));
}
const KEEP_IMPORTS = process.env.EDIT_HISTORY_KEEP_IMPORTS === '1';

const IMPORT_START = /^\s*(?:import\b(?!\s*\()|from\s+[\w.]+\s+import\b)/;
/** 1-based lines of import statements, multi-line ones whole (as src/scout/enumeration/not-enumerating.ts reads them). */
function importLinesOf(lines) {
  const out = new Set();
  for (let i = 0; i < lines.length; i++) {
    if (!IMPORT_START.test(lines[i])) continue;
    out.add(i + 1);
    const open = /[{(]/.exec(lines[i]);
    if (!open || /[})]/.test(lines[i].slice(open.index))) continue;
    for (let j = i + 1; j < lines.length && j < i + 500; j++) {
      out.add(j + 1);
      if (/[})]/.test(lines[j])) { i = j; break; }
    }
  }
  return out;
}
const importsAtParent = new Map();
function insideImport(inst, place) {
  const key = `${inst.repo}:${inst.parent}:${place.file}`;
  if (!importsAtParent.has(key)) {
    let lines = null;
    try { lines = execFileSync('git', ['--git-dir', mirrorOf(inst.repo), 'show', `${inst.parent}:${place.file}`], { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] }).split('\n'); } catch { lines = null; }
    importsAtParent.set(key, lines ? importLinesOf(lines) : null);
  }
  const imports = importsAtParent.get(key);
  if (!imports) return false;
  for (let l = place.startLine; l <= place.endLine; l++) if (!imports.has(l)) return false;
  return true;
}
/** An answer's pointers as the grader reads them: file, lines (location and `also`), risk; places in brief (`by_file`) count as pointers of low risk. */
export function gradedPointers(answer, root) {
  const pointers = (answer.pointers ?? []).map((p) => {
    const loc = parseLocation(p.location, root);
    return loc ? { file: loc.file, lines: [loc.line, ...(p.also ?? [])], risk: p.risk, lists: p.lists ?? null, verified: p.verified ?? false } : null;
  }).filter(Boolean);
  return [...pointers, ...(answer.by_file ?? []).map((g) => ({ file: g.file, lines: g.lines, risk: 'low' }))];
}

const hitsPlace = (p, file, line) => file === p.file && line >= p.startLine - 3 && line <= p.endLine + 3;

/** pointers: [{ file, lines: number[], risk }]. Returns per-place hits and the high pointers' hits. */
export function grade(inst, pointers) {
  const places = truthPlaces(inst);
  const kept = pointers.map((p) => ({ ...p, lines: p.lines.filter((l) => !atDeclaration(inst, p.file, l)) })).filter((p) => p.lines.length > 0);
  const placeHits = places.map((pl) => kept.some((p) => p.lines.some((l) => hitsPlace(pl, p.file, l))));
  const high = kept.filter((p) => p.risk === 'high');
  const highHits = high.filter((p) => p.lines.some((l) => places.some((pl) => hitsPlace(pl, p.file, l)))).length;
  return { placeHits, high: high.length, highHits, pointers: kept.length };
}

// ------------------------------------------------------------------ work dirs

function sh(cmd, argv, opts = {}) {
  return execFileSync(cmd, argv, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

// Materialize a commit's source and text files into bench/corpus/edit-history/<repo> from the bare mirror,
// incrementally (a manifest of blob ids beside the folder). Not `git checkout`: mirrors may lack their largest
// blobs (fonts, images), which a checkout refuses; files larger than 1 MB, binaries and symlinks are skipped.
const KEEP_EXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi|json|md|mdx|rst|txt|toml|cfg|ini|ya?ml|html|css|scss|vue|svelte|graphql|sql|sh)$/i;
function checkout(repo, commit) {
  const dir = path.join(WORK, repo);
  const manifestPath = path.join(WORK, `${repo}.manifest.json`);
  mkdirSync(dir, { recursive: true });
  const before = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const git = mirrorOf(repo);
  const after = {};
  for (const e of sh('git', ['--git-dir', git, 'ls-tree', '-r', '-l', '-z', commit]).split('\0')) {
    const m = /^(\d+) blob ([0-9a-f]+)\s+(\d+|-)\t(.*)$/s.exec(e);
    if (!m || m[1] === '120000' || Number(m[3]) > 1_000_000 || !KEEP_EXT.test(m[4])) continue;
    after[m[4]] = m[2];
  }
  for (const [f, sha] of Object.entries(before)) if (after[f] !== sha) rmSync(path.join(dir, f), { force: true });
  const want = Object.entries(after).filter(([f, sha]) => before[f] !== sha);
  for (let i = 0; i < want.length; i += 500) {
    const chunk = want.slice(i, i + 500);
    const buf = execFileSync('git', ['--git-dir', git, 'cat-file', '--batch'], { input: chunk.map(([, sha]) => sha).join('\n') + '\n', maxBuffer: 1 << 30 });
    let pos = 0, k = 0;
    while (pos < buf.length && k < chunk.length) {
      const nl = buf.indexOf(10, pos);
      const [, type, size] = buf.subarray(pos, nl).toString().split(' ');
      const [file] = chunk[k++];
      if (type !== 'blob') { pos = nl + 1; delete after[file]; continue; }
      const n = Number(size);
      const dest = path.join(dir, file);
      mkdirSync(path.dirname(dest), { recursive: true });
      writeFileSync(dest, buf.subarray(nl + 1, nl + 1 + n));
      pos = nl + 1 + n + 1;
    }
  }
  writeFileSync(manifestPath, JSON.stringify(after));
  return dir;
}

// ------------------------------------------------------------------ answers

let render = null;
async function renderText(answer) {
  if (render === null) {
    try { render = (await import(path.join(repoRoot, 'dist/scout/render-answer.js'))).renderAnswer; } catch { render = false; }
  }
  if (!render) return null;
  try { return render(answer); } catch { return null; }
}

/** The first page of an answer, as `scout ask` prints it without `--all`: scout's own paging (dist/scout/answer-page.js). */
let paging = null;
export async function firstPageOf(answer) {
  paging ??= await import(path.join(repoRoot, 'dist/scout/answer-page.js'));
  return paging.firstPage(answer, 25, 2000);
}

/**
 * `node ARGS` killed after ASK_TIMEOUT. A question that runs past it first gets SIGUSR2, on which Node writes a
 * diagnostic report (JavaScript stack, libuv handles, child processes) into answers/reports/, then SIGKILL with its
 * process group: a rare hang (one question in a few hundred, never reproduced alone) leaves evidence of where it waited.
 */
function askWithReport(args, { env, cwd }, id) {
  const reports = path.join(here, 'answers', 'reports');
  mkdirSync(reports, { recursive: true });
  const child = spawn('node', ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`, `--report-filename=${id}.json`, ...args], { env, cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  const err = [];
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => err.push(d));
  let report = null;
  const timer = setTimeout(() => {
    report = path.relative(repoRoot, path.join(reports, `${id}.json`));
    try { child.kill('SIGUSR2'); } catch {}
    setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch {} }, 3000);
  }, ASK_TIMEOUT);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, report, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

async function runScout(inst, dir, named = false) {
  const env = { ...process.env };
  const t0 = Date.now();
  const idx = spawnSync('node', [SCOUT, 'index', '--repo', dir, '--json'], { encoding: 'utf8', env, maxBuffer: 1 << 28, timeout: 600_000 });
  const indexMs = Date.now() - t0;
  if (idx.status !== 0) return { error: `index exit ${idx.status}: ${(idx.stderr || '').slice(-400)}`, indexMs };
  const t1 = Date.now();
  // Every pointer (`--all`): the first page is graded as the CLI prints it by default (firstPageOf), and all pages apart.
  const asked = named ? namedQuestion(inst.type, inst.member) : question(inst.type);
  const r = await askWithReport([SCOUT, 'ask', asked, '--repo', dir, '--json', '--all'], { env, cwd: dir }, inst.id);
  const ms = Date.now() - t1;
  if (r.status !== 0) return { error: `ask exit ${r.status}${r.signal ? ` ${r.signal}` : ''}${r.report ? ` (diagnostic report: ${r.report})` : ''}: ${(r.stderr || '').slice(-400)}`, ms, indexMs };
  let answer;
  try { answer = JSON.parse(r.stdout); } catch { return { error: `bad JSON: ${r.stdout.slice(0, 200)}`, ms, indexMs }; }
  const all = answer;
  // The whole answer is kept (git-ignored) so that paging can be studied again without rerunning.
  mkdirSync(path.join(here, 'answers'), { recursive: true });
  writeFileSync(path.join(here, 'answers', `${inst.id}${named ? '.named' : ''}.json`), JSON.stringify(all));
  answer = await firstPageOf(all);
  const text = await renderText(answer);
  const pointersAll = gradedPointers(all, dir);
  return {
    ms, indexMs,
    tokens: Math.round((text ?? JSON.stringify(answer)).length / 4), tokensOf: text ? 'text' : 'json',
    pointers: gradedPointers(answer, dir),
    pointersAll,
    omitted: answer.meta?.pointers_omitted ?? 0,
    nextCursor: answer.next_cursor ?? null,
    interpretation: answer.meta?.interpretation ?? null,
    enumeration: answer.meta?.enumeration ?? null,
    verifiedBy: answer.meta?.verified_by ? answer.meta.verified_by.checker : null,
    notes: (answer.meta?.notes ?? []).slice(0, 4),
  };
}

function runRg(inst, dir) {
  const t0 = Date.now();
  const r = spawnSync('rg', ['-n', '-w', '--no-heading', '--with-filename', '-g', '!.scout', '-g', '!.git', '--', inst.type, '.'], { encoding: 'utf8', cwd: dir, maxBuffer: 1 << 28 });
  const ms = Date.now() - t0;
  const lines = (r.stdout || '').split('\n').filter(Boolean);
  const byFile = new Map();
  for (const l of lines) {
    const m = /^(.*?):(\d+):/.exec(l);
    if (!m) continue;
    const f = m[1].replace(/^\.\//, '');
    if (!byFile.has(f)) byFile.set(f, []);
    byFile.get(f).push(Number(m[2]));
  }
  // Every line is a pointer, rated high.
  const pointers = [...byFile].flatMap(([file, ls]) => ls.map((line) => ({ file, lines: [line], risk: 'high' })));
  return { ms, tokens: Math.round((r.stdout || '').length / 4), tokensOf: 'text', pointers, omitted: 0 };
}

/**
 * A stronger word search: every existing member's name and value (3 characters or more), whole words, as an agent that
 * knows the members would grep for them. Only its grade is kept (its lines run to hundreds of thousands).
 */
export function memberPatterns(inst) {
  const out = new Set();
  for (const m of inst.members) for (const w of [m.name, m.value]) if (w && w.length >= 3) out.add(w);
  return [...out];
}
function runRgMembers(inst, dir) {
  const t0 = Date.now();
  const patterns = memberPatterns(inst);
  const r = patterns.length ? spawnSync('rg', ['-n', '-w', '-F', '--no-heading', '--with-filename', '-g', '!.scout', '-g', '!.git', ...patterns.flatMap((p) => ['-e', p]), '.'], { encoding: 'utf8', cwd: dir, maxBuffer: 1 << 30 }) : { stdout: '' };
  const ms = Date.now() - t0;
  const pointers = (r.stdout || '').split('\n').map((l) => /^(.*?):(\d+):/.exec(l)).filter(Boolean).map((m) => ({ file: m[1].replace(/^\.\//, ''), lines: [Number(m[2])], risk: 'high' }));
  return { ms, tokens: Math.round((r.stdout || '').length / 4), tokensOf: 'text', pointers, omitted: 0 };
}

// ------------------------------------------------------------------ main

async function main() {
  const instances = JSON.parse(readFileSync(path.join(here, 'instances.json'), 'utf8'));
  let todo = instances.filter((i) => (SPLIT === 'all' || i.split === SPLIT) && (!REPO || i.repo === REPO) && (!ID || i.id === ID));
  todo.sort((a, b) => a.repo.localeCompare(b.repo) || a.date.localeCompare(b.date));
  mkdirSync(ROWS, { recursive: true });
  const kinds = ONLY ? [ONLY] : ['scout', 'rg'];
  const done = new Set();
  for (const split of ['heldout', 'tuning']) {
    const f = path.join(ROWS, `${split}.jsonl`);
    if (FRESH && existsSync(f)) {
      const keep = readFileSync(f, 'utf8').split('\n').filter(Boolean).filter((l) => { const r = JSON.parse(l); return !todo.some((i) => i.id === r.id && kinds.includes(r.answer)); });
      writeFileSync(f, keep.map((l) => l + '\n').join(''));
    }
    if (existsSync(f)) for (const l of readFileSync(f, 'utf8').split('\n').filter(Boolean)) { const r = JSON.parse(l); done.add(`${r.id}:${r.answer}`); }
  }
  todo = todo.filter((i) => kinds.some((k) => !done.has(`${i.id}:${k}`))).slice(0, LIMIT);
  console.error(`${todo.length} instance(s) to run (${kinds.join(', ')})`);
  let n = 0;
  for (const inst of todo) {
    n++;
    let dir;
    try { dir = checkout(inst.repo, inst.parent); } catch (e) { console.error(`checkout ${inst.id}: ${e.message}`); continue; }
    for (const kind of kinds) {
      if (done.has(`${inst.id}:${kind}`)) continue;
      const res = kind === 'scout' ? await runScout(inst, dir) : kind === 'scout-named' ? await runScout(inst, dir, true) : kind === 'rg-members' ? runRgMembers(inst, dir) : runRg(inst, dir);
      const g = res.pointers ? grade(inst, res.pointers) : null;
      const row = {
        id: inst.id, answer: kind, split: inst.split, repo: inst.repo, language: inst.language, type: inst.type, kind: inst.kind,
        at: new Date().toISOString(), ...res,
        ...(g ?? {}),
        pointers: kind === 'rg' || kind === 'rg-members' ? undefined : res.pointers,
        pointerCount: res.pointers?.length,
        rgLines: kind === 'rg' ? res.pointers.length : undefined,
        rgByFile: kind === 'rg' ? Object.fromEntries(res.pointers.reduce((m, p) => m.set(p.file, [...(m.get(p.file) ?? []), p.lines[0]]), new Map())) : undefined,
      };
      appendFileSync(path.join(ROWS, `${inst.split}.jsonl`), JSON.stringify(row) + '\n');
      const places = truthPlaces(inst);
      const code = places.map((p, i) => (!p.doc ? g?.placeHits[i] : null)).filter((x) => x !== null);
      console.error(`[${n}/${todo.length}] ${inst.id} ${kind}: ${res.error ? `ERROR ${res.error.slice(0, 200)}` : `${code.filter(Boolean).length}/${code.length} code places, high ${g.highHits}/${g.high}, ${res.pointers.length} pointers, ${res.ms} ms${res.indexMs ? ` (index ${res.indexMs} ms)` : ''}, ${res.tokens} tok`}`);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
