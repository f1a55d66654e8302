/**
 * A site in a branch pyright never checks (a `sys.version_info` branch for another Python than the
 * project's), end to end: real index, real pyright for the exploration and the check. The live branch's
 * non-exhaustive match is a verified break; the dead branch's dispatch is not called "compiles": the answer
 * says it was not compiled, under which condition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config.js';
import { answerQuestion } from '../../../src/scout/ask.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { lineOf } from '../../helpers/checker-tests.js';
import { openExploredRepo, type ExploredRepo } from '../../helpers/explored-repo.js';

let repo: ExploredRepo;
let root: string;
let store: ExploredRepo['store'];
let lsp: ExploredRepo['lsp'];
const checkers = new Checkers();

const LEGACY = `import sys
from typing import assert_never

from app.color import Color

if sys.version_info < (3, 10):

    def label(c: Color) -> str:
        if c is Color.RED:
            return "red"
        elif c is Color.GREEN:
            return "green"
        else:
            assert_never(c)

else:

    def label(c: Color) -> str:
        match c:
            case Color.RED:
                return "red"
            case Color.GREEN:
                return "green"
`;

beforeAll(async () => {
  repo = await openExploredRepo({
    'pyrightconfig.json': '{ "pythonVersion": "3.12", "typeCheckingMode": "standard" }\n',
    'app/__init__.py': '',
    'app/color.py': 'from enum import Enum\n\n\nclass Color(Enum):\n    RED = "red"\n    GREEN = "green"\n',
    'app/legacy.py': LEGACY,
  }, 'scout-config-guard-py-');
  ({ root, store, lsp } = repo);
}, 120_000);
afterAll(async () => {
  checkers.dispose();
  await repo?.close();
});

describe('a version-guarded branch pyright does not check', () => {
  it('the live branch is a verified break; the dead one is "not verified: compiled only under …", never "compiles"', async () => {
    const { answer } = await answerQuestion('what breaks if I add a variant to `Color`?', { root, db: store.database, lsp, config: loadConfig(root), checkers });
    expect(answer.meta.verified_by).toMatchObject({ checker: 'pyright' });
    const live = lineOf(root, 'app/legacy.py', 'match c:');
    expect(answer.pointers.find((p) => p.verified && p.location.startsWith('app/legacy.py:') && Math.abs(Number(p.location.split(':')[1]) - live) <= 5)).toBeDefined();
    const deadFrom = lineOf(root, 'app/legacy.py', 'if c is Color.RED');
    const deadTo = lineOf(root, 'app/legacy.py', 'assert_never(c)');
    const dead = answer.pointers.filter((p) => p.location.startsWith('app/legacy.py:') && Number(p.location.split(':')[1]) >= deadFrom && Number(p.location.split(':')[1]) <= deadTo);
    expect(dead.length).toBeGreaterThan(0);
    for (const p of dead) {
      expect(p.verified).not.toBe(true);
      expect(p.what).not.toMatch(/compiles: pyright reports no error here/);
    }
    expect(dead.some((p) => /compiled only under `if sys\.version_info < \(3, 10\):`/.test(p.what))).toBe(true);
  }, 120_000);
});
