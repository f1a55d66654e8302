/**
 * What a language contributes to fact extraction. The generic engine (extract.ts)
 * runs the language's query file (queries/<lang>.scm) and calls these hooks.
 *
 * Capture conventions in a query file:
 *   @definition.<kind> + @name      a definition node and its name node (kind: see DEFINITION_KINDS)
 *   @import.module [@import.name] [@import.alias] [@import.default]
 *                                   one imported binding; no @import.name means the module itself ('*');
 *                                   @import.default marks a default import (name 'default', alias = local name)
 *   @export.name [@export.alias] [@export.module]
 *                                   one exported binding (export clause / export list); with a module it is a re-export
 *   @export.all + @export.module    `export * from 'm'`
 *   @call + @call.name [@call.receiver]
 *                                   a call site; @call.name is the callee's (last) identifier
 *   @reference                      an identifier occurrence that may name a symbol (role via classifyUsage)
 *   @complexity.branch              if/loop/catch/ternary/guard: +1 cyclomatic, +1+nesting cognitive, nests
 *   @complexity.switch              switch/match: +1+nesting cognitive, nests (cases add cyclomatic)
 *   @complexity.case                a case / match arm: +1 cyclomatic
 *   @complexity.logical             a binary && / || / and / or: +1 cyclomatic, +1 cognitive
 *   @complexity.else                an else / elif branch: +1 cognitive
 *
 * Pattern order matters for definitions: when two patterns capture the same node,
 * the one written first wins.
 */
import type { Node } from 'web-tree-sitter';
import type { DefinitionKind, Language, UsageRole } from '../core/types.js';

export interface FileContext {
  source: string;
  root: Node;
  /** Names listed in local export clauses (`export { a, b }`, Haskell export lists). */
  exportedNames: Set<string>;
  /** True when the file has an explicit export list that defines visibility (Haskell module header, Python __all__). */
  hasExportList: boolean;
}

export interface DefinitionCandidate {
  node: Node;
  nameNode: Node;
  name: string;
  kind: DefinitionKind;
  /** Kind of the enclosing definition, null at top level. */
  parentKind: DefinitionKind | null;
}

export interface LanguageSpec {
  language: Language;
  /** The npm package the grammar comes from, and its wasm file's name in assets/grammars/ (see the README there). */
  grammar: { package: string; wasm: string };
  /**
   * Query file name under parse/queries, or several, read in order as one query (C and C++ each read their
   * own file, then the patterns their grammars share: tree-sitter-cpp extends tree-sitter-c).
   */
  queryFile: string | readonly string[];
  /** Role of the site where `node` (an @reference capture) occurs. */
  classifyUsage(node: Node): UsageRole;
  isExported(def: DefinitionCandidate, file: FileContext): boolean;
  /** The literal text of the doc comment / docstring, comment markers stripped; null when none. */
  docstring(def: DefinitionCandidate, file: FileContext): string | null;
  /** Decorator / annotation names, without `@` and arguments. */
  decorators(def: DefinitionCandidate, file: FileContext): string[];
  /**
   * Optional: the container a definition belongs to when syntax does not nest it
   * (Go methods live outside their receiver type): `Router` makes `Route` → `Router.Route`.
   */
  container?(def: DefinitionCandidate, file: FileContext): string | null;
  /**
   * Optional: the last node of a definition written as several sibling nodes (Haskell
   * function clauses). The definition's span, enclosing range and complexity then run
   * from its node to this one.
   */
  lastNode?(def: DefinitionCandidate, file: FileContext): Node | null;
  /** Optional override of the default signature (text up to the body). */
  signature?(def: DefinitionCandidate, file: FileContext): string;
  /**
   * Which segment of a module path a plain whole-module import binds locally:
   * 'last' (default: Go `"net/http"` binds `http`) or 'first' (Python `import os.path` binds `os`).
   */
  moduleBinding?: 'first' | 'last';
  /** Optional: collect extra file-level facts before definitions are processed (e.g. Python __all__). */
  prepareFile?(file: FileContext): void;
  /**
   * Optional: the text the grammar parses, when it must not see something the source has (C++ export macros
   * between `class` and the name). Same length and lines as the source, so every offset and position holds.
   */
  parsedText?(source: string): string;
}
