/**
 * C end to end on test/fixtures/c (real index, real clangd, real clang as the checker): searching finds a
 * function by its name and by its doc comment, and "add a variant to `Color`" verifies the switch over Color
 * (clang's -Wswitch) and lists the palette table indexed by its enumerators (no compile error) as an enumeration
 * site. The same question about a C++ `enum class` declared in a namespace verifies the switch over it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config.js';
import { search } from '../../../src/search/engine.js';
import type { ScoutAnswer } from '../../../src/scout/answer.js';
import { answerQuestion } from '../../../src/scout/ask.js';
import { renderAnswer } from '../../../src/scout/render-answer.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { openExploredRepo, type ExploredRepo } from '../../helpers/explored-repo.js';

let repo: ExploredRepo;
const checkers = new Checkers();

beforeAll(async () => {
  repo = await openExploredRepo(path.resolve(__dirname, '..', '..', 'fixtures', 'c'), 'scout-c-');
}, 120_000);
afterAll(async () => {
  checkers.dispose();
  await repo?.close();
});

describe('a C tree in the index', () => {
  it('indexes .c files as C and headers as C++, without errors', () => {
    const files = repo.store.listFiles().map((f) => [f.path, f.language, f.syntaxErrors]);
    expect(files.sort()).toEqual([
      ['include/colors.h', 'cpp', 0],
      ['src/colors.c', 'c', 0],
      ['src/main.c', 'c', 0],
      ['src/render.c', 'c', 0],
      ['src/render.h', 'cpp', 0],
    ]);
  });

  it('search finds a function by its name and by a phrase of its doc comment', async () => {
    const byName = await search(repo.store.database, { query: 'draw_pixel', mode: 'definition' }, { root: repo.root });
    expect(byName.results.map((r) => r.file)).toEqual(expect.arrayContaining(['src/render.c', 'src/render.h']));
    expect(byName.results[0]).toMatchObject({ symbol: 'draw_pixel', kind: 'function' });
    const byDoc = await search(repo.store.database, { query: 'human-readable name of a color' }, { root: repo.root });
    expect(byDoc.results[0]).toMatchObject({ symbol: 'color_name', file: 'include/colors.h' });
  });
});

describe('what breaks if I add a variant to `Color`? (C, verified by clang)', () => {
  let answer: ScoutAnswer;
  beforeAll(async () => {
    answer = (await answerQuestion('what breaks if I add a variant to `Color`?', { root: repo.root, db: repo.store.database, lsp: repo.lsp, config: loadConfig(repo.root), checkers })).answer;
  }, 120_000);

  const at = (location: string) => answer.pointers.find((p) => p.location === location);

  it('verifies the switch over Color, and lists the table indexed by its enumerators as a full enumeration without a default', () => {
    const table = at('src/colors.c:7');
    expect(table).toMatchObject({ risk: 'high', action: 'add the new member here', lists: { members: 3, of: 3, default: false } });
    expect(table?.what).toMatch(/^map listing all 3 members of `Color`, no default/);
    // clang names the switch; its case arms (the enumeration site) ride along in `also`.
    const cases = at('src/colors.c:13');
    expect(cases).toMatchObject({ risk: 'high', verified: true, action: 'add a case for the new variant to this switch (or a `default` if the others may share one)' });
    expect(cases?.what).toMatch(/^verified by clang: -Wswitch enumeration value 'SCOUT_NEW_VARIANT' not handled in switch \(in color_name\)/);
    expect(cases?.also).toEqual(expect.arrayContaining([14]));
    // One member compared is a partial enumeration; the enum itself is where the variant goes.
    expect(at('src/main.c:8')).toMatchObject({ risk: 'medium' });
    expect(at('include/colors.h:14')?.action).toBe('add the new variant here');
  });

  it('answers from clangd, verified by clang on the units that include the header', () => {
    expect(answer.meta.verified_by).toMatchObject({ checker: 'clang', errors: 1, places: 1, checked_files: 3 });
    expect(renderAnswer(answer)).toMatch(/sources lsp \d+/);
    expect(answer.pointers.some((p) => p.location === 'src/render.c:6')).toBe(true); // a parameter typed with it, found through references
  });
});

describe('what breaks if I add a variant to `Kind`? (a C++ enum class in a namespace)', () => {
  let cpp: ExploredRepo;
  let answer: ScoutAnswer;
  beforeAll(async () => {
    cpp = await openExploredRepo(path.resolve(__dirname, '..', '..', 'fixtures', 'cpp'), 'scout-cpp-');
    answer = (await answerQuestion('what breaks if I add a variant to `Kind`?', { root: cpp.root, db: cpp.store.database, lsp: cpp.lsp, config: loadConfig(cpp.root), checkers })).answer;
  }, 120_000);
  afterAll(async () => {
    await cpp?.close();
  });

  it('verifies the switch naming all the members of `geo.Kind`, without a default, as high', () => {
    const cases = answer.pointers.find((p) => p.location === 'src/shape.cpp:14');
    expect(cases).toMatchObject({ risk: 'high', verified: true });
    expect(cases?.what).toMatch(/^verified by clang: -Wswitch .*\(in Shape::name\)/);
    expect(cases?.also).toEqual(expect.arrayContaining([15]));
  });
});
