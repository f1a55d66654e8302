import { describe, expect, it } from 'vitest';
import { contentHash, LruCache } from '../../src/embed/cache.js';

describe('LruCache', () => {
  it('evicts the least recently used entry beyond capacity', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3); // evicts b
    expect(lru.has('b')).toBe(false);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.keys()).toEqual(['a', 'c']);
    lru.set('d', 4); // evicts a
    expect(lru.keys()).toEqual(['c', 'd']);
    expect(lru.size).toBe(2);
  });

  it('replacing a value refreshes it and does not grow the cache', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(lru.keys()).toEqual(['a', 'c']);
    expect(lru.get('a')).toBe(10);
  });

  it('rejects a capacity below one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});

describe('contentHash', () => {
  it('is the sha1 of the text, stable and sensitive to any change', () => {
    expect(contentHash('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(contentHash('abc ')).not.toBe(contentHash('abc'));
  });
});
