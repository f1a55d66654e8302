#!/usr/bin/env node
// The CLI's fast path at monorepo scale (issue 27, item 4): each command timed as a whole new process
// (process start included) on a tree whose index is fresh, side by side with `node -e 0` (the floor).
//   npm run build && node bench/scale-cli.mjs --repo DIR [--cli dist/cli/main.js] [--runs 7] [--file REL] [--label NAME]
// DIR: an indexed checkout (e.g. the 1.58M-line tier of bench/scale-corpus.mjs). The script edits one file of it
// (--file, restored at the end) to time the 1-file reindex, in two ways: appended to in place (the directory's
// mtime stays) and saved by rename (a new inode: the directory's mtime moves, as after `git checkout` or an
// editor's safe write). It also times the freshness alternatives of a git checkout (git status, git ls-files).
// Runs are interleaved (one of each command per round), so that load from other processes spreads over all of
// them; each figure is the median of --runs rounds: wall time from spawn to exit, and CPU time (user + sys, from
// /usr/bin/time when present). Prints a markdown table. Not a test.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    repo: { type: 'string' },
    cli: { type: 'string', default: path.join(import.meta.dirname, '..', 'dist', 'cli', 'main.js') },
    runs: { type: 'string', default: '7' },
    file: { type: 'string', default: 'zod/packages/zod/src/v4/core/util.ts' },
    label: { type: 'string', default: 'scout' },
  },
});
if (!values.repo) throw new Error('--repo DIR is required (an indexed checkout)');
const repo = path.resolve(values.repo);
const cli = path.resolve(values.cli);
const runs = Number(values.runs);
const file = path.join(repo, values.file);
const original = readFileSync(file);
const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** One process: wall ms, CPU ms (or null), exit status. */
function run(command, args, options = {}) {
  const argv = timeBin ? ['-f', '%U %S', command, ...args] : args;
  const started = process.hrtime.bigint();
  const result = spawnSync(timeBin ?? command, argv, { encoding: 'utf8', cwd: repo, ...options });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  const times = timeBin ? result.stderr.trim().split('\n').at(-1).split(' ').map(Number) : null;
  return { wall, cpu: times ? (times[0] + times[1]) * 1000 : null, stdout: result.stdout };
}

const scout = (...args) => [process.execPath, [cli, ...args, '--repo', repo]];
let edits = 0;
const commands = {
  'node -e 0 (floor)': () => run(process.execPath, ['-e', '0']),
  'scout status': () => run(...scout('status')),
  'scout search --mode exact': () => run(...scout('search', '--mode', 'exact', 'parse json body')),
  'scout search (hybrid)': () => run(...scout('search', 'parse json body')),
  'scout index (nothing changed)': () => run(...scout('index')),
  'scout index, 1 file edited in place': () => {
    appendFileSync(file, `// edit ${++edits}\n`);
    return run(...scout('index'));
  },
  'scout index, 1 file saved by rename': () => {
    writeFileSync(`${file}.tmp`, Buffer.concat([original, Buffer.from(`// save ${++edits}\n`)]));
    renameSync(`${file}.tmp`, file);
    return run(...scout('index'));
  },
  'git status --porcelain --untracked-files=all': () => run('git', ['status', '--porcelain', '-z', '--untracked-files=all']),
  'git ls-files -m -o --exclude-standard': () => run('git', ['ls-files', '-m', '-o', '--exclude-standard']),
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

try {
  run(...scout('index')); // fresh before the first round
  const samples = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
  for (let round = 0; round < runs; round++) {
    for (const [name, command] of Object.entries(commands)) samples[name].push(command());
  }
  const lines = [
    `${values.label}: ${runs} rounds, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at the end`,
    '',
    '| command | wall median (ms) | wall min–max | CPU median (ms) |',
    '|---|---:|---:|---:|',
  ];
  for (const [name, xs] of Object.entries(samples)) {
    const walls = xs.map((x) => x.wall);
    const cpus = xs.map((x) => x.cpu).filter((x) => x !== null);
    lines.push(`| ${name} | ${Math.round(median(walls))} | ${Math.round(Math.min(...walls))}–${Math.round(Math.max(...walls))} | ${cpus.length ? Math.round(median(cpus)) : '–'} |`);
  }
  console.log(lines.join('\n'));
} finally {
  writeFileSync(file, original);
  run(...scout('index'));
}
