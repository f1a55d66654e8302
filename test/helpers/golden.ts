/**
 * Golden-file comparison: set UPDATE_GOLDEN=1 to (re)write the golden file, then
 * read the diff before committing: the golden file documents what we extract.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

export function expectGolden(goldenPath: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(goldenPath)) {
    mkdirSync(path.dirname(goldenPath), { recursive: true });
    writeFileSync(goldenPath, actual);
    if (process.env.UPDATE_GOLDEN !== '1') throw new Error(`golden file ${goldenPath} was missing and has been written; review it and re-run`);
    return;
  }
  expect(actual).toBe(readFileSync(goldenPath, 'utf8'));
}
