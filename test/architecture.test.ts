/**
 * The "Architecture invariant:" lines of ARCHITECTURE.md, checked from the sources' imports. Each test names
 * its invariant; a failure lists the offending files and imports.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, readSources, sqlStatements } from './helpers/import-graph.js';

const root = path.resolve(import.meta.dirname, '..');
const sources = readSources(root);

/** The layers of src/, bottom first: a folder imports only its own layer and those below it. */
const LAYERS = ['core', 'workspace', 'parse', 'index', 'embed', 'lsp', 'search', 'analysis', 'scout', 'mcp', 'cli'];
const layerOf = (file: string): number => LAYERS.indexOf(file.split('/')[1] ?? '');

const LANGUAGE_FOLDER = /^src\/scout\/(typescript|python|rust|haskell|java|go|clang)\//;
const languageOf = (file: string): string | null => LANGUAGE_FOLDER.exec(file)?.[1] ?? null;

/**
 * The rooms of src/scout, bottom first. model: data and pure rules every room reads; machinery: what the
 * languages' checkers share (shadow copy, pacing, the checker interface); languages; the registry; the engine
 * (loop, scorers, verify step, synthesis, rendering); the pipeline (ask) and its exports.
 */
const SCOUT_MODEL = new Set(
  [
    'answer', 'change-request', 'change-target', 'file-cache', 'intent', 'language', 'link', 'policy', 'query-analysis', 'risk', 'rubric',
    'seeded-question', 'site-facts', 'site-text', 'tags', 'scorers/scorer', 'verify/checker', 'enumeration/shapes',
  ].map((f) => `src/scout/${f}.ts`),
);
const SCOUT_PIPELINE = new Set(['ask', 'training-questions', 'training-format'].map((f) => `src/scout/${f}.ts`));
const VERIFY_ENGINE = new Set(['verify/verify', 'verify/merge', 'verify/checkers'].map((f) => `src/scout/${f}.ts`));
function scoutRoom(file: string): number {
  if (SCOUT_MODEL.has(file)) return 0;
  if (file.startsWith('src/scout/verify/') && !VERIFY_ENGINE.has(file)) return 1;
  if (languageOf(file)) return 2;
  if (file === 'src/scout/languages.ts') return 3;
  if (SCOUT_PIPELINE.has(file)) return 5;
  return 4;
}

const edges = sources.flatMap((f) => f.imports.filter((i) => i.startsWith('src/')).map((to) => ({ from: f.path, to })));

describe('architecture invariants (ARCHITECTURE.md)', () => {
  it('reads the invariants it checks from ARCHITECTURE.md', () => {
    const doc = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
    for (const line of [
      'imports point down the layers',
      'no import cycle in src',
      'no upward import inside src/scout',
      'the neutral core imports no language folder',
      'a language folder imports no other language folder',
      'SQL only in src/index',
    ]) {
      expect(doc).toContain(`Architecture invariant: ${line}`);
    }
  });

  it('imports point down the layers of src/', () => {
    const upward = edges.filter((e) => layerOf(e.to) > layerOf(e.from)).map((e) => `${e.from} → ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('no import cycle in src', () => {
    expect(findCycles(sources).map((c) => c.join(' → '))).toEqual([]);
  });

  it('no upward import inside src/scout', () => {
    const inside = edges.filter((e) => e.from.startsWith('src/scout/') && e.to.startsWith('src/scout/'));
    expect(inside.length).toBeGreaterThan(50); // the graph was read
    expect(inside.filter((e) => scoutRoom(e.to) > scoutRoom(e.from)).map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('the neutral core imports no language folder (only src/scout/languages.ts does)', () => {
    const offending = edges.filter((e) => languageOf(e.to) && !languageOf(e.from) && e.from !== 'src/scout/languages.ts');
    expect(offending.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
    expect(edges.some((e) => e.from === 'src/scout/languages.ts' && languageOf(e.to))).toBe(true);
  });

  it('a language folder imports no other language folder', () => {
    const crossing = edges.filter((e) => languageOf(e.from) && languageOf(e.to) && languageOf(e.from) !== languageOf(e.to));
    expect(crossing.map((e) => `${e.from} → ${e.to}`)).toEqual([]);
  });

  it('SQL only in src/index (and the vector store); only src/index/sqlite.ts loads the database driver', () => {
    const allowed = (file: string): boolean => file.startsWith('src/index/') || file === 'src/search/vector-store.ts';
    const sql = sources.filter((f) => !allowed(f.path)).flatMap((f) => sqlStatements(f.text).map((s) => `${f.path}: ${s.slice(0, 60)}`));
    expect(sql).toEqual([]);
    const driver = sources.filter((f) => f.path !== 'src/index/sqlite.ts' && /['"](node:sqlite|better-sqlite3)['"]/.test(f.text)).map((f) => f.path);
    expect(driver).toEqual([]);
    const driverHelpers = sources.filter((f) => !allowed(f.path) && /from\s+['"][^'"]*\/index\/sqlite\.js['"]/.test(f.text)).map((f) => f.path);
    expect(driverHelpers).toEqual([]);
    // The detector finds what it is meant to find.
    expect(sources.filter((f) => f.path.startsWith('src/index/')).flatMap((f) => sqlStatements(f.text)).length).toBeGreaterThan(20);
  });
});
