/**
 * The Java checker without javac on PATH: a refusal that says to install a JDK (the answer falls back to the
 * exploration with that note). Its own file: the checker asks for javac's version once per process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JavaChecker } from '../../../src/scout/java/checker.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-verify-java-nojavac-'));
const savedPath = process.env.PATH;
afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(tmp, { recursive: true, force: true });
});

describe('Java checker without javac', () => {
  it('refuses, saying to install a JDK', async () => {
    writeFileSync(path.join(tmp, 'Color.java'), 'enum Color { RED, GREEN }\n');
    process.env.PATH = path.join(tmp, 'no-such-bin');
    const checker = new JavaChecker({ cacheDir: path.join(tmp, 'cache') });
    const outcome = await checker.addVariant({ root: tmp, declaration: { name: 'Color', file: 'Color.java', line: 1 }, deadline: performance.now() + 30_000 });
    process.env.PATH = savedPath;
    expect(outcome).toEqual({ status: 'refused', reason: expect.stringMatching(/^javac is not on PATH: install a JDK \(`apt-get install openjdk-17-jdk-headless`/) });
    expect(checker.version).toBe('unavailable');
  });
});
