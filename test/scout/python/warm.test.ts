/**
 * The warm Python checker: one pyright language server per repository, kept between questions (real
 * pyright, no fakes). Its answers are the CLI runner's, question for question; a second question reuses the
 * server and the cached baseline; files changed, added and removed on disk between questions are seen; a
 * killed server and a timed-out one are replaced; nothing is written into the repository and no shadow copy
 * is left behind.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckTimeout, type CheckOutcome, type VariantCheck } from '../../../src/scout/verify/checker.js';
import { PythonChecker } from '../../../src/scout/python/checker.js';
import { PyrightServer } from '../../../src/scout/python/pyright-server.js';
import { listPythonFiles } from '../../../src/scout/python/shadow.js';
import { treeHash } from '../../helpers/tree-hash.js';

const FIXTURE = path.resolve(__dirname, '..', '..', 'fixtures', 'verify-python');

/** Every add-a-variant target of the fixture: [name, file, needle on the declaration's line]. */
const TARGETS: [string, string, string][] = [
  ['ExitCode', 'app/exit_code.py', 'class ExitCode'],
  ['Outcome', 'app/outcome.py', 'class Outcome'],
  ['Mode', 'app/modes.py', 'Mode = Literal'],
  ['Level', 'app/modes.py', 'Level: TypeAlias'],
  ['Shape', 'app/modes.py', 'type Shape'],
  ['Job.priority', 'app/job.py', 'priority: Literal'],
];

let root: string;
let tmpDir: string;
let hashBefore: string;
const warm = (): PythonChecker => new PythonChecker({ runner: 'server', tmpDir });

