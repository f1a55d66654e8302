// The Python oracle: pyright (the pinned `pyright` package) on a shadow copy of the corpus. The baseline is
// checked once; each target's file is edited in the copy (the edit never adds a line), the whole project is
// checked again, and the errors new compared with the baseline, as a multiset of (file, line, rule), are the
// target's breaking sites. pyrightconfig.json in the copy: standard mode, plus reportMatchNotExhaustive as an
// error (the Python counterpart of the exhaustive switch the TypeScript oracle sees in strict mode).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../corpus.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PYRIGHT = path.join(repoRoot, 'node_modules', '.bin', 'pyright');

export function pythonTargets(dir) {
  const out = execFileSync('python3', [path.join(here, 'py-targets.py'), dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const targets = JSON.parse(out).targets.map((t) => ({ ...t, family: t.kind.startsWith('enum') ? 'enum' : t.kind === 'Literal alias' ? 'literal union' : 'property' }));
  const counts = new Map();
  for (const t of targets) counts.set(t.target, (counts.get(t.target) ?? 0) + 1);
  for (const t of targets) t.ambiguous = counts.get(t.target) > 1;
  return targets;
}

export function pyrightVersion() {
  return execFileSync(PYRIGHT, ['--version'], { encoding: 'utf8' }).trim();
}

export class PyOracle {
  constructor(name, dir) {
    this.dir = dir;
    this.shadow = path.join(os.tmpdir(), `scout-rnd-pyright-${name}-${process.pid}`);
    rmSync(this.shadow, { recursive: true, force: true });
    cpSync(dir, this.shadow, { recursive: true, filter: (s) => !/[\\/](\.git|\.scout)$/.test(s) });
    writeFileSync(path.join(this.shadow, 'pyrightconfig.json'), JSON.stringify({ typeCheckingMode: 'standard', reportMatchNotExhaustive: 'error', exclude: ['**/.scout', '**/node_modules'] }));
    this.baseline = this.check();
  }

  check() {
    const r = spawnSync(PYRIGHT, ['--outputjson', '-p', path.join(this.shadow, 'pyrightconfig.json')], { cwd: this.shadow, encoding: 'utf8', maxBuffer: 256 << 20 });
    const j = JSON.parse(r.stdout);
    return j.generalDiagnostics.filter((d) => d.severity === 'error').map((d) => ({ file: path.relative(this.shadow, d.file).split(path.sep).join('/'), line: d.range.start.line + 1, column: d.range.start.character + 1, code: d.rule ?? 'error', message: d.message.replace(/\s+/g, ' ').slice(0, 300) }));
  }

  run(t) {
    const t0 = performance.now();
    const file = path.join(this.shadow, t.file);
    const text = readFileSync(file, 'utf8');
    let edited = text;
    for (const e of [...t.edits].sort((a, b) => b.pos - a.pos)) edited = edited.slice(0, e.pos) + e.insert + edited.slice(e.pos);
    writeFileSync(file, edited);
    let diags;
    try { diags = this.check(); } finally { writeFileSync(file, text); }
    const before = new Map();
    const key = (d) => `${d.file}|${d.line}|${d.code}`;
    for (const d of this.baseline) before.set(key(d), (before.get(key(d)) ?? 0) + 1);
    const errorSites = [];
    for (const d of diags) {
      const left = before.get(key(d)) ?? 0;
      if (left > 0) { before.set(key(d), left - 1); continue; }
      errorSites.push({ ...d, unit: undefined });
    }
    return { target: t.target, file: t.file, line: t.line, kind: t.kind, variants: t.variants, edit: t.edits.map((e) => e.insert.trim()).join(' … '), ms: Math.round(performance.now() - t0), errorSites };
  }

  dispose() { rmSync(this.shadow, { recursive: true, force: true }); }
}
