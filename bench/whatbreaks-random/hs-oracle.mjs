// The Haskell side of the random whatbreaks benchmark: the eligible data types of a corpus, and the oracle
// (GHC on a copy of the corpus).
//
// Eligible (haskellTargets): every `data` declaration written with `=` (not GADT syntax, not a newtype: it has
// exactly one constructor) in the corpus's Haskell files, found in a tree-sitter parse (the grammar scout ships);
// names declared twice in a corpus are ambiguous. The edit: a nullary constructor ` | ScoutNew__` right after
// the last constructor (before `deriving`), no line added, as scout's Haskell checker does.
//
// The oracle (HsOracle, a CopyOracle: compiler-oracle.mjs): `ghc --make -fno-code -fforce-recomp` over every module of the corpus's source
// directories, with the incomplete-pattern warnings on and the corpus's language flags (corpora.mjs `ghcFlags`,
// copied by hand from its .cabal file: the oracle does not use scout's reading of it); the baseline is checked
// once; each target's file is edited in the copy, everything checked again from scratch, the file restored.
// Warnings and errors new as a multiset of (file, line, flag) are the breaking sites; those on the inserted
// constructor itself are about the edit and left out.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CopyOracle, markAmbiguous, sourceFiles, treeSitterParser } from './compiler-oracle.mjs';

const NEW = 'ScoutNew__';
const WARNINGS = ['-Wincomplete-patterns', '-Wincomplete-uni-patterns', '-Wincomplete-record-updates', '-Woverlapping-patterns'];

const haskellFiles = (dir) => sourceFiles(dir, '.hs', 'dist-newstyle');

/** Every data type of the corpus: { target, file, line, kind, family, variants, exported, edits: [{ pos, insert }] }. */
export async function haskellTargets(dir) {
  const parser = await treeSitterParser('haskell');
  const targets = [];
  for (const abs of haskellFiles(dir)) {
    const file = path.relative(dir, abs).split(path.sep).join('/');
    const tree = parser.parse(readFileSync(abs, 'utf8'));
    const visit = (node) => {
      if (node.type === 'data_type' && !node.hasError) {
        const cons = node.childForFieldName('constructors');
        const list = cons?.type === 'data_constructors' ? cons.namedChildren.filter((c) => c.type === 'data_constructor') : [];
        const last = list[list.length - 1];
        if (last) {
          const names = list.map((c) => c.childForFieldName('constructor')?.childForFieldName('name')?.text ?? c.text.split(/\s/)[0]);
          targets.push({
            target: node.childForFieldName('name').text,
            file,
            line: node.childForFieldName('name').startPosition.row + 1,
            kind: list.some((c) => c.childForFieldName('constructor')?.type === 'record') ? 'data (record)' : 'data',
            family: 'enum',
            variants: names,
            exported: true,
            edits: [{ pos: last.endIndex, insert: ` | ${NEW}` }],
          });
        }
      }
      for (const c of node.namedChildren) visit(c);
    };
    visit(tree.rootNode);
    tree.delete();
  }
  return markAmbiguous(targets);
}

export function ghcVersion() {
  return `ghc ${execFileSync('ghc', ['--numeric-version'], { encoding: 'utf8' }).trim()}`;
}

const HEADER = /^(.+?):(?:(\d+):(\d+)(?:-\d+)?|\((\d+),(\d+)\)-\(\d+,\d+\)): (warning|error):\s*(?:\[([^\]]*)\])?\s*(.*)$/;

export class HsOracle extends CopyOracle {
  /** `c`: the corpus entry (its `sourceDirs` and `ghcFlags`). */
  constructor(name, dir, c) {
    super('ghc', name, dir, /[\\/](\.git|\.scout)$/);
    this.out = `${this.copy}-out`;
    this.beside.push(this.out);
    this.sourceDirs = c.sourceDirs;
    this.flags = c.ghcFlags ?? [];
    this.modules = this.sourceDirs.flatMap((d) => haskellFiles(path.join(this.copy, d)).map((f) => path.relative(this.copy, f)));
    this.baseline = this.check();
  }

  check() {
    const args = ['--make', '-fno-code', '-fforce-recomp', '-fkeep-going', '-outputdir', this.out, '-package-env', '-', '-fdiagnostics-color=never', '-i', ...this.sourceDirs.map((d) => `-i${d}`), ...this.flags, ...WARNINGS, ...this.modules];
    const r = spawnSync('ghc', args, { cwd: this.copy, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, LANG: 'C.UTF-8' } });
    const out = [];
    const lines = r.stderr.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const m = HEADER.exec(lines[i]);
      if (!m) continue;
      const message = [m[8]];
      for (let j = i + 1; j < lines.length && /^\s/.test(lines[j]) && lines[j].trim() && !/^\s*\d*\s*\|/.test(lines[j]); j++) message.push(lines[j].trim());
      const flags = (m[7] ?? '').split(',').map((f) => f.trim()).filter(Boolean);
      out.push({ file: m[1], line: Number(m[2] ?? m[4]), column: Number(m[3] ?? m[5]), code: flags.find((f) => !f.startsWith('-Werror')) ?? flags[0] ?? 'error', message: message.join(' ').trim().slice(0, 300) });
    }
    if (r.status !== 0 && !out.length) throw new Error(`ghc did not run: ${r.stderr.slice(0, 200)}`);
    return out;
  }
}
