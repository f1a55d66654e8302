/**
 * The verify step inside `ask`, end to end: real index, real typescript-language-server, real TypeScript.
 * The bundled example's demo question gets verified pointers; the fixture covers a negative, a literal-union
 * property, a target that is not a type, a checker timeout; the user's tree is the same before and after.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config.js';
import { indexRepository } from '../../../src/index/indexer.js';
import { SqliteStore } from '../../../src/index/store.js';
import { LspService } from '../../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../../src/scout/index-fallback.js';
import { answerQuestion } from '../../../src/scout/ask.js';
import type { ScoutAnswer } from '../../../src/scout/synthesis.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { treeHash } from '../../helpers/tree-hash.js';

interface Repo {
  root: string;
  store: SqliteStore;
  lsp: LspService;
  hash: string;
}

async function openRepo(source: string): Promise<Repo> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'scout-ask-verify-'));
  cpSync(source, root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  const hash = treeHash(root);
  const store = SqliteStore.open(root);
  await indexRepository(root, store);
  return { root, store, lsp: new LspService({ root, fallback: new IndexFallback(store.database, root) }), hash };
}

async function closeRepo(repo: Repo | undefined): Promise<void> {
  if (!repo) return;
  await repo.lsp.shutdown();
  repo.store.close();
  rmSync(repo.root, { recursive: true, force: true });
}

const checkers = new Checkers();
async function ask(repo: Repo, question: string, extra: { verifyTimeoutMs?: number } = {}): Promise<ScoutAnswer> {
  const { answer } = await answerQuestion(question, { root: repo.root, db: repo.store.database, lsp: repo.lsp, config: loadConfig(repo.root), checkers, ...extra });
  return answer;
}

let example: Repo | undefined;
let fixture: Repo | undefined;
beforeAll(async () => {
  example = await openRepo(path.resolve(__dirname, '..', '..', '..', 'examples', 'llm-router'));
  fixture = await openRepo(path.resolve(__dirname, '..', '..', 'fixtures', 'verify'));
}, 120_000);
afterAll(async () => {
  checkers.dispose();
  await closeRepo(example);
  await closeRepo(fixture);
});

describe('ask + verify (TypeScript)', () => {
  it('the demo question: every high-risk pointer is a checker error, grouped by place, with the exploration\'s explanation', async () => {
    const answer = await ask(example as Repo, 'what breaks if I add a variant to `LLMKind`?');
    expect(answer.meta.verified_by).toMatchObject({ checker: 'typescript', version: expect.any(String), errors: 4, places: 4, edit: "__ScoutNew = '__scoutnew'" }); // the values are lower-case names
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.map((p) => p.location).sort()).toEqual(['src/kinds.ts:18', 'src/kinds.ts:9', 'src/pricing.ts:4', 'src/router.ts:19'].sort());
    for (const p of high) {
      expect(p.verified).toBe(true);
      expect(p.what).toMatch(/^verified by typescript: TS\d+ /);
    }
    expect(high.find((p) => p.location === 'src/pricing.ts:4')?.what).toMatch(/TS2366 .*\(in pricePerMillion\) · switch/);
    // What compiles stays in the answer, below: the comparisons are medium, never high.
    expect(answer.pointers.some((p) => p.risk === 'medium' && /comparison/.test(p.what))).toBe(true);
    expect(answer.summary).toMatch(/breaks 4 place\(s\) in 3 file\(s\), verified by the typescript checker/);
    expect(JSON.stringify(answer).length / 4).toBeLessThanOrEqual(2000);
  });

  it('a union only compared with ===: the checker finds nothing, so no pointer is high', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Mode`?');
    expect(answer.meta.verified_by).toMatchObject({ errors: 0 });
    expect(answer.pointers.filter((p) => p.risk === 'high')).toEqual([]);
    expect(answer.summary).toMatch(/finds nothing that stops compiling when `Mode` gains a variant/);
  });

  it('an enum switched over with `satisfies never` and assertNever', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Status`?');
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.map((p) => p.what.match(/TS\d+/)?.[0])).toEqual(['TS1360', 'TS2345']);
    expect(high.every((p) => p.location.startsWith('src/status-label.ts:'))).toBe(true);
  });

  it('a literal-union property (`Job.priority`)', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Job.priority`?');
    expect(answer.meta.verified_by).toMatchObject({ target: expect.stringContaining('Job.priority'), errors: 1 });
    expect(answer.pointers.filter((p) => p.risk === 'high').map((p) => p.what)).toEqual([expect.stringMatching(/^verified by typescript: TS2366 .*\(in weight\)/)]);
  });

  it('a tagged union: a member like the first with a new tag; the exhaustive switch breaks, reading a shared field does not', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Shape`?');
    expect(answer.meta.verified_by).toMatchObject({ target: expect.stringContaining('tagged union'), edit: expect.stringMatching(/^\| \(Omit<\{ kind: 'circle'; radius: number; label: string; \}, "kind"> & \{ kind: '__scout_new' \}\)$/), errors: 1 });
    const high = answer.pointers.filter((p) => p.risk === 'high');
    expect(high.map((p) => p.location)).toEqual([expect.stringMatching(/^src\/shape\.ts:12$/)]);
    expect(high[0]?.what).toMatch(/^verified by typescript: TS2366 .*\(in area\)/);
  });

  it('a union of objects with no shared tag is refused with the reason', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Loose`?');
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.summary).toMatch(/Not verified: `Loose` is a union of object types with no shared tag/);
  });

  it('a target that is not a type gets a clear message, and the exploration\'s answer', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `someFunction`?');
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.summary).toMatch(/Not verified: `someFunction` is a function, not a type with variants/);
    expect(answer.meta.notes.join('\n')).toMatch(/not verified: `someFunction` is a function/);
  });

  it('a checker that runs out of time degrades to the exploration with a note', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Color`?', { verifyTimeoutMs: 1 });
    expect(answer.meta.verified_by).toBeNull();
    expect(answer.meta.notes.join('\n')).toMatch(/not verified: the typescript checker did not finish within 1 ms; pointers come from the exploration alone/);
    expect(answer.pointers.length).toBeGreaterThan(0);
    // High means verified: the exploration's likely break (the Record over Color) is listed as medium, with why.
    expect(answer.pointers.filter((p) => p.risk === 'high')).toEqual([]);
    expect(answer.pointers.find((p) => p.location === 'src/colors.ts:5')).toMatchObject({ risk: 'medium', what: expect.stringMatching(/\(unverified: the exploration's rules say it breaks; the typescript checker did not finish\)$/) });
    expect(answer.summary).toMatch(/^Not verified: the exploration's rules rate \d+ site\(s\) as likely breaks when `Color` gains a variant; they are listed as medium/);
    expect(answer.summary).toMatch(/Not verified: the typescript checker did not finish within 1 ms\./);
  });

  it('a member is compared like with like: the `type` keys of unrelated objects are not merged in by name', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Envelope.type`?');
    expect(answer.meta.verified_by).toMatchObject({ target: expect.stringContaining('Envelope.type'), errors: 0 });
    expect(answer.pointers.filter((p) => p.location.startsWith('src/unrelated-types.ts'))).toEqual([]);
    expect(answer.meta.notes.join('\n')).not.toMatch(/merged \d+ index site/);
  });

  it('an object literal that sets the asked property (`{ type: \'basic\' }`) is an assignment of one variant, not a map keyed by it', async () => {
    const answer = await ask(fixture as Repo, 'what breaks if I add a variant to `Envelope.type`?', { verifyTimeoutMs: 0 });
    const site = answer.pointers.find((p) => p.location === 'src/envelope.ts:8');
    expect(site?.what ?? '(not listed)').not.toMatch(/map or Record keyed by it/);
    expect(answer.pointers.filter((p) => p.risk === 'high')).toEqual([]);
  });

  it('leaves the user\'s tree as it was (the index lives in .scout/)', () => {
    expect(treeHash((example as Repo).root)).toBe((example as Repo).hash);
    expect(treeHash((fixture as Repo).root)).toBe((fixture as Repo).hash);
  });
});
