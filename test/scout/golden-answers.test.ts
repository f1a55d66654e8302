/**
 * Golden answers: `scout ask "what breaks if I add a variant to X?" --json` on the bundled example and on one
 * fixture per checked language, kept as text (what an agent reads) and JSON (what a program reads) under
 * test/golden/answers/. They document what an answer looks like; UPDATE_GOLDEN=1 rewrites them (read the diff
 * before committing). Times, versions and the freshness stamp are replaced by placeholders; native language
 * servers are kept off the PATH, so Rust and Haskell answers are explored from the index on every machine.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, it } from 'vitest';
import type { ScoutAnswer } from '../../src/scout/answer.js';
import { renderAnswer } from '../../src/scout/render-answer.js';
import { expectGolden } from '../helpers/golden.js';
import { findExecutable } from '../../src/lsp/servers.js';

const repoRoot = path.resolve(__dirname, '..', '..');
const cli = path.join(repoRoot, 'dist', 'cli', 'main.js');
const temp = mkdtempSync(path.join(os.tmpdir(), 'scout-golden-answers-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/**
 * A PATH with the checkers and git only: native language servers (rust-analyzer, haskell-language-server)
 * are installed on some machines and not others, so the goldens take the index's answer on every machine.
 */
const bin = path.join(temp, 'bin');
mkdirSync(bin);
for (const command of ['cargo', 'rustc', 'ghc', 'git']) {
  const found = findExecutable(command);
  if (found) symlinkSync(found, path.join(bin, command));
}

const CASES = [
  { name: 'typescript-llm-router', fixture: 'examples/llm-router', question: 'what breaks if I add a variant to `LLMKind`?' },
  { name: 'typescript-enumeration', fixture: 'test/fixtures/enumeration', question: 'what breaks if I add a variant to `Status`?' },
  { name: 'python-enumeration', fixture: 'test/fixtures/enumeration', question: 'what breaks if I add a variant to `Color`?' },
  { name: 'python-exit-code', fixture: 'test/fixtures/verify-python', question: 'what breaks if I add a variant to `ExitCode`?' },
  { name: 'rust-exit-code', fixture: 'test/fixtures/verify-rust', question: 'what breaks if I add a variant to `ExitCode`?' },
  { name: 'haskell-llm-kind', fixture: 'test/fixtures/verify-haskell', question: 'what breaks if I add a variant to `LLMKind`?' },
];

/** The answer without what changes from run to run (times, versions, the freshness stamp). */
function stable(answer: ScoutAnswer): ScoutAnswer {
  const meta = { ...answer.meta, elapsed_ms: 0, freshness: '(freshness stamp)' };
  if (meta.verified_by) meta.verified_by = { ...meta.verified_by, ms: 0, version: '(version)' };
  if (meta.enumeration) meta.enumeration = { ...meta.enumeration, ms: 0 };
  meta.notes = meta.notes.map((n) => n.replace(/\d+(?:\.\d+)? ?m?s\b/g, 'N ms'));
  return { ...answer, meta };
}

describe('golden answers', () => {
  for (const c of CASES) {
    it(`${c.name}: ${c.question}`, () => {
      const root = path.join(temp, c.name);
      cpSync(path.join(repoRoot, c.fixture), root, { recursive: true, filter: (src) => !/[\\/](target|\.scout|dist-newstyle)$/.test(src) });
      const run = spawnSync(process.execPath, [cli, 'ask', c.question, '--repo', root, '--json'], { encoding: 'utf8', timeout: 240_000, env: { ...process.env, PATH: bin } });
      if (run.status !== 0) throw new Error(`scout ask failed (${run.status}): ${run.stderr}`);
      const answer = stable(JSON.parse(run.stdout) as ScoutAnswer);
      expectGolden(path.join(repoRoot, 'test', 'golden', 'answers', `${c.name}.json`), `${JSON.stringify(answer, null, 2)}\n`);
      expectGolden(path.join(repoRoot, 'test', 'golden', 'answers', `${c.name}.txt`), `${renderAnswer(answer)}\n`);
    }, 300_000);
  }
});