const lineOf = (file: string, needle: string): number => {
  const index = readFileSync(path.join(root, file), 'utf8').split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no ${needle} in ${file}`);
  return index + 1;
};

function ask(checker: PythonChecker, [name, file, needle]: [string, string, string], deadlineMs = 60_000): Promise<CheckOutcome> {
  return checker.addVariant({ root, declaration: { name, file, line: lineOf(file, needle) }, deadline: performance.now() + deadlineMs });
}

function checked(outcome: CheckOutcome): VariantCheck {
  if (outcome.status !== 'checked') throw new Error(`expected a check, got: ${outcome.reason}`);
  return outcome.check;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const OUTCOME = TARGETS[1] as [string, string, string];
const EXIT_CODE = TARGETS[0] as [string, string, string];

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-verify-pywarm-'));
  tmpDir = mkdtempSync(path.join(os.tmpdir(), 'scout-pywarm-shadows-'));
  cpSync(FIXTURE, root, { recursive: true });
  hashBefore = treeHash(root);
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(tmpDir, { recursive: true, force: true });
});

describe('Python checker, warm pyright language server', () => {
  it('prepare starts the repository\'s pyright before any question, and the first question uses that server', async () => {
    const checker = warm();
    try {
      await checker.prepare(root, 'app/report.py');
      expect(checker.stats.serverStarts).toBe(1);
      const pid = checker.serverPid(root);
      expect(pid).toEqual(expect.any(Number));
      checked(await ask(checker, EXIT_CODE));
      expect(checker.stats.serverStarts).toBe(1);
      expect(checker.serverPid(root)).toBe(pid);
      await checker.prepare(root, 'not/a/file.py'); // not one of the repository's Python files: nothing to do
      expect(checker.stats.serverStarts).toBe(1);
    } finally {
      checker.dispose();
    }
  });

  it('answers every target exactly as the CLI runner does (same errors, codes, messages, places, notes)', async () => {
    const cli = new PythonChecker({ runner: 'cli', tmpDir });
    const server = warm();
    try {
      for (const target of TARGETS) {
        const a = await ask(cli, target);
        const b = await ask(server, target);
        expect(b, target[0]).toEqual(a);
      }
      // The fixture's breaks are there (not two empty answers).
      expect(checked(await ask(server, EXIT_CODE)).errors.length).toBe(3);
      expect(server.stats.serverStarts).toBe(1);
    } finally {
      cli.dispose();
      server.dispose();
    }
  });

  it('a second question reuses the server and the cached baseline, and is faster than the first', async () => {
    const checker = warm();
    try {
      const first = await timed(() => ask(checker, EXIT_CODE));
      const baselines = checker.stats.baselineFiles;
      expect(baselines).toBeGreaterThan(0); // report.py has errors after the edit: its baseline was computed
      const second = await timed(() => ask(checker, EXIT_CODE));
      expect(second.value).toEqual(first.value);
      expect(checker.stats).toEqual({ serverStarts: 1, baselineFiles: baselines });
      expect(second.ms).toBeLessThan(first.ms);
    } finally {
      checker.dispose();
    }
  });

  it('sees files added, changed (also replaced by a rename) and removed on disk between questions', async () => {
    const checker = warm();
    const added = path.join(root, 'app', 'outcome_match.py');
    const lines = (extra: string): string =>
      ['from app.outcome import Outcome', '', '', 'def verdict(o: Outcome) -> str:', '    match o:', ...['PASSED', 'FAILED'].map((m) => `        case Outcome.${m}:\n            return "${m.toLowerCase()}"`), extra, ''].join('\n');
    try {
      expect(checked(await ask(checker, OUTCOME)).errors).toEqual([]);
      // Added: a match over every member, no `case _`: the new variant is unhandled.
      writeFileSync(added, lines(''));
      const withMatch = checked(await ask(checker, OUTCOME));
      expect(withMatch.errors.map((e) => `${e.file} ${e.code} ${e.place?.name}`)).toEqual(['app/outcome_match.py reportReturnType verdict', 'app/outcome_match.py reportMatchNotExhaustive verdict']);
      // Changed by writing a new file and renaming it over the old one (a new inode): `case _` handles it.
      writeFileSync(`${added}.tmp`, lines('        case _:\n            return "other"'));
      renameSync(`${added}.tmp`, added);
      expect(checked(await ask(checker, OUTCOME)).errors).toEqual([]);
      // Changed in place (the same inode): the match is partial again.
      writeFileSync(added, lines(''));
      expect(checked(await ask(checker, OUTCOME)).errors).toHaveLength(2);
      // Removed: gone from the answer, and the server carries on.
      rmSync(added);
      expect(checked(await ask(checker, OUTCOME)).errors).toEqual([]);
      expect(checker.stats.serverStarts).toBe(1);
    } finally {
      rmSync(added, { force: true });
      checker.dispose();
    }
  });

  it('a changed configuration starts a new server over a new shadow copy, and the answer follows it', async () => {
    const checker = warm();
    const config = path.join(root, 'pyrightconfig.json');
    const original = readFileSync(config, 'utf8');
    try {
      expect(checked(await ask(checker, EXIT_CODE)).errors.map((e) => e.code)).toEqual(['reportArgumentType', 'reportReturnType', 'reportMatchNotExhaustive']);
      writeFileSync(config, original.replace('"typeCheckingMode": "standard",', '"typeCheckingMode": "standard",\n  "reportReturnType": "none",'));
      expect(checked(await ask(checker, EXIT_CODE)).errors.map((e) => e.code)).toEqual(['reportArgumentType', 'reportMatchNotExhaustive']);
      expect(checker.stats.serverStarts).toBe(2);
    } finally {
      writeFileSync(config, original);
      checker.dispose();
    }
  });

  it('the server follows a file it was never given (not open) when it changes on disk', async () => {
    const repo = mkdtempSync(path.join(os.tmpdir(), 'scout-pywarm-dep-'));
    writeFileSync(path.join(repo, 'b.py'), 'X = 1\n');
    writeFileSync(path.join(repo, 'a.py'), 'from b import X\n\ny: int = X\n');
    const budget = (): { deadline: number; started: number } => ({ deadline: performance.now() + 60_000, started: performance.now() });
    const server = await PyrightServer.start(repo, listPythonFiles(repo), tmpDir, budget());
    try {
      expect(await server.diagnostics(['a.py'], null, budget())).toEqual([]);
      writeFileSync(path.join(repo, 'b.py'), 'X = "one"\n');
      server.sync(listPythonFiles(repo));
      expect((await server.diagnostics(['a.py'], null, budget())).map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual(['a.py:2 reportAssignmentType']);
      // An overlay is put back after the call: the file on disk is what the next call sees.
      const edited = await server.diagnostics(['a.py'], { rel: 'b.py', text: 'X = 2\n' }, budget());
      expect(edited).toEqual([]);
      expect(await server.diagnostics(['a.py'], null, budget())).toHaveLength(1);
    } finally {
      server.dispose();
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('a killed server is replaced at the next question', async () => {
    const checker = warm();
    try {
      const before = checked(await ask(checker, EXIT_CODE));
      const pid = checker.serverPid(root);
      expect(pid).toBeTypeOf('number');
      process.kill(pid as number, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      expect(checked(await ask(checker, EXIT_CODE))).toEqual(before);
      expect(checker.stats.serverStarts).toBe(2);
      expect(checker.serverPid(root)).not.toBe(pid);
    } finally {
      checker.dispose();
    }
  });

  it('a server that hangs (stopped) meets the deadline: CheckTimeout, the server killed, the next question starts a new one', async () => {
    const checker = warm();
    try {
      const before = checked(await ask(checker, EXIT_CODE));
      const pid = checker.serverPid(root) as number;
      process.kill(pid, 'SIGSTOP'); // pyright is alive but never answers
      const started = performance.now();
      await expect(ask(checker, OUTCOME, 1_000)).rejects.toBeInstanceOf(CheckTimeout);
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(checker.serverPid(root)).toBeUndefined();
      await new Promise((r) => setTimeout(r, 200));
      expect(() => process.kill(pid, 0)).toThrow(); // the process is gone
      expect(checked(await ask(checker, EXIT_CODE))).toEqual(before);
      expect(checker.stats.serverStarts).toBe(2);
    } finally {
      checker.dispose();
    }
  });

  it('an aborted question rejects at once, kills the server it waited on, and the next one still works', async () => {
    const checker = warm();
    try {
      await ask(checker, EXIT_CODE);
      const pid = checker.serverPid(root) as number;
      process.kill(pid, 'SIGSTOP');
      const abort = new AbortController();
      const pending = checker.addVariant({ root, declaration: { name: 'Mode', file: 'app/modes.py', line: lineOf('app/modes.py', 'Mode = Literal') }, deadline: performance.now() + 60_000, signal: abort.signal });
      setTimeout(() => abort.abort(new Error('the caller went away')), 300);
      await expect(pending).rejects.toThrow('the caller went away');
      expect(checker.serverPid(root)).toBeUndefined();
      expect(checked(await ask(checker, TARGETS[2] as [string, string, string])).errors).toHaveLength(1);
      expect(checker.stats.serverStarts).toBe(2);
    } finally {
      checker.dispose();
    }
  });

  it('a checker disposed while its server starts leaves no server and no shadow copy behind', async () => {
    const own = mkdtempSync(path.join(os.tmpdir(), 'scout-pywarm-dispose-'));
    const checker = new PythonChecker({ runner: 'server', tmpDir: own });
    try {
      const pending = ask(checker, EXIT_CODE);
      await new Promise((r) => setTimeout(r, 50));
      checker.dispose();
      await expect(pending).rejects.toThrow(/disposed/);
      expect(checker.serverPid(root)).toBeUndefined();
      expect(readdirSync(own)).toEqual([]);
      // Still usable afterwards (a new server).
      expect(checked(await ask(checker, EXIT_CODE)).errors).toHaveLength(3);
      checker.dispose();
      expect(readdirSync(own)).toEqual([]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('leaves the repository byte-for-byte as it was, and no shadow copy behind once disposed', () => {
    expect(treeHash(root)).toBe(hashBefore);
    expect(readdirSync(tmpDir)).toEqual([]);
  });
});
