/** Helpers for per-language fact tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractFacts } from '../../src/parse/extract.js';
import type { FileFacts, Language, UsageRole } from '../../src/core/types.js';

export const FIXTURES = path.resolve(__dirname, '..', 'fixtures');

export async function factsOf(language: Language, fixtureFile: string): Promise<FileFacts> {
  return extractFacts(language, readFileSync(path.join(FIXTURES, fixtureFile), 'utf8'));
}

/** Roles of every usage of `name` on 1-based `line`, in column order. */
export function rolesAt(facts: FileFacts, name: string, line: number): UsageRole[] {
  return facts.usages.filter((u) => u.name === name && u.span.startLine === line).map((u) => u.role);
}

/** Line (1-based) of the first line of `source` containing `needle`; throws when absent so tests fail loudly. */
export function lineOf(facts: FileFacts, source: string, needle: string): number {
  const index = source.split('\n').findIndex((l) => l.includes(needle));
  if (index < 0) throw new Error(`fixture has no line containing ${JSON.stringify(needle)}`);
  void facts;
  return index + 1;
}
