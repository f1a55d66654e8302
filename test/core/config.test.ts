import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, mergeConfig } from '../../src/core/config.js';
import { ScoutError } from '../../src/core/errors.js';

describe('config', () => {
  it('fills every option from the defaults', () => {
    expect(mergeConfig({})).toEqual(DEFAULT_CONFIG);
    const merged = mergeConfig({ index: { maxFileBytes: 10 }, freshness: { maxIncrementalFiles: 3 } });
    expect(merged.index.maxFileBytes).toBe(10);
    expect(merged.index.defaultExcludes).toEqual(DEFAULT_CONFIG.index.defaultExcludes);
    expect(merged.freshness.maxIncrementalFiles).toBe(3);
  });

  it('rejects unknown keys and wrong types with a message naming the key', () => {
    const cases: Array<[unknown, RegExp]> = [
      [[], /must be a JSON object/],
      [{ search: {} }, /unknown section "search"/],
      [{ index: { maxFilesize: 1 } }, /unknown option "index.maxFilesize"; known: maxFileBytes/],
      [{ index: { maxFileBytes: -1 } }, /"index.maxFileBytes" must be a non-negative number/],
      [{ index: { exclude: 'dist' } }, /"index.exclude" must be an array of strings/],
      [{ index: { workers: 'many' } }, /"index.workers" must be "auto" or a whole number/],
      [{ index: 3 }, /"index" must be an object/],
    ];
    for (const [raw, message] of cases) {
      expect(() => mergeConfig(raw)).toThrow(ScoutError);
      expect(() => mergeConfig(raw)).toThrow(message);
    }
  });
});
