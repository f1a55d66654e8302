// Native tree-sitter Node bindings against web-tree-sitter (WebAssembly, what scout uses) on the same files: parse,
// whole-tree walks (cursor; children + parent, as fact extraction does) and query matches, per binding in its own
// process so CPU time and peak RSS are attributable. Not a test; the native binding is not a dependency of scout
// (it needs an install script and compiles with node-gyp): README.md says how to set it up in a scratch directory.
//
//   node --expose-gc bench.mjs native|wasm [reps=3] [parseonly] --corpus DIR
//
// DIR: every .ts (not .d.ts) and .js file under it, recursively, e.g. bench/corpus/effect-100k/src.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const which = process.argv[2];
const REPS = /^\d+$/.test(process.argv[3] ?? '') ? Number(process.argv[3]) : 3;
const PARSE_ONLY = process.argv.includes('parseonly');
const HERE = process.cwd(); // the scratch directory holding node_modules with both bindings
const CORPUS = process.argv.includes('--corpus') ? path.resolve(process.argv[process.argv.indexOf('--corpus') + 1]) : null;
if (!CORPUS) throw new Error('pass --corpus DIR');
const QUERY = '(identifier) @id (call_expression function: (_) @callee) @call';

const cpu0 = process.cpuUsage();
const tLoad0 = performance.now();
let binding;
if (which === 'native') {
  const Parser = require('tree-sitter');
  const TS = require('tree-sitter-typescript');
  const JS = require('tree-sitter-javascript');
  const mk = (lang) => { const p = new Parser(); p.setLanguage(lang); return { parser: p, query: new Parser.Query(lang, QUERY) }; };
  binding = {
    version: require('tree-sitter/package.json').version,
    ts: mk(TS.typescript), js: mk(JS),
    free: () => {},
  };
} else if (which === 'wasm') {
  const { Parser, Language, Query } = await import('web-tree-sitter');
  await Parser.init();
  const MAIN = process.env.SCOUT_NODE_MODULES ?? path.join(HERE, 'node_modules'); // the .wasm grammars scout ships
  const mk = async (wasm) => { const lang = await Language.load(wasm); const p = new Parser(); p.setLanguage(lang); return { parser: p, query: new Query(lang, QUERY) }; };
  binding = {
    version: JSON.parse(readFileSync(path.join(HERE, 'node_modules/web-tree-sitter/package.json'), 'utf8')).version,
    ts: await mk(`${MAIN}/tree-sitter-typescript/tree-sitter-typescript.wasm`),
    js: await mk(`${MAIN}/tree-sitter-javascript/tree-sitter-javascript.wasm`),
    free: (t) => t.delete(),
  };
} else throw new Error('arg: native|wasm');
const loadMs = performance.now() - tLoad0;

const files = [];
for (const entry of readdirSync(CORPUS, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || entry.name.endsWith('.d.ts')) continue;
  const kind = entry.name.endsWith('.ts') ? 'ts' : entry.name.endsWith('.js') ? 'js' : null;
  if (kind) files.push({ kind, text: readFileSync(path.join(entry.parentPath ?? entry.path, entry.name), 'utf8') });
}
files.sort((a, b) => a.text.length - b.text.length);

function cursorWalk(tree) {
  const c = tree.walk();
  let n = 0, typeLen = 0;
  for (;;) {
    n++; typeLen += c.nodeType.length;
    if (c.gotoFirstChild()) continue;
    while (!c.gotoNextSibling()) { if (!c.gotoParent()) { c.delete?.(); return [n, typeLen]; } }
  }
}

// children recursion: node.type for every node; startPosition + parent.type for identifier-like nodes.
function childrenWalk(root, named) {
  let n = 0, ids = 0, acc = 0;
  const visit = (node) => {
    n++;
    const t = node.type;
    if (t.endsWith('identifier')) {
      ids++;
      const p = node.startPosition; acc += p.row + p.column;
      acc += node.parent.type.length;
    }
    const kids = named ? node.namedChildren : node.children;
    for (let i = 0; i < kids.length; i++) visit(kids[i]);
  };
  visit(root);
  return [n, ids, acc];
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const phases = ['parse', 'cursor', 'children', 'named', 'query', 'matches'];
const times = Object.fromEntries(phases.map((p) => [p, []]));
let counts;
for (let rep = 0; rep <= REPS; rep++) {
  const c = { nodes: 0, childNodes: 0, namedNodes: 0, ids: 0, captures: 0, matches: 0, acc: 0, typeLen: 0, errors: 0 };
  let t = performance.now();
  const trees = files.map((f) => binding[f.kind].parser.parse(f.text));
  const tParse = performance.now() - t;

  if (!PARSE_ONLY) {
  t = performance.now();
  for (const tr of trees) { const [n, tl] = cursorWalk(tr); c.nodes += n; c.typeLen += tl; }
  var tCursor = performance.now() - t;

  t = performance.now();
  for (const tr of trees) { const [n, ids, acc] = childrenWalk(tr.rootNode, false); c.childNodes += n; c.ids += ids; c.acc += acc; }
  var tChildren = performance.now() - t;

  t = performance.now();
  for (const tr of trees) c.namedNodes += childrenWalk(tr.rootNode, true)[0];
  var tNamed = performance.now() - t;

  t = performance.now();
  for (let i = 0; i < trees.length; i++) c.captures += binding[files[i].kind].query.captures(trees[i].rootNode).length;
  var tQuery = performance.now() - t;
  t = performance.now();
  for (let i = 0; i < trees.length; i++) c.matches += binding[files[i].kind].query.matches(trees[i].rootNode).length;
  var tMatches = performance.now() - t;
  } else { var tCursor = 0, tChildren = 0, tNamed = 0, tQuery = 0, tMatches = 0; }

  for (const tr of trees) { if (tr.rootNode.hasError) c.errors++; binding.free(tr); }
  trees.length = 0; globalThis.gc?.(); await new Promise((r) => setImmediate(r)); await new Promise((r) => setTimeout(r, 20));
  if (rep > 0) { // rep 0 = warm-up
    times.parse.push(tParse); times.cursor.push(tCursor); times.children.push(tChildren); times.named.push(tNamed); times.query.push(tQuery); times.matches.push(tMatches);
  }
  if (counts && JSON.stringify(counts) !== JSON.stringify(c)) throw new Error('counts differ between reps');
  counts = c;
}
const cpu = process.cpuUsage(cpu0);
const out = {
  binding: which, version: binding.version, files: files.length, lines: files.reduce((n, f) => n + f.text.split('\n').length, 0), loadMs: +loadMs.toFixed(1),
  median: Object.fromEntries(phases.map((p) => [p, +median(times[p]).toFixed(1)])),
  all: Object.fromEntries(phases.map((p) => [p, times[p].map((x) => +x.toFixed(0))])),
  counts, cpuSec: +((cpu.user + cpu.system) / 1e6).toFixed(2), maxRSSMB: +(process.resourceUsage().maxRSS / 1024).toFixed(0),
};
console.log(JSON.stringify(out));
