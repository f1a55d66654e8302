/**
 * The compiler checker template on its own, with a toy language whose "compiler" is a function reading the
 * shadow copy (no real tool): what a strategy gets from the template. New errors only (the baseline's are
 * not new), mapped back to the user's columns, placed; diagnostics on the insertion counted in a note; the
 * baseline checked first or only when needed, with the same answer, and saved beside the shadow for the next
 * process; refusals; a link leading outside left out; a shadow another process holds; the user's tree never
 * written.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompileRun, CompilerChecker, type CompilerStrategy, type Diagnostic, Refusal, byFile } from '../../../src/scout/verify/checker-template.js';
import type { CheckOutcome } from '../../../src/scout/verify/checker.js';
import type { DeclarationEdit } from '../../../src/scout/verify/insertion.js';
import type { MappedError } from '../../../src/scout/verify/mapped-error.js';
import { listShadowTree } from '../../../src/scout/verify/shadow-tree.js';
import { checked, sites, writeFiles } from '../../helpers/checker-tests.js';
import { treeHash } from '../../helpers/tree-hash.js';

type Toy = { dir: string };
type Run = CompileRun<Toy, DeclarationEdit>;

/**
 * The toy compiler: every `match E { ... }` that leaves out a member of `enum E { ... }` is an error T1 at
 * `match`; with a `lint.toy`, a member named `ScoutNew` is an error T9 (a lint on the insertion itself).
 */
function toyCompile(dir: string): Diagnostic[] {
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.toy')).sort();
  const texts = files.map((f) => ({ f, lines: readFileSync(path.join(dir, f), 'utf8').split('\n') }));
  const enums = new Map<string, string[]>();
  for (const { lines } of texts) for (const l of lines) for (const m of l.matchAll(/enum (\w+) \{([^}]*)\}/g)) enums.set(m[1] as string, (m[2] as string).trim().split(/\s+/));
  const out: Diagnostic[] = [];
  for (const { f, lines } of texts) {
    lines.forEach((l, i) => {
      for (const m of l.matchAll(/match (\w+) \{([^}]*)\}/g)) {
        const arms = new Set((m[2] as string).trim().split(/\s+/));
        const missing = (enums.get(m[1] as string) ?? []).filter((v) => !arms.has(v));
        if (missing.length > 0) out.push({ file: f, line: i + 1, column: [...l.slice(0, m.index)].length + 1, code: 'T1', message: `${missing.join(', ')} not covered` });
      }
      const at = l.indexOf('ScoutNew');
      if (at >= 0 && files.includes('lint.toy')) out.push({ file: f, line: i + 1, column: [...l.slice(0, at)].length + 1, code: 'T9', message: 'odd name' });
    });
  }
  return out;
}

function toyStrategy(baselineFirst: boolean, runs: { count: number }, version = 'toy 1'): CompilerStrategy<Toy, DeclarationEdit> {
  const compile = (run: Run, edited: boolean): MappedError[] => {
    runs.count++;
    run.mirror(edited);
    if (readdirSync(run.shadow.dir).includes('broken.toy')) throw new Refusal('the toy compiler cannot load broken.toy');
    return run.map(toyCompile(run.shadow.dir), edited);
  };
  return {
    name: 'toyc',
    files: /\.toy$/,
    shadow: { tool: 'toy', noun: 'project' },
    version: () => version,
    install: 'toyc is not installed',
    async edit(text, name, line) {
      const l = text.split('\n')[line - 1] ?? '';
      const m = new RegExp(`enum ${name} \\{[^}]*\\}`).exec(l);
      if (!m) return { ok: false, reason: `\`${name}\` is not an enum` };
      return { ok: true, edit: { line: line - 1, column: m.index + m[0].length - 1, insert: 'ScoutNew ', name, kind: 'enum', declLine: line } };
    },
    describe: (edit) => `ScoutNew added to enum ${edit.name}`,
    findProject(root, file) {
      for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
        const d = dir === '.' ? '' : dir;
        if (readdirSync(path.join(root, d)).includes('toy.project')) return { ok: true, project: { dir: d } };
        if (d === '') return { ok: false, reason: `no toy.project above ${file}` };
      }
    },
    listFiles: (root, project) => listShadowTree(root, project.dir, { skip: (name) => name.startsWith('.'), stamped: /\.toy$|toy\.project$/ }),
    baselineFirst,
    checkBaseline: async (run) => ({ byFile: byFile(compile(run, false)), state: null }),
    checkEdited: async (run) => ({ errors: compile(run, true), checkedFiles: run.tree.files.filter((f) => f.rel.endsWith('.toy')).length }),
    keyOf: (d) => `${d.file}|${d.line}|${d.character}|${d.code}|${d.message.replace(/ScoutNew(, )?|, ScoutNew/g, '')}`,
    placesIn: async (text, rows) => {
      const lines = text.split('\n');
      return rows.map((row) => {
        for (let k = row; k >= 0; k--) {
          const fn = /^fn (\w+)/.exec(lines[k] ?? '');
          if (fn) return { name: fn[1] as string, kind: 'function' as const, startLine: k + 1, endLine: row + 1 };
        }
        return null;
      });
    },
    headline: (project) => `toyc on a shadow copy of ${project.dir || 'the repository root'}`,
    onEditNote: (count) => `${count} error(s) on the inserted member itself were left out`,
  };
}

