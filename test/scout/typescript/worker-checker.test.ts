/**
 * The checker in a worker thread (the built dist/, as `scout ask` and the MCP server run it): the same
 * answers as in process, and a worker stuck in one step is terminated at its deadline.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckTimeout } from '../../../src/scout/verify/checker.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { WorkerTypeScriptChecker } from '../../../src/scout/typescript/worker-checker.js';

const DIST_WORKER = path.resolve(__dirname, '..', '..', '..', 'dist', 'scout', 'typescript', 'checker-worker.js');
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scout-worker-'));
  cpSync(path.resolve(__dirname, '..', '..', 'fixtures', 'verify'), root, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('checker in a worker thread', () => {
  it('runs in process under the test runner (no built worker next to the sources)', () => {
    expect(new WorkerTypeScriptChecker().threaded).toBe(false);
  });

  it.skipIf(!existsSync(DIST_WORKER))('answers from the built worker, twice (kept warm)', async () => {
    const checker = new WorkerTypeScriptChecker(DIST_WORKER);
    try {
      for (let i = 0; i < 2; i++) {
        const outcome = await checker.addVariant({ root, declaration: { name: 'Status', file: 'src/status.ts', line: 2, column: 12 }, deadline: performance.now() + 60_000 });
        expect(outcome.status === 'checked' && outcome.check.errors.map((e) => e.code)).toEqual(['TS1360', 'TS2345']);
      }
      const refused = await checker.addVariant({ root, declaration: { name: 'someFunction', file: 'src/colors.ts', line: 10, column: 16 }, deadline: performance.now() + 60_000 });
      expect(refused.status).toBe('refused');
    } finally {
      checker.dispose();
    }
  });

  it.skipIf(!existsSync(DIST_WORKER))('prepares the program in the worker before any question; the question after it gets the same answer', async () => {
    const checker = new WorkerTypeScriptChecker(DIST_WORKER);
    try {
      const checkers = new Checkers([checker]);
      expect(await checkers.prepare(root, ['README.md', 'src/status.ts'])).toEqual(['typescript']);
      expect(await checkers.prepare(root, ['README.md'])).toEqual([]);
      const outcome = await checker.addVariant({ root, declaration: { name: 'Status', file: 'src/status.ts', line: 2, column: 12 }, deadline: performance.now() + 60_000 });
      expect(outcome.status === 'checked' && outcome.check.errors.map((e) => e.code)).toEqual(['TS1360', 'TS2345']);
    } finally {
      checker.dispose();
    }
  });

  it('prepares in process too (under the test runner), and a prepared project answers within a tight deadline', async () => {
    const checker = new WorkerTypeScriptChecker();
    await checker.prepare(root, 'src/status.ts');
    // The program and import graph are built: what is left (one edited program, the dependents' diagnostics) is quick.
    const outcome = await checker.addVariant({ root, declaration: { name: 'Status', file: 'src/status.ts', line: 2, column: 12 }, deadline: performance.now() + 5_000 });
    expect(outcome.status).toBe('checked');
    checker.dispose();
  });

  it('terminates a worker that never answers, at the deadline plus a short grace', async () => {
    const script = path.join(root, 'stuck-worker.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { for (;;) {} });\n");
    const checker = new WorkerTypeScriptChecker(script);
    const started = performance.now();
    await expect(checker.addVariant({ root, declaration: { name: 'Status', file: 'src/status.ts', line: 2 }, deadline: performance.now() + 200 })).rejects.toBeInstanceOf(CheckTimeout);
    expect(performance.now() - started).toBeLessThan(5000);
    checker.dispose();
  });

  it('a worker that crashes rejects with its error', async () => {
    const script = path.join(root, 'crashing-worker.mjs');
    writeFileSync(script, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', () => { throw new Error('checker blew up'); });\n");
    const checker = new WorkerTypeScriptChecker(script);
    await expect(checker.addVariant({ root, declaration: { name: 'Status', file: 'src/status.ts', line: 2 }, deadline: performance.now() + 10_000 })).rejects.toThrow(/checker blew up/);
    checker.dispose();
  });
});
