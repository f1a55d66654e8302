// The C and C++ oracle of the change-kinds benchmark: clang over every translation unit of a copy of the corpus,
// as `clang -fsyntax-only -Werror=switch …` (CHECK) with the flags of the corpus's compilation database (written
// by prepare() in bench/whatbreaks-random/corpora.mjs, as a CMake build would). Written here apart from scout's
// checker (src/scout/clang/), which reads the same compile_commands.json. A header's error is reported once per
// unit that includes it; a multiset of (file, line, code) then counts each copy, in the baseline and after.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CopyOracle } from '../whatbreaks-random/compiler-oracle.mjs';

const DIAGNOSTIC = /^(.+?):(\d+):(\d+): (error|fatal error): (.*)$/;
/**
 * The flags of scout's checker (src/scout/clang/run-clang.ts), as the Java oracle takes javac's: a missing enum
 * case is an error (-Werror=switch), and so is what clang 16 and later reject by default in C but clang 14 only
 * warns about (an implicit declaration, implicit int, an int/pointer conversion, incompatible pointer types).
 */
export const CHECK = ['-fsyntax-only', '-ferror-limit=0', '-fno-color-diagnostics', '-fno-caret-diagnostics', '-Wswitch', '-Werror=switch', '-Werror=implicit-function-declaration', '-Werror=implicit-int', '-Werror=int-conversion', '-Werror=incompatible-pointer-types', '-Werror=incompatible-function-pointer-types'];

export function clangVersionString() {
  return ((spawnSync('clang', ['--version'], { encoding: 'utf8' }).stdout || '').split('\n')[0] ?? '').trim();
}

function run(cmd, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, LANG: 'C', LC_ALL: 'C' } });
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', () => undefined);
    child.on('close', () => resolve(err));
  });
}

export class ClangOracle extends CopyOracle {
  constructor(name, dir) {
    super('clang', name, dir, /[\\/](\.git|\.scout)$/);
    const db = JSON.parse(readFileSync(path.join(dir, 'compile_commands.json'), 'utf8'));
    // Each unit: its file (relative) and its arguments without the output and the compile-only switches.
    this.units = db.map((e) => ({ file: path.relative(dir, path.resolve(dir, e.directory, e.file)), args: e.arguments.slice(1).filter((a) => a !== '-c' && a !== e.file) }));
    this.compiler = (unit) => (/\.(c)$/.test(unit.file) ? 'clang' : 'clang++');
  }

  async setUp() {
    this.baseline = await this.checkAsync();
    return this;
  }

  /** Every unit, two at a time; diagnostics { file, line, column, code, message } with files relative to the copy. */
  async checkAsync() {
    const out = [];
    const queue = [...this.units];
    const worker = async () => {
      for (let unit = queue.shift(); unit; unit = queue.shift()) {
        const args = [...CHECK, ...unit.args.filter((a) => !/^-W(error)?$/.test(a)), unit.file];
        const stderr = await run(this.compiler(unit), args, this.copy);
        for (const line of stderr.split('\n')) {
          const m = DIAGNOSTIC.exec(line);
          if (!m) continue;
          const abs = path.resolve(this.copy, m[1]);
          const rel = path.relative(this.copy, abs).split(path.sep).join('/');
          if (rel.startsWith('..')) continue; // a system header's error is nobody's site
          out.push({ file: rel, line: Number(m[2]), column: Number(m[3]), code: m[5].replace(/'[^'\n]*'/g, "'…'").slice(0, 160), message: m[5].slice(0, 300) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(2, os.availableParallelism())) }, worker));
    return out;
  }
}
