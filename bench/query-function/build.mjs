#!/usr/bin/env node
// Builds the query → function pool of bench/query-function (a CoSQA-shaped benchmark): documented Python functions
// from pinned public repositories, each later written to a file of its own with its docstring (the shape of a CoSQA
// code snippet), and a seeded sample of them to write web-search-style queries for. Commits only ids and positions
// (pool.json); the sources come from the mirrors (`fetch github:OWNER/NAME` → /work/.mirror/OWNER+NAME/repo).
//
//   node bench/query-function/build.mjs            # writes pool.json and .tmp/query-function-targets.md
//   node bench/query-function/build.mjs --pool fresh   # FRESH_REPOS → pool-fresh.json, .tmp/query-function-fresh-targets.md
//
// The queries (queries.json) were then written for the sampled targets by someone who saw only each function's code,
// never scout's answers (see README.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sample } from '../seeded.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIRROR = process.env.SCOUT_MIRROR ?? '/work/.mirror';
export const SEED = 20261125;
const POOL = 1000;
const TARGETS = 320;
const FRESH_TARGETS = 240;
/** Not requests or pytest (kept for the final check), not the test suites. */
export const REPOS = [
  { repo: 'pytoolz/toolz', commit: '568c2b8393973cd172a466546c9d95779c452438', include: /^toolz\/(?!sandbox).*\.py$/ },
  { repo: 'dgilland/pydash', commit: '3585eb29018ea1535e7df4e10b33df68bbffcf9e', include: /^src\/pydash\/(?!chaining\/all_funcs).*\.py$/ },
  { repo: 'pallets/werkzeug', commit: '1b00618e787f40dfb21eba29caf8f8be7c8e1d93', include: /^src\/werkzeug\/.*\.py$/ },
  { repo: 'dateutil/dateutil', commit: 'c981f9c7aa91b83cc9bd33a09ecee9e751b06e8d', include: /^src\/dateutil\/.*\.py$/ },
  { repo: 'python-humanize/humanize', commit: 'c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d', include: /^src\/humanize\/.*\.py$/ },
  { repo: 'astanin/python-tabulate', commit: '268615a5c27dc40e5c22454c07b44d5c50410da0', include: /^tabulate\/.*\.py$/ },
  { repo: 'mahmoud/boltons', commit: '967864f89791509f9eb36b22b4579d36b72a6df2', include: /^boltons\/.*\.py$/ },
  { repo: 'more-itertools/more-itertools', commit: '2fe1b2eeb9d75f994113fe3ac76d14b6bcd6fb10', include: /^more_itertools\/.*\.py$/ },
  { repo: 'pallets/click', commit: '2c8cd3ac958a7eb316d67f2d316c27086c4c0369', include: /^src\/click\/.*\.py$/ },
  { repo: 'pallets/flask', commit: '2ac89889f4cc330eabd50f295dcef02828522c69', include: /^src\/flask\/.*\.py$/ },
  { repo: 'python-attrs/attrs', commit: 'c1dc5dcba16ed827aa6dcad896b41a3afedb4e32', include: /^src\/(attr|attrs)\/.*\.py$/ },
  { repo: 'encode/httpx', commit: 'ae1b9f66238f75ced3ced5e4485408435de10768', include: /^httpx\/.*\.py$/ },
];

/**
 * The fresh pool (`--pool fresh`, stop 20): Python repositories added after all tuning, outside scout's training data
 * and its other benchmarks, never tuned on (pool-fresh.json, queries-fresh.json; read once).
 */
export const FRESH_REPOS = [
  { repo: 'Textualize/rich', commit: '42899d8a0a96b121a514516f4be9db44ff7aeaf3', include: /^rich\/.*\.py$/ },
  { repo: 'marshmallow-code/marshmallow', commit: '341b927f219205704728c05cd61f04d7e9727523', include: /^src\/marshmallow\/.*\.py$/ },
  { repo: 'encode/starlette', commit: 'cb8f84f5284dc301ca7a31eb732b9e140769dd48', include: /^starlette\/.*\.py$/ },
  { repo: 'pydantic/pydantic', commit: '2151025aa51263f3016502b00010b78e4481eaa1', include: /^pydantic\/(?!v1\/).*\.py$/ },
  { repo: 'encode/uvicorn', commit: 'e6c7ce791fc634b6eedee40e0d0207faa8a9aefd', include: /^uvicorn\/.*\.py$/ },
  { repo: 'Delgan/loguru', commit: '2a17be730e111cf874d0bf967c4c5da15b7e4670', include: /^loguru\/.*\.py$/ },
];

/** Every documented function of the pinned repositories: { id, repo, path, qualname, line, end_line, code }. */
export function documentedFunctions(repos = REPOS) {
  const out = [];
  for (const { repo, commit, include } of repos) {
    const git = path.join(MIRROR, repo.replace('/', '+'), 'repo');
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-qf-'));
    try {
      const files = execFileSync('git', ['-C', git, 'ls-tree', '-r', '--name-only', commit], { encoding: 'utf8' }).split('\n').filter((f) => include.test(f));
      for (const f of files) {
        mkdirSync(path.dirname(path.join(tmp, f)), { recursive: true });
        writeFileSync(path.join(tmp, f), execFileSync('git', ['-C', git, 'show', `${commit}:${f}`], { maxBuffer: 64 << 20 }));
      }
      const lines = execFileSync('python3', [path.join(here, 'functions.py')], { cwd: tmp, input: files.join('\n'), encoding: 'utf8', maxBuffer: 256 << 20 });
      for (const line of lines.split('\n').filter(Boolean)) {
        const fn = JSON.parse(line);
        out.push({ id: `${repo}:${fn.path}:${fn.qualname}`, repo, ...fn });
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return out;
}

/** CoSQA-sized snippets: 3 to 60 lines, not a dunder, one per distinct code. */
export function eligible(fns) {
  const seen = new Set();
  return fns.filter((fn) => {
    const n = fn.code.split('\n').length;
    const name = fn.qualname.split('.').pop();
    if (n < 3 || n > 60 || /^__.*__$/.test(name) || seen.has(fn.code)) return false;
    seen.add(fn.code);
    return true;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fresh = process.argv.includes('--pool') && process.argv[process.argv.indexOf('--pool') + 1] === 'fresh';
  const repos = fresh ? FRESH_REPOS : REPOS;
  const all = eligible(documentedFunctions(repos));
  const pool = sample(all, Math.min(POOL, all.length), SEED);
  const targets = new Set(sample(pool, fresh ? FRESH_TARGETS : TARGETS, SEED + 1).map((fn) => fn.id));
  const entries = pool.map((fn) => ({ id: fn.id, line: fn.line, target: targets.has(fn.id) }));
  writeFileSync(path.join(here, fresh ? 'pool-fresh.json' : 'pool.json'), `${JSON.stringify({ seed: SEED, repos: repos.map(({ repo, commit }) => ({ repo, commit })), functions: entries }, null, 1)}\n`);
  const md = pool.filter((fn) => targets.has(fn.id)).map((fn) => `## ${fn.id}\n\n\`\`\`python\n${fn.code.split('\n').slice(0, 30).join('\n')}\n\`\`\`\n`);
  mkdirSync(path.join(here, '../../.tmp'), { recursive: true });
  writeFileSync(path.join(here, `../../.tmp/query-function${fresh ? '-fresh' : ''}-targets.md`), md.join('\n'));
  console.log(`${all.length} eligible documented functions; pool ${pool.length}; ${targets.size} targets`);
}
