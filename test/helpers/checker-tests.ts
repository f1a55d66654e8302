/**
 * What the language checkers' tests share (test/scout/<language>/): where a needle is in a fixture file, a
 * check that must have run, its sites as text, a listing that shows whether anything was written or touched,
 * and, for the end-to-end tests, a fixture committed to git and `scout ask --json` run on it by the built CLI.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChangeSpec, Checker, CheckOutcome, VariantCheck } from '../../src/scout/verify/checker.js';
import { applyInsertion, type Insertion } from '../../src/scout/verify/insertion.js';
import { treeHash } from './tree-hash.js';

/**
 * A copy of a fixture in a new temporary directory (`tmp`; the repository is `tmp/<sub>` when `sub` is
 * given, else `tmp` itself), what `skip` matches left out, and the hash of the copy as it was.
 */
export function copiedFixture(fixture: string, prefix: string, options: { sub?: string; skip?: RegExp } = {}): { tmp: string; root: string; hash: string } {
  const tmp = mkdtempSync(path.join(os.tmpdir(), prefix));
  const root = options.sub ? path.join(tmp, options.sub) : tmp;
  const { skip } = options;
  cpSync(fixture, root, { recursive: true, ...(skip ? { filter: (src: string) => !skip.test(src) } : {}) });
  return { tmp, root, hash: treeHash(root) };
}

/**
 * A fixture copied (copiedFixture) before a test file's tests and removed after them, `after` first (a
 * checker's dispose); its fields are set once the copy is made.
 */
export function fixtureForTests(fixture: string, prefix: string, options: { sub?: string; skip?: RegExp; after?: () => void } = {}): { tmp: string; root: string; hash: string } {
  const repo = { tmp: '', root: '', hash: '' };
  beforeAll(() => {
    Object.assign(repo, copiedFixture(fixture, prefix, options));
  });
  afterAll(() => {
    options.after?.();
    if (repo.tmp) rmSync(repo.tmp, { recursive: true, force: true });
  });
  return repo;
}

/** Write `files` (relative path -> text) below `dir`, making their directories. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

/** The 1-based line of `file` (below `dir`) holding `needle`. */
export function lineOf(dir: string, file: string, needle: string): number {
  const index = readFileSync(path.join(dir, file), 'utf8').split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`no ${needle} in ${file}`);
  return index + 1;
}

/** Ask `checker` to add a variant to `name`, declared on the line of `file` holding `needle`. */
export function addVariantAt(checker: Checker, dir: string, name: string, file: string, needle: string, deadlineMs = 120_000): Promise<CheckOutcome> {
  return checker.addVariant({ root: dir, declaration: { name, file, line: lineOf(dir, file, needle) }, deadline: performance.now() + deadlineMs });
}

export function checked(outcome: CheckOutcome): VariantCheck {
  if (outcome.status !== 'checked') throw new Error(`expected a check, got: ${outcome.reason}`);
  return outcome.check;
}

/**
 * Each case's text, edited at the declaration its first line declares (`declared` captures the name), is the
 * expected text, with as many lines.
 */
export async function expectInsertions(
  cases: readonly [string, string][],
  declared: RegExp,
  edit: (text: string, name: string, line: number) => Promise<{ ok: true; edit: Insertion } | { ok: false; reason: string }>,
): Promise<void> {
  for (const [text, expected] of cases) {
    const r = await edit(text, declared.exec(text)?.[1] as string, 1);
    if (!r.ok) throw new Error(r.reason);
    const edited = applyInsertion(text, r.edit);
    expect(edited).toBe(expected);
    expect(edited.split('\n').length).toBe(text.split('\n').length);
  }
}

/** Each error as `file:line code place-kind place-name`. */
export const sites = (check: VariantCheck): string[] => check.errors.map((e) => `${e.file}:${e.line} ${e.code} ${e.place?.kind ?? '-'} ${e.place?.name ?? '-'}`);

/** Every file's path, size and mtime: the same before and after means nothing was written or touched. */
export function statListing(dir: string): string {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const f = path.join(d, name);
      const st = statSync(f);
      if (st.isDirectory()) walk(f);
      else out.push(`${path.relative(dir, f)} ${st.size} ${st.mtimeMs}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

/** The answer `scout ask --json` prints, as the end-to-end tests read it. */
export interface CliAnswer {
  summary: string;
  pointers: { location: string; risk: string; what: string; action: string; verified?: boolean }[];
  meta: { verified_by: { checker: string; version: string; target: string; errors: number; places: number; edit: string } | null; notes: string[] };
}

const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'main.js');

/** Copy a fixture to `root` (leaving out what `skip` matches) and commit it, as a user's repository. */
export function committedFixture(fixture: string, root: string, skip: RegExp): void {
  cpSync(fixture, root, { recursive: true, filter: (src) => !skip.test(src) });
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['add', '-A'], { cwd: root });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'fixture'], { cwd: root });
}

/** `scout ask <question> --repo <root> --json` in a fresh process, its cache (shadow copies) in `cacheHome`; `env`: more variables (`TMPDIR`). */
export function askCli(question: string, root: string, cacheHome: string, env: Record<string, string> = {}): CliAnswer {
  const r = spawnSync(process.execPath, [CLI, 'ask', question, '--repo', root, '--json'], { encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: cacheHome, ...env }, timeout: 120_000 });
  if (r.status !== 0) throw new Error(`scout ask failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as CliAnswer;
}

/**
 * One test per case of a checker's change kinds: the change asked at the declaration on the line of `file`
 * holding `needle` gives exactly the `expected` sites (`sites` above), records the change, and leaves no
 * error on the edited text itself out.
 */
export function changeKindCases(cases: readonly [string, string, string, string, ChangeSpec, string[]][], ask: (name: string, file: string, needle: string, spec: ChangeSpec) => Promise<CheckOutcome>): void {
  for (const [what, name, file, needle, spec, expected] of cases) {
    it(what, async () => {
      const check = checked(await ask(name, file, needle, spec));
      expect(sites(check)).toEqual(expected);
      expect(check.change).toEqual(spec);
      expect(check.notes.some((n) => /on the edited text itself/.test(n))).toBe(false);
    }, 120_000);
  }
}
