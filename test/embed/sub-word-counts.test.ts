import { describe, expect, it } from 'vitest';
import { SubWordCounter } from '../../src/embed/sub-word-counts.js';

const counted = (counter: SubWordCounter): Array<[string, number, number]> => {
  const c = counter.counts();
  return c.ids.map((id) => [counter.texts[id] as string, c.tf[id] as number, c.boost[id] as number]);
};

describe('SubWordCounter', () => {
  it('counts kept sub-words in first-occurrence order with the largest boost', () => {
    const counter = new SubWordCounter((part) => part.length >= 2);
    counter.begin();
    counter.add('parseHttpHeader', 0.5);
    counter.add('header_x', 2.5);
    counter.add('parse', 0);
    expect(counted(counter)).toEqual([
      ['parse', 2, 0.5],
      ['http', 1, 0.5],
      ['header', 2, 2.5],
    ]);
  });

  it('starts each text from zero and keeps the numbers of sub-words seen before', () => {
    const counter = new SubWordCounter(() => true);
    counter.begin();
    counter.add('fooBar', 1);
    const firstIds = [...counter.counts().ids];
    counter.begin();
    counter.add('barFoo', 0);
    expect(counted(counter)).toEqual([
      ['bar', 1, 0],
      ['foo', 1, 0],
    ]);
    expect([...counter.counts().ids].sort()).toEqual(firstIds.sort());
    expect(counter.generation).toBe(0);
  });
});
