/**
 * The edit list for "add a variant", end to end on a fixture repository (real index, real language servers,
 * real checkers): places that list the members and compile after the change (an untyped map, a parallel
 * list of values, a parametrized test, an if/elif chain, a class mirroring the names) come right after the
 * verified breaks, rated by the one risk rule.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config.js';
import type { Pointer, ScoutAnswer } from '../../../src/scout/answer.js';
import { answerQuestion } from '../../../src/scout/ask.js';
import { RISK_RULE } from '../../../src/scout/risk.js';
import { Checkers } from '../../../src/scout/verify/checkers.js';
import { openExploredRepo, type ExploredRepo } from '../../helpers/explored-repo.js';

let repo: ExploredRepo;
const checkers = new Checkers();

async function ask(question: string): Promise<ScoutAnswer> {
  return (await answerQuestion(question, { root: repo.root, db: repo.store.database, lsp: repo.lsp, config: loadConfig(repo.root), checkers })).answer;
}

const at = (answer: ScoutAnswer, location: string): Pointer | undefined => answer.pointers.find((p) => p.location === location || `${p.location.split(':')[0]}:${p.also?.[0] ?? -1}` === location);

beforeAll(async () => {
  repo = await openExploredRepo(path.resolve(__dirname, '..', '..', 'fixtures', 'enumeration'), 'scout-enumeration-');
}, 120_000);
afterAll(async () => {
  checkers.dispose();
  await repo?.close();
});

describe('enumeration sites (TypeScript enum)', () => {
  let answer: ScoutAnswer;
  beforeAll(async () => {
    answer = await ask('what breaks if I add a variant to `Status`?');
  }, 120_000);

  it('lists every place that names all members without a default as high, saying to add the new member', () => {
    const map = at(answer, 'src/labels.ts:5');
    expect(map).toMatchObject({ risk: 'high', action: 'add the new member here', lists: { members: 3, of: 3, default: false } });
    expect(map?.what).toMatch(/^map listing all 3 members of `Status`, no default/);
    expect(map?.also).toEqual([6, 7, 8]); // its entries, and its closing line (where a new entry goes)
    const test = at(answer, 'test/status.test.ts:6');
    expect(test).toMatchObject({ risk: 'high', lists: { members: 3, of: 3 } });
    expect(test?.what).toMatch(/^parametrized test/);
    // The values of the members written out as a list: a mirror, listing all of them.
    expect(at(answer, 'src/parse.ts:18')).toMatchObject({ risk: 'high', lists: { members: 3, of: 3, mirrors: 'values' } });
  });

  it('a data file keyed by every value (a locale table) is a mirror to keep in step; one value alone in a data file is not a site', () => {
    expect(at(answer, 'locales/en.json:4')).toMatchObject({ risk: 'high', lists: { members: 3, of: 3, mirrors: 'values' } });
    expect(at(answer, 'locales/en.json:4')?.action).toBe('add the new member here (it mirrors the member list)');
    expect(answer.pointers.some((p) => p.location.startsWith('settings.json'))).toBe(false);
    // Its translation is a copy, edited by translators: one site, at the English table, naming the copy.
    expect(at(answer, 'locales/en.json:4')?.what).toMatch(/1 copy of this file lists them too, e\.g\. fr\.json/);
    expect(answer.pointers.some((p) => p.location.startsWith('locales/fr.json'))).toBe(false);
  });

  it('a switch over the values with a default and a partial set are medium, the partial one naming what it lacks', () => {
    expect(at(answer, 'src/parse.ts:6')).toMatchObject({ risk: 'medium', lists: { members: 3, of: 3, default: true } });
    const partial = at(answer, 'src/labels.ts:11');
    expect(partial).toMatchObject({ risk: 'medium', lists: { members: 2, of: 3 } });
    expect(partial?.what).toContain('(not `Published`)');
  });

  it('a comparison with one member is medium (a partial dispatch), listed after the enumerations', () => {
    const single = at(answer, 'src/labels.ts:14');
    expect(single).toMatchObject({ risk: 'medium', lists: { members: 1, of: 3 } });
    expect(single?.what).toMatch(/^comparison naming one member of `Status`/);
    const order = answer.pointers.map((p) => p.location);
    expect(order.indexOf('src/labels.ts:14')).toBeGreaterThan(order.indexOf('src/labels.ts:11'));
  });

  it('a documentation table listing the values is medium, after the code, saying to add the new member there; a changelog is history, not a list', () => {
    const doc = at(answer, 'docs/statuses.md:5');
    expect(doc).toMatchObject({ risk: 'medium', action: 'add the new member to this documentation', lists: { members: 3, of: 3 } });
    expect(doc?.what).toMatch(/^doc table listing all 3 members of `Status`/);
    const order = answer.pointers.map((p) => p.location);
    expect(order.indexOf('docs/statuses.md:5')).toBeGreaterThan(order.indexOf('src/labels.ts:11'));
    expect(answer.pointers.some((p) => p.location.startsWith('CHANGELOG.md'))).toBe(false);
  });

  it('states the risk rule and what it read; the declaration itself is not an enumeration site; the page fits 2,000 tokens', () => {
    expect(answer.meta.risk_rule).toBe(RISK_RULE);
    expect(answer.meta.enumeration).toMatchObject({ type: 'Status', members: 3, full_without_default: 4 });
    expect(answer.pointers.some((p) => p.lists && p.location.startsWith('src/status.ts'))).toBe(false);
    expect(JSON.stringify(answer).length / 4).toBeLessThanOrEqual(2000);
    expect(answer.summary).toMatch(/4 place\(s\) list every member of `Status` with no default/);
  });
});

describe('enumeration sites (Python Enum)', () => {
  let answer: ScoutAnswer;
  beforeAll(async () => {
    answer = await ask('what breaks if I add a variant to `Color`?');
  }, 120_000);

  it('a dict keyed by every member, a parametrized test and a class mirroring the names are high', () => {
    expect(at(answer, 'app/paint.py:4')).toMatchObject({ risk: 'high', lists: { members: 3, of: 3, default: false } });
    expect(at(answer, 'tests/test_color.py:7')?.what).toMatch(/^parametrized test listing all 3 members of `Color`/);
    expect(at(answer, 'app/paint.py:22')).toMatchObject({ risk: 'high', lists: { mirrors: 'names' } });
  });

  it('an enum whose values are auto(): a data file listing the names in quotes mirrors them', async () => {
    const finish = await ask('what breaks if I add a variant to `Finish`?');
    expect(at(finish, 'app/finishes.json:3')).toMatchObject({ risk: 'high', lists: { members: 3, of: 3 } });
  }, 120_000);

  it('an if/elif chain with an else is medium and says it has a default', () => {
    const chain = at(answer, 'app/paint.py:11');
    expect(chain).toMatchObject({ risk: 'medium', lists: { members: 2, of: 3, default: true } });
    expect(chain?.what).toMatch(/^if\/elif chain listing 2 of 3 members of `Color` \(not `GREEN`\), has a default/);
  });
});
