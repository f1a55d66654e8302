/** A second type of the same name elsewhere in the tree is another target: never a list to extend (real index). */
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../../src/index/indexer.js';
import { SqliteStore } from '../../../src/index/store.js';
import { sitesIn } from '../../../src/scout/enumeration/enumeration-sites.js';
import { otherDeclarationsOf } from '../../../src/scout/enumeration/other-targets.js';
import { readPythonMembers } from '../../../src/scout/python/members.js';
import { tempRepo, type TempRepo } from '../../helpers/temp-repo.js';

let repo: TempRepo | undefined;
let store: SqliteStore | undefined;
afterEach(() => {
  store?.close();
  repo?.cleanup();
});

const COLOR = 'from enum import Enum\n\n\nclass Color(Enum):\n    RED = "red"\n    GREEN = "green"\n    BLUE = "blue"\n';
const PAINT = 'from app.color import Color\n\nHEX = {\n    Color.RED: "#f00",\n    Color.GREEN: "#0f0",\n    Color.BLUE: "#00f",\n}\n';
const LEGACY = 'from enum import IntEnum\n\n\nclass Color(IntEnum):\n    RED = 1\n    GREEN = 2\n    BLUE = 3\n\n\nNAMES = {\n    Color.RED: "r",\n    Color.GREEN: "g",\n    Color.BLUE: "b",\n}\n';

describe('same-named types elsewhere', () => {
  it("the other Color's declaration and its own Color.RED map are left out; the question's map stays", async () => {
    repo = tempRepo();
    repo.write('app/__init__.py', '');
    repo.write('app/color.py', COLOR);
    repo.write('app/paint.py', PAINT);
    repo.write('legacy/color.py', LEGACY);
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    const set = readPythonMembers(COLOR, 'app/color.py', 4, 'Color');
    expect(set).not.toBeNull();
    if (!set) return;
    const others = otherDeclarationsOf(store.database, set);
    expect(others.count).toBe(1);
    expect(others.byFile.get('legacy/color.py')).toEqual([[4, 7]]);
    // Without knowing of the other Color, its declaration mirrors the names and its map lists "every member".
    expect(sitesIn('legacy/color.py', LEGACY, set).map((s) => s.lines[0])).toEqual([5, 11]);
    expect(sitesIn('legacy/color.py', LEGACY, set, undefined, others)).toEqual([]);
    expect(sitesIn('app/paint.py', PAINT, set, undefined, others)).toMatchObject([{ lines: [4, 5, 6], listed: 3, risk: 'high' }]);
  });
});
