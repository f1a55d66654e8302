/**
 * Loads web-tree-sitter, grammars (the .wasm files shipped in the official grammar
 * packages) and compiled queries, once per process (or worker).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language as TsLanguage, Parser, Query } from 'web-tree-sitter';
import type { Language } from '../core/types.js';
import type { LanguageSpec } from './language-spec.js';
import { specFor } from './languages/index.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
/** Query files live next to this module (copied into dist/ by the build). */
export const QUERIES_DIR = path.join(here, 'queries');

export interface LoadedLanguage {
  spec: LanguageSpec;
  parser: Parser;
  query: Query;
}

let initialized: Promise<void> | null = null;
const loaded = new Map<Language, Promise<LoadedLanguage>>();

function init(): Promise<void> {
  initialized ??= Parser.init();
  return initialized;
}

function grammarPath(spec: LanguageSpec): string {
  const pkgJson = require.resolve(`${spec.grammar.package}/package.json`);
  return path.join(path.dirname(pkgJson), spec.grammar.wasm);
}

async function load(language: Language): Promise<LoadedLanguage> {
  await init();
  const spec = specFor(language);
  const grammar = await TsLanguage.load(grammarPath(spec));
  const parser = new Parser();
  parser.setLanguage(grammar);
  const querySource = readFileSync(path.join(QUERIES_DIR, spec.queryFile), 'utf8');
  let query: Query;
  try {
    query = new Query(grammar, querySource);
  } catch (error) {
    throw new Error(`query ${spec.queryFile} does not compile: ${(error as Error).message}`);
  }
  return { spec, parser, query };
}

export function loadLanguage(language: Language): Promise<LoadedLanguage> {
  let entry = loaded.get(language);
  if (!entry) {
    entry = load(language);
    loaded.set(language, entry);
  }
  return entry;
}
