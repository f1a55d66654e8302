/**
 * Loads web-tree-sitter, grammars (the .wasm files of the official grammar packages, kept in
 * assets/grammars/) and compiled queries, once per process (or worker).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language as TsLanguage, type Node, Parser, Query } from 'web-tree-sitter';
import type { Language } from '../core/types.js';
import type { LanguageSpec } from './language-spec.js';
import { specFor } from './languages/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Query files live next to this module (copied into dist/ by the build). */
export const QUERIES_DIR = path.join(here, 'queries');
/**
 * Grammar .wasm files, in the package's assets/ (two levels up from src/parse and dist/parse alike): neither
 * a checkout nor an installed package needs the grammar packages, whose native install scripts Scout never uses.
 */
export const GRAMMARS_DIR = path.join(here, '..', '..', 'assets', 'grammars');

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
  return path.join(GRAMMARS_DIR, spec.grammar.wasm);
}

async function load(language: Language): Promise<LoadedLanguage> {
  await init();
  const spec = specFor(language);
  const grammar = await TsLanguage.load(grammarPath(spec));
  const parser = new Parser();
  parser.setLanguage(grammar);
  const queryFiles = typeof spec.queryFile === 'string' ? [spec.queryFile] : spec.queryFile;
  const querySource = queryFiles.map((file) => readFileSync(path.join(QUERIES_DIR, file), 'utf8')).join('\n');
  let query: Query;
  try {
    query = new Query(grammar, querySource);
  } catch (error) {
    throw new Error(`query ${queryFiles.join(' + ')} does not compile: ${(error as Error).message}`);
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
