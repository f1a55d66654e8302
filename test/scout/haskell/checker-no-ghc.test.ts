/**
 * The Haskell checker without GHC on PATH: a refusal that says to install it (the answer falls back to the
 * exploration with that note). Its own file: the checker asks for GHC's version once per process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HaskellChecker } from '../../../src/scout/haskell/checker.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'scout-verify-hs-noghc-'));
const savedPath = process.env.PATH;
afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(tmp, { recursive: true, force: true });
});

describe('Haskell checker without ghc', () => {
  it('refuses, saying to install GHC', async () => {
    writeFileSync(path.join(tmp, 'Main.hs'), 'data Color = Red | Green\n\nmain :: IO ()\nmain = pure ()\n');
    process.env.PATH = path.join(tmp, 'no-such-bin');
    const checker = new HaskellChecker({ cacheDir: path.join(tmp, 'cache') });
    const outcome = await checker.addVariant({ root: tmp, declaration: { name: 'Color', file: 'Main.hs', line: 1 }, deadline: performance.now() + 30_000 });
    process.env.PATH = savedPath;
    expect(outcome).toEqual({ status: 'refused', reason: expect.stringMatching(/^ghc is not on PATH: install GHC \(`apt-get install ghc`/) });
    expect(checker.version).toBe('unavailable');
  });
});
