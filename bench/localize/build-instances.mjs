#!/usr/bin/env node
// Builds bench/localize/instances.json: SWE-bench-style file-localization instances drawn from the
// git history of public repositories (fetched snapshots with full history; not committed here).
//   node bench/localize/build-instances.mjs [--mirrors /work/.mirror] [--per-repo 40] [--set fresh|ts]
// (--set fresh: FRESH_REPOS below, written to instances-fresh.json; --set ts: TS_REPOS, instances-ts.json)
// An instance is a fix commit (non-merge, on the first-parent line, i.e. a squash-merged PR or a
// direct commit) whose message describes the problem: subject + body with >= 200 characters of prose
// (one-line bullets of squashed commits not counted) after the trailers and PR numbers are removed, and a subject or body that reads like a bug fix
// (fix/bug/error/crash/wrong/incorrect/broken/regression/issue, or "fixes #N"). Gold: the non-test
// source files the commit modified (1-3 files, each present at the parent). Query: the message with
// PR numbers, trailers and every line naming a gold file (path or file name) removed. Corpus: the
// repository at the commit's parent. Instances are drawn at random with a fixed seed from every
// eligible commit; a stable hash of the sha puts ~40% of them in the held-out part.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../seeded.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const MIRRORS = arg('--mirrors', '/work/.mirror');
const PER_REPO = Number(arg('--per-repo', '40'));
const SEED = 20261125;
const SET = arg('--set', 'main');

export const REPOS = [
  { repo: 'encode/httpx', language: 'python', source: /^httpx\/.*\.py$/ },
  { repo: 'python-attrs/attrs', language: 'python', source: /^src\/.*\.py$/ },
  { repo: 'honojs/hono', language: 'typescript', source: /^src\/.*\.tsx?$/ },
  { repo: 'colinhacks/zod', language: 'typescript', source: /^(src|packages\/[^/]+\/src)\/.*\.tsx?$/ },
];

/**
 * The fresh set (`--set fresh`, stop 20): repositories added after all tuning, never looked at while tuning, to
 * check that the figures above carry over to code nobody here picked. Read once, reported, never tuned on.
 */
export const FRESH_REPOS = [
  { repo: 'Textualize/rich', language: 'python', source: /^rich\/.*\.py$/ },
  { repo: 'marshmallow-code/marshmallow', language: 'python', source: /^(src\/)?marshmallow\/.*\.py$/ },
  { repo: 'encode/starlette', language: 'python', source: /^starlette\/.*\.py$/ },
  { repo: 'immerjs/immer', language: 'typescript', source: /^src\/.*\.tsx?$/ },
  { repo: 'sindresorhus/ky', language: 'typescript', source: /^source\/.*\.ts$/ },
  { repo: 'date-fns/date-fns', language: 'typescript', source: /^src\/.*\.(ts|js)$/ },
  { repo: 'pydantic/pydantic', language: 'python', source: /^pydantic\/.*\.py$/ },
  { repo: 'encode/uvicorn', language: 'python', source: /^uvicorn\/.*\.py$/ },
  { repo: 'Delgan/loguru', language: 'python', source: /^loguru\/.*\.py$/ },
  { repo: 'vuejs/core', language: 'typescript', source: /^packages\/[^/]+\/src\/.*\.ts$/ },
  { repo: 'typeorm/typeorm', language: 'typescript', source: /^src\/.*\.ts$/ },
  { repo: 'mobxjs/mobx', language: 'typescript', source: /^(src|packages\/[^/]+\/src)\/.*\.tsx?$/ },
];

/**
 * The TypeScript set (`--set ts`, stop 21): TypeScript was the weaker half of the fresh set, which must not be
 * tuned on, so TypeScript work draws its own instances here, from eight more repositories picked only for being
 * public TypeScript projects with squash-merged fixes; dev / held-out split as in the main set.
 */
export const TS_REPOS = [
  { repo: 'ReactiveX/rxjs', language: 'typescript', source: /^(src|packages\/[^/]+\/src)\/.*\.tsx?$/ },
  { repo: 'statelyai/xstate', language: 'typescript', source: /^(src|packages\/[^/]+\/src)\/.*\.tsx?$/ },
  { repo: 'apollographql/apollo-client', language: 'typescript', source: /^src\/.*\.tsx?$/ },
  { repo: 'mikro-orm/mikro-orm', language: 'typescript', source: /^(src|packages\/[^/]+\/src)\/.*\.tsx?$/ },
  { repo: 'sequelize/sequelize', language: 'typescript', source: /^(src|packages\/[^/]+\/src)\/.*\.tsx?$/ },
  { repo: 'vitest-dev/vitest', language: 'typescript', source: /^packages\/[^/]+\/src\/.*\.tsx?$/ },
  { repo: 'TanStack/query', language: 'typescript', source: /^(src|packages\/[^/]+\/src)\/.*\.tsx?$/ },
  { repo: 'trpc/trpc', language: 'typescript', source: /^packages\/[^/]+\/src\/.*\.tsx?$/ },
];

