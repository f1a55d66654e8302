/**
 * The Go checker without go on PATH: a refusal that says to install Go (the answer falls back to the
 * exploration with that note). Its own file: the checker asks for go's version once per process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GoChecker } from '../../../src/scout/go/checker.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-verify-go-nogo-'));
const savedPath = process.env.PATH;
afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(tmp, { recursive: true, force: true });
});

describe('Go checker without go', () => {
  it('refuses, saying to install Go', async () => {
    writeFileSync(path.join(tmp, 'go.mod'), 'module example.com/x\n\ngo 1.19\n');
    writeFileSync(path.join(tmp, 'x.go'), 'package x\n\nfunc Total(a int) int { return a }\n');
    process.env.PATH = path.join(tmp, 'no-such-bin');
    const checker = new GoChecker({ tempDir: path.join(tmp, 'tmp') });
    const outcome = await checker.applyChange({ root: tmp, declaration: { name: 'Total', file: 'x.go', line: 3 }, deadline: performance.now() + 30_000, change: { kind: 'add_parameter' } });
    process.env.PATH = savedPath;
    expect(outcome).toEqual({ status: 'refused', reason: expect.stringMatching(/^go is not on PATH: install Go \(`apt-get install golang-go`/) });
    expect(checker.version).toBe('unavailable');
  });
});
