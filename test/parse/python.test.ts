import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileFacts } from '../../src/core/types.js';
import { formatFacts } from '../../src/parse/format-facts.js';
import { expectGolden } from '../helpers/golden.js';
import { factsOf, FIXTURES } from '../helpers/facts.js';

const GOLDEN = path.resolve(__dirname, '..', 'golden');
const FILES = ['__init__', 'kinds', 'router', 'util', 'broken'] as const;
type FixtureName = (typeof FILES)[number];

describe('Python facts', () => {
  const facts = new Map<FixtureName, FileFacts>();
  beforeAll(async () => {
    for (const name of FILES) facts.set(name, await factsOf('python', `python/llm/${name}.py`));
  });

  it('matches the golden facts', () => {
    for (const name of FILES) {
      const golden = name === '__init__' ? 'init' : name;
      expectGolden(path.join(GOLDEN, `python-${golden}.facts.txt`), formatFacts(facts.get(name)!));
    }
  });
});
void readFileSync;
void FIXTURES;