/** Each set: its repositories and the file its instances are written to. */
export const SETS = {
  main: { repos: REPOS, file: 'instances.json' },
  fresh: { repos: FRESH_REPOS, file: 'instances-fresh.json' },
  ts: { repos: TS_REPOS, file: 'instances-ts.json' },
};

export const isTestPath = (p) =>
  /(^|\/)(tests?|__tests__|spec|testing)\//.test(p) || /(^|\/)test_[^/]*\.py$|_test\.py$|\.(test|spec)\.[cm]?[jt]sx?$/.test(p);

const BUGGY = /\b(fix(e[sd])?|bug|error|crash|wrong|incorrect|broken|regression|issue|fail(s|ed|ing|ure)?|throws?|should)\b/i;

export function cleanMessage(message, gold) {
  const names = gold.flatMap((g) => [g, g.replace(/\.[^.]+$/, ''), path.basename(g)]);
  const kept = message
    .split('\n')
    .filter((line) => !/^\s*(co-authored-by|signed-off-by|reviewed-by|cc):/i.test(line))
    .filter((line) => !names.some((n) => line.includes(n)))
    .map((line) => line.replace(/\s*\(#\d+\)/g, '').replace(/(https:\/\/github\.com\/[^\s)]+\/pull\/\d+)/g, ''));
  return kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

function eligible({ repo, source }) {
  const gitDir = path.join(MIRRORS, repo.replace('/', '+'), 'repo');
  const git = (...a) => execFileSync('git', ['--git-dir', gitDir, ...a], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const log = git('log', '--first-parent', '--no-merges', '--no-renames', '--format=%x00%H%x01%P%x01%ct%x01%B%x01', '--name-status', 'HEAD');
  const out = [];
  for (const record of log.split('\0').slice(1)) {
    const [sha, parents, time, message, status] = record.split('\x01');
    if (!sha || !parents || parents.includes(' ')) continue;
    const changes = (status ?? '').trim().split('\n').filter(Boolean).map((l) => l.split('\t'));
    const sourceChanges = changes.filter(([, p]) => p && source.test(p) && !isTestPath(p) && !p.endsWith('.d.ts'));
    if (sourceChanges.length < 1 || sourceChanges.length > 3) continue;
    if (!sourceChanges.every(([s]) => s === 'M')) continue; // gold files must exist at the parent
    const gold = sourceChanges.map(([, p]) => p);
    const text = cleanMessage(message ?? '', gold);
    const body = text.split('\n').slice(1).join('\n').trim();
    // Prose: the body without the one-line bullets of squashed commits ("* Lint code").
    const prose = body.split('\n').filter((l) => !/^\s*[-*]\s+\S+(\s+\S+){0,5}\s*$/.test(l)).join(' ');
    if (prose.replace(/\s+/g, ' ').length < 200) continue;
    if (!BUGGY.test(text) && !/\b(fix(es|ed)?|close[sd]?|resolve[sd]?)\s+#\d+/i.test(message ?? '')) continue;
    out.push({ id: `${repo}@${sha.slice(0, 12)}`, repo, sha, parent: parents, time: Number(time), gold, query: text });
  }
  return out;
}

function main() {
  const all = [];
  const set = SETS[SET];
  if (!set) throw new Error(`--set ${SET}: unknown set; use one of ${Object.keys(SETS).join(', ')}`);
  for (const spec of set.repos) {
    const pool = eligible(spec);
    const random = mulberry32(SEED);
    const shuffled = pool.map((x) => ({ x, r: random() })).sort((a, b) => a.r - b.r).map((p) => p.x);
    const picked = shuffled.slice(0, PER_REPO);
    for (const inst of picked) {
      const h = createHash('sha1').update(inst.sha).digest()[0] ?? 0;
      all.push({ ...inst, split: h % 10 < 4 ? 'heldout' : 'dev', language: spec.language });
    }
    console.log(`${spec.repo}: ${pool.length} eligible commits, ${picked.length} drawn`);
  }
  // Only ids, shas, gold files and the cleaned commit message (public text) are stored; never the source.
  writeFileSync(path.join(here, set.file), `${JSON.stringify({ seed: SEED, per_repo: PER_REPO, instances: all }, null, 1)}\n`);
  const held = all.filter((i) => i.split === 'heldout').length;
  console.log(`${all.length} instances (${held} held-out, ${all.length - held} dev)`);
}

// Run only as a script: run.mjs imports SETS from here.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
