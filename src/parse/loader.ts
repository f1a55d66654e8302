/**
 * Loads web-tree-sitter, grammars (the .wasm files of the official grammar packages,
 * copied into dist/parse/grammars/ by the build) and compiled queries, once per process (or worker).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language as TsLanguage, type Node, Parser, Query } from 'web-tree-sitter';
import type { Language } from '../core/types.js';
import type { LanguageSpec } from './language-spec.js';
import { specFor } from './languages/index.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
/** Query files live next to this module (copied into dist/ by the build). */
export const QUERIES_DIR = path.join(here, 'queries');
/**
 * Grammar .wasm files copied next to this module by the build (scripts/copy-assets.mjs), so an
 * installed package needs no grammar package: those run native install scripts it never uses.
 */
export const GRAMMARS_DIR = path.join(here, 'grammars');

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
  const copied = path.join(GRAMMARS_DIR, spec.grammar.wasm);
  if (existsSync(copied)) return copied;
  // Running from src/ (tests): the grammar packages are development dependencies.
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

/** Parse `text` as `language`; the callback gets the root node, and the tree is freed after it returns. */
export async function withSyntaxTree<T>(language: Language, text: string, fn: (root: Node) => T): Promise<T> {
  const { parser } = await loadLanguage(language);
  const tree = parser.parse(text);
  if (!tree) throw new Error('tree-sitter could not parse the file');
  try {
    return fn(tree.rootNode);
  } finally {
    tree.delete();
  }
}
