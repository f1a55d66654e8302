/**
 * The parse pool's worker threads (the built ones: workers run dist/index/parse-worker.js, so this test imports the
 * build, which `npm test` makes first): a worker whose heap cap is exceeded dies, and its files are parsed on the
 * main thread instead; no file is lost and none is parsed twice.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const POOL = path.resolve('dist/index/parse-pool.js');
let dir: string;
const jobs: Array<{ id: number; path: string; absolute: string; language: string; previousHash: null; limits: { maxLineLength: number; maxNestingDepth: number; parseBudgetMs: number } }> = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'scout-parse-pool-'));
  for (let i = 0; i < 60; i++) {
    const file = `m${i}.ts`;
    // A long array literal per file: more than a worker capped at 8 MB can hold while it parses.
    writeFileSync(path.join(dir, file), `export function f${i}(x: number): number {\n  return x + ${i};\n}\nexport const big = [${Array.from({ length: 20_000 }, (_, k) => `"s${k}"`).join(',')}];\n`);
    jobs.push({ id: i, path: file, absolute: path.join(dir, file), language: 'typescript', previousHash: null, limits: { maxLineLength: 10_000_000, maxNestingDepth: 200, parseBudgetMs: 10_000 } });
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('parses every file once when a worker runs out of heap, the main thread taking its files', async () => {
  const { runParseJobs } = (await import(POOL)) as { runParseJobs: (jobs: unknown[], workers: number, onOutcome: (o: { id: number; kind: string }) => void, options: { workerHeapMb: number; onWorkerLost: (e: Error) => void }) => Promise<{ workersUsed: number }> };
  const seen: number[] = [];
  const lost: string[] = [];
  // 8 MB of old generation: the worker dies of these files (below about 3 MB V8 ends the whole process instead).
  await runParseJobs(jobs, 1, (o) => seen.push(o.id), { workerHeapMb: 8, onWorkerLost: (e) => lost.push((e as Error & { code?: string }).code ?? e.message) });
  expect(lost).toEqual(['ERR_WORKER_OUT_OF_MEMORY']);
  expect([...seen].sort((a, b) => a - b)).toEqual(jobs.map((j) => j.id));
}, 60_000);

it('with room, the worker parses its share', async () => {
  const { runParseJobs } = (await import(POOL)) as { runParseJobs: (jobs: unknown[], workers: number, onOutcome: (o: { id: number; kind: string }) => void, options?: object) => Promise<{ workersUsed: number }> };
  const kinds: string[] = [];
  const result = await runParseJobs(jobs, 1, (o) => kinds.push(o.kind));
  expect(result.workersUsed).toBe(1);
  expect(kinds).toHaveLength(jobs.length);
  expect(new Set(kinds)).toEqual(new Set(['parsed']));
}, 60_000);
