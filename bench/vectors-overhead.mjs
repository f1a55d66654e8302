#!/usr/bin/env node
// What the embedded word vectors (embeddings.provider "embedded", the default) add to `scout index`: full index
// time (wall and CPU), peak RSS and database size, side by side with vectors off (provider "none"), in one run.
//   npm run build && node bench/vectors-overhead.mjs [--runs 3]
// Corpora: effect-100k and three-100k (bench/corpus.mjs, npm pack). Cold index = .scout removed first; runs alternate
// none / embedded. Writes bench/results/vectors-overhead.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir, cli, countJsLines, countLines, EFFECT, prepareEffect100k, prepareThree100k, scoutRevision, THREE } from './corpus.mjs';

const at = process.argv.indexOf('--runs');
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function coldIndex(dir, provider) {
  rmSync(path.join(dir, '.scout'), { recursive: true, force: true });
  writeFileSync(path.join(dir, 'scout.config.json'), JSON.stringify({ embeddings: { provider } }));
  try {
    const started = performance.now();
    const r = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, 'index', '--repo', dir, '--json'], { encoding: 'utf8', env: { ...process.env, SCOUT_WATCH_DAEMON: '0' } });
    const ms = performance.now() - started;
    if (r.status !== 0) throw new Error(r.stderr);
    const seconds = (label) => Number(new RegExp(`${label} time \\(seconds\\): ([\\d.]+)`).exec(r.stderr)?.[1] ?? 0);
    let bytes = 0;
    for (const f of ['index.db', 'index.db-wal']) bytes += statSync(path.join(dir, '.scout', f), { throwIfNoEntry: false })?.size ?? 0;
    return {
      ms,
      cpuMs: (seconds('User') + seconds('System')) * 1000,
      rssMb: Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024,
      dbMb: bytes / 1e6,
      notes: JSON.parse(r.stdout).notes,
    };
  } finally {
    rmSync(path.join(dir, 'scout.config.json'), { force: true });
  }
}

const load = os.loadavg().map((x) => x.toFixed(2)).join(' / ');
const corpora = [
  { name: `${EFFECT} (first ~100k lines of src/)`, dir: prepareEffect100k(), size: (d) => countLines(d) },
  { name: `${THREE} (first ~100k lines of src/)`, dir: prepareThree100k(), size: (d) => countJsLines(d) },
];
const lines = [];
for (const corpus of corpora) {
  const size = corpus.size(corpus.dir);
  const runs = { none: [], embedded: [] };
  for (let i = 0; i < RUNS; i++) for (const p of ['none', 'embedded']) runs[p].push(coldIndex(corpus.dir, p));
  const m = (p, k) => median(runs[p].map((r) => r[k]));
  const pct = (k) => `${(((m('embedded', k) - m('none', k)) / m('none', k)) * 100).toFixed(0)} %`;
  console.log(corpus.name, size, JSON.stringify({ none: runs.none.map((r) => Math.round(r.ms)), embedded: runs.embedded.map((r) => Math.round(r.ms)) }));
  lines.push(
    `## ${corpus.name}: ${size.files} files, ${size.lines} lines`,
    '',
    '| vectors | wall ms (median) | CPU ms (median) | peak RSS MB (median) | index size MB |',
    '|---|---|---|---|---|',
    `| off (provider none) | ${Math.round(m('none', 'ms'))} | ${Math.round(m('none', 'cpuMs'))} | ${m('none', 'rssMb').toFixed(0)} | ${m('none', 'dbMb').toFixed(1)} |`,
    `| embedded word vectors | ${Math.round(m('embedded', 'ms'))} | ${Math.round(m('embedded', 'cpuMs'))} | ${m('embedded', 'rssMb').toFixed(0)} | ${m('embedded', 'dbMb').toFixed(1)} |`,
    `| added | ${pct('ms')} | ${pct('cpuMs')} | +${(m('embedded', 'rssMb') - m('none', 'rssMb')).toFixed(0)} MB | +${(m('embedded', 'dbMb') - m('none', 'dbMb')).toFixed(1)} MB |`,
    '',
    `scout index notes (embedded): ${runs.embedded[0].notes.map((n) => `"${n}"`).join('; ')}`,
    '',
  );
}
const out = [
  '# Index overhead of the embedded word vectors',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${load} at the start`,
  `(the machine is shared), scout at ${scoutRevision()}, \`node bench/vectors-overhead.mjs --runs ${RUNS}\`: cold \`scout index\` (no .scout), ${RUNS} runs`,
  'of each, alternating; /usr/bin/time -v for CPU and peak RSS of the whole process (parse workers are threads).',
  '',
  ...lines,
];
mkdirSync(path.join(benchDir, 'results'), { recursive: true });
writeFileSync(path.join(benchDir, 'results', 'vectors-overhead.md'), `${out.join('\n')}\n`);
console.log(out.join('\n'));
