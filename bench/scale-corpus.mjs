// The monorepo-scale corpus: public repositories pinned by commit, laid side by side in one tree the way
// a company monorepo holds many projects. Three tiers (about 150k, 500k and 1.5M lines of TypeScript,
// JavaScript and Python) so the growth of each cost is visible. Each tier is a superset of the one before.
//
// The sources come from git snapshots fetched with the tool library (`fetch github:owner/name`, which
// lands in /work/.mirror/owner+name/repo; SCOUT_SCALE_MIRRORS overrides the folder). Only commit ids and
// paths live here, never the fetched source. Trees are written under bench/corpus/scale/<tier> once, by
// `git archive`, with hard links between tiers so the 1.5M tree costs its size only once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from './corpus.mjs';

export const MIRRORS = process.env.SCOUT_SCALE_MIRRORS ?? '/work/.mirror';

/** [owner/name, commit, tier where it joins]. Lines are the TS/JS/Python lines at that commit. */
export const SCALE_REPOS = [
  ['colinhacks/zod', 'e516c3baf22615e20934116abebfed6c000222c2', 's150k'], // 93k
  ['pallets/click', '2c8cd3ac958a7eb316d67f2d316c27086c4c0369', 's150k'], // 29k
  ['encode/httpx', 'ae1b9f66238f75ced3ced5e4485408435de10768', 's150k'], // 18k
  ['python-attrs/attrs', 'c1dc5dcba16ed827aa6dcad896b41a3afedb4e32', 's150k'], // 21k
  ['honojs/hono', '28a9c128912de19f3fb28b00ae289c9b93f6f392', 'm500k'], // 84k
  ['Textualize/rich', '42899d8a0a96b121a514516f4be9db44ff7aeaf3', 'm500k'], // 52k
  ['aio-libs/aiohttp', '495e778360d1924da63e16dba0f0d76baf56a56a', 'm500k'], // 98k
  ['statelyai/xstate', 'b1811bf77bc2d1a74367328cec7907aa185b70df', 'm500k'], // 96k
  ['typeorm/typeorm', '281bfba42a5813b106bcf5ba79bc7f7251bd1e73', 'l1500k'], // 303k
  ['pydantic/pydantic', '2151025aa51263f3016502b00010b78e4481eaa1', 'l1500k'], // 173k
  ['mermaid-js/mermaid', 'df032c942c32f805a7f4cd1cf30a565e610bc4f1', 'l1500k'], // 138k
  ['trpc/trpc', '340811ba5320637fbaf48fccf3dbfdd258bd34db', 'l1500k'], // 119k
  ['pytest-dev/pytest', 'df87db7b0462fb764ef73fa00561adf8ad047572', 'l1500k'], // 114k
  ['Textualize/textual', '1d99508b928a771b51e1a527319c6b87dcff9e05', 'l1500k'], // 141k
  ['strawberry-graphql/strawberry', '53008d932ecb2b13d0fb8d8e55395b61e3fcd284', 'l1500k'], // 106k
];
export const TIERS = ['s150k', 'm500k', 'l1500k'];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 30, ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${(r.stderr || '').slice(0, 1000)}`);
  return r.stdout;
}

function gitDir(repo) {
  const dir = path.join(MIRRORS, repo.replace('/', '+'), 'repo');
  if (!existsSync(dir)) throw new Error(`${repo} is not fetched: run the tool library's fetch for github:${repo} (expected ${dir})`);
  return dir;
}

/** One repository's tree at its commit, extracted once into bench/corpus/scale/src/<name>. */
function extractRepo([repo, commit]) {
  const dest = path.join(corpusDir, 'scale', 'src', repo.split('/')[1]);
  if (existsSync(path.join(dest, '.complete'))) return dest;
  rmSync(dest, { recursive: true, force: true });
  const part = `${dest}.part`;
  rmSync(part, { recursive: true, force: true });
  mkdirSync(part, { recursive: true });
  const tar = path.join(corpusDir, 'scale', `${repo.split('/')[1]}.tar`);
  run('git', ['--git-dir', gitDir(repo), 'archive', '-o', tar, commit]);
  run('tar', ['-xf', tar, '-C', part]);
  rmSync(tar);
  renameSync(part, dest);
  run('touch', [path.join(dest, '.complete')]);
  return dest;
}

/** The tree of a tier (hard links into the extracted sources), made a git checkout so freshness can use git. */
export function prepareTier(tier) {
  const upTo = TIERS.indexOf(tier);
  if (upTo < 0) throw new Error(`unknown tier ${tier}: one of ${TIERS.join(', ')}`);
  const dir = path.join(corpusDir, 'scale', tier);
  const repos = SCALE_REPOS.filter(([, , t]) => TIERS.indexOf(t) <= upTo);
  const done = path.join(dir, '.git', 'scout-scale-tier-complete');
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of repos) {
    const src = extractRepo(entry);
    run('cp', ['-al', src, path.join(dir, entry[0].split('/')[1])]);
    rmSync(path.join(dir, entry[0].split('/')[1], '.complete'));
  }
  run('git', ['init', '-q', dir]);
  run('git', ['-C', dir, 'add', '-A']);
  run('git', ['-C', dir, '-c', 'user.email=bench@scout', '-c', 'user.name=bench', 'commit', '-q', '-m', `scale tier ${tier}`]);
  run('touch', [done]);
  return dir;
}

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|pyi)$/;
/** Files and lines of TypeScript, JavaScript and Python in a tier (node_modules and dot folders left out). */
export function countCode(dir) {
  let files = 0;
  let lines = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        bytes += statSync(p).size;
        if (!CODE.test(e.name)) continue;
        files++;
        const text = readFileSync(p, 'utf8');
        let n = 0;
        for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
        lines += n + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
      }
    }
  };
  walk(dir);
  return { files, lines, bytes };
}
