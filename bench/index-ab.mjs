#!/usr/bin/env node
// Two builds of scout (before / after a change) and ctags, taking turns on the same corpora so that
// all see the same machine load: wall, CPU (user + system), peak RSS and the `stages` split, medians.
//   node bench/index-ab.mjs <before cli main.js> <after cli main.js> <runs> <dir> [dir ...]
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
const [beforeCli, afterCli, runs = '3', ...dirs] = process.argv.slice(2);
if (!beforeCli || !afterCli || dirs.length === 0) {
  console.error('usage: node bench/index-ab.mjs <before main.js> <after main.js> <runs> <dir> [dir ...]');
  process.exit(2);
}
const builds = { before: beforeCli, after: afterCli };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const dir of dirs) {
  const res = { before: [], after: [], ctags: [] };
  for (let i = 0; i < Number(runs); i++) {
    const c = spawnSync('/usr/bin/time', ['-f', '%e %U %S', 'ctags', '-R', '-f', '/tmp/ab.tags', '--exclude=.scout', '--exclude=.git', dir], { encoding: 'utf8' });
    const [cw, cu, cs] = c.stderr.trim().split('\n').pop().split(' ').map(Number);
    res.ctags.push({ wall: cw * 1000, cpu: (cu + cs) * 1000 });
    for (const [name, cli] of Object.entries(builds)) {
      rmSync(path.join(dir, '.scout'), { recursive: true, force: true });
      const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, cli, 'index', '--repo', dir, '--json'], { encoding: 'utf8', env: { ...process.env, SCOUT_WATCH_DAEMON: '0' } });
      const [w, u, s, m] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
      res[name].push({ wall: w * 1000, cpu: (u + s) * 1000, rss: m / 1024, ...(JSON.parse(r.stdout).stages ?? {}) });
    }
  }
  console.log(`## ${path.basename(dir)} (median of ${runs}); ctags wall ${median(res.ctags.map((r) => r.wall)).toFixed(0)} ms, cpu ${median(res.ctags.map((r) => r.cpu)).toFixed(0)} ms`);
  const keys = ['wall', 'cpu', 'rss', 'walk', 'readHash', 'parse', 'extract', 'write', 'fts', 'indexBuild', 'commit', 'parseWall', 'total'];
  console.log('| measure | before | after |\n|---|---|---|');
  const cell = (rows, k) => (rows.every((r) => typeof r[k] === 'number') ? median(rows.map((r) => r[k])).toFixed(0) : '-');
  for (const k of keys) console.log(`| ${k} | ${cell(res.before, k)} | ${cell(res.after, k)} |`);
}