let tmp: string;
let root: string;
let hash: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-template-'));
  root = path.join(tmp, 'repo');
  writeFiles(root, {
    'toy.project': '',
    // The enum and, on its line after the insertion point, a match that already missed B: not new, mapped back.
    'kinds.toy': 'enum Kind { A B } match Kind { A }\nenum Mode { X }\nenum Quiet { Q }\n',
    'use.toy': 'fn label\n  match Kind { A B }\nfn other\n  match Mode { X }\n',
    'wïde/wide.toy': 'fn wide\n  😀 match Kind { A B }\n',
  });
  hash = treeHash(root);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ask = (checker: CompilerChecker<Toy, DeclarationEdit>, name: string, file: string, line: number, dir = root): Promise<CheckOutcome> =>
  checker.addVariant({ root: dir, declaration: { name, file, line }, deadline: performance.now() + 30_000 });

describe('compiler checker template (a toy strategy)', () => {
  it('new errors only, in the user\'s columns, each in its place; the baseline checked only when needed', async () => {
    const runs = { count: 0 };
    const checker = new CompilerChecker(toyStrategy(false, runs), { cacheDir: path.join(tmp, 'cache-lazy') });
    // The match on the enum's line after the insertion point missed B before the edit: not new.
    expect(checked(await ask(checker, 'Quiet', 'kinds.toy', 3)).errors).toEqual([]);
    expect(runs.count).toBe(2);
    const check = checked(await ask(checker, 'Kind', 'kinds.toy', 1));
    expect(check.target).toEqual({ name: 'Kind', kind: 'enum', file: 'kinds.toy', line: 1 });
    expect(check.edit).toBe('ScoutNew added to enum Kind');
    expect(sites(check)).toEqual(['use.toy:2 T1 function label', 'wïde/wide.toy:2 T1 function wide']);
    // The compiler counts characters; the column is in UTF-16 units (the emoji is two).
    expect(check.errors[1]?.column).toBe(6);
    expect(check.errors[1]?.place).toEqual({ name: 'wide', kind: 'function', startLine: 1, endLine: 2 });
    expect(check.checkedFiles).toBe(3);
    expect(check.notes).toEqual(['toyc on a shadow copy of the repository root']);
    // The baseline is kept for the project as it is.
    expect(runs.count).toBe(3);
    expect(sites(checked(await ask(checker, 'Mode', 'kinds.toy', 2)))).toEqual(['use.toy:4 T1 function other']);
    expect(runs.count).toBe(4);
    checker.dispose();
  });

  it('the baseline first gives the same answer; a new checker (a new process) takes the saved baseline', async () => {
    const runs = { count: 0 };
    const cacheDir = path.join(tmp, 'cache-first');
    const first = new CompilerChecker(toyStrategy(true, runs), { cacheDir });
    const answer = sites(checked(await ask(first, 'Kind', 'kinds.toy', 1)));
    expect(answer).toEqual(['use.toy:2 T1 function label', 'wïde/wide.toy:2 T1 function wide']);
    expect(runs.count).toBe(2);
    first.dispose();
    const next = new CompilerChecker(toyStrategy(true, runs), { cacheDir });
    expect(sites(checked(await ask(next, 'Kind', 'kinds.toy', 1)))).toEqual(answer);
    expect(runs.count).toBe(3);
    // Another tool version: the saved baseline is not used.
    const upgraded = new CompilerChecker(toyStrategy(true, runs, 'toy 2'), { cacheDir });
    await ask(upgraded, 'Kind', 'kinds.toy', 1);
    expect(runs.count).toBe(5);
  });

  it('counts the diagnostics on the insertion itself in a note, and leaves out a link leading outside', async () => {
    const dir = path.join(tmp, 'lint', 'repo');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'toy.project'), '');
    writeFileSync(path.join(dir, 'lint.toy'), 'enum Kind { A }\n');
    mkdirSync(path.join(tmp, 'lint', 'outside'), { recursive: true });
    writeFileSync(path.join(tmp, 'lint', 'outside', 'secret.toy'), 'fn secret\n  match Kind { A }\n');
    symlinkSync(path.join(tmp, 'lint', 'outside', 'secret.toy'), path.join(dir, 'secret.toy'));
    const runs = { count: 0 };
    const checker = new CompilerChecker(toyStrategy(false, runs), { cacheDir: path.join(tmp, 'cache-lint') });
    const check = checked(await ask(checker, 'Kind', 'lint.toy', 1, dir));
    expect(check.errors).toEqual([]);
    // No error after the edit: the baseline is not needed.
    expect(runs.count).toBe(1);
    expect(check.notes).toEqual(['toyc on a shadow copy of the repository root', '1 error(s) on the inserted member itself were left out', 'left out of the check: 1 link(s) leading outside the repository (secret.toy)']);
  });

  it('refuses: a file it cannot read, an edit it cannot make, no project, no tool, a Refusal from the strategy', async () => {
    const checker = new CompilerChecker(toyStrategy(false, { count: 0 }), { cacheDir: path.join(tmp, 'cache-refuse') });
    expect(await ask(checker, 'Kind', 'nope.toy', 1)).toEqual({ status: 'refused', reason: 'nope.toy cannot be read (or is a link that leads outside the repository)' });
    expect(await ask(checker, 'label', 'use.toy', 1)).toEqual({ status: 'refused', reason: '`label` is not an enum' });
    const bare = path.join(tmp, 'bare');
    mkdirSync(bare, { recursive: true });
    writeFileSync(path.join(bare, 'a.toy'), 'enum E { A }\n');
    expect(await ask(checker, 'E', 'a.toy', 1, bare)).toEqual({ status: 'refused', reason: 'not checked: no toy.project above a.toy' });
    const missing = new CompilerChecker(toyStrategy(false, { count: 0 }, 'unavailable'), { cacheDir: path.join(tmp, 'cache-refuse') });
    expect(await ask(missing, 'Kind', 'kinds.toy', 1)).toEqual({ status: 'refused', reason: 'toyc is not installed' });
    const broken = path.join(tmp, 'broken');
    mkdirSync(broken, { recursive: true });
    writeFileSync(path.join(broken, 'toy.project'), '');
    writeFileSync(path.join(broken, 'broken.toy'), 'enum E { A }\n');
    expect(await ask(checker, 'E', 'broken.toy', 1, broken)).toEqual({ status: 'refused', reason: 'the toy compiler cannot load broken.toy' });
  });

  it('works in a temporary copy when another process holds the shadow, and removes it', async () => {
    const cacheDir = path.join(tmp, 'cache-busy');
    const checker = new CompilerChecker(toyStrategy(false, { count: 0 }), { cacheDir });
    await ask(checker, 'Kind', 'kinds.toy', 1);
    const [home] = readdirSync(path.join(cacheDir, 'toy'));
    const homeDir = path.join(cacheDir, 'toy', home as string);
    writeFileSync(path.join(homeDir, 'lock'), String(process.ppid));
    const check = checked(await ask(checker, 'Kind', 'kinds.toy', 1));
    expect(sites(check)).toEqual(['use.toy:2 T1 function label', 'wïde/wide.toy:2 T1 function wide']);
    expect(check.notes).toContain('another scout process was checking this project: this check ran in a temporary copy (cold)');
    expect(readdirSync(homeDir).filter((f) => f.startsWith('busy-'))).toEqual([]);
    rmSync(path.join(homeDir, 'lock'));
  });

  it('leaves the user\'s tree as it was', () => {
    expect(treeHash(root)).toBe(hash);
  });
});
