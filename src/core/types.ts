/** Shared fact types: what the syntax says, never interpretations. */

export const LANGUAGES = [
  'typescript',
  'tsx',
  'javascript',
  'python',
  'go',
  'rust',
  'java',
  'haskell',
  'c',
  'cpp',
] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFINITION_KINDS = [
  'function',
  'method',
  'class',
  'interface',
  'type_alias',
  'enum',
  'enum_member',
  'variable',
  'constant',
  'property',
  'module',
  // Haskell
  'data_type',
  'constructor',
  'type_class',
  'type_family',
  'instance',
] as const;
export type DefinitionKind = (typeof DEFINITION_KINDS)[number];

/**
 * The syntactic role of the site where an identifier names a symbol.
 * The scout ranks sites by these, so they must be right per language.
 */
export const USAGE_ROLES = [
  'import', // import statement / use declaration
  'export', // export clause, re-export, export list
  'type_parameter', // type annotation of a parameter
  'type_property', // type annotation of a property / field
  'type_return', // return type annotation
  'type_reference', // any other type position (variable annotation, generic argument, alias body)
  'call', // callee of a call
  'instantiation', // `new X()`, struct/composite literal type
  'extends', // class/interface inheritance
  'implements', // implements clause, trait impl, type class instance
  'member_access', // `a.b`, `A::b`, qualified access
  'case_pattern', // switch case / match arm / pattern
  'comparison', // operand of ==, ===, !=, !==, is
  'object_key', // object literal key, Record / map key type, mapped type key
  'assignment', // target of an assignment, or the whole value assigned
  'other',
] as const;
export type UsageRole = (typeof USAGE_ROLES)[number];

/** A span with 1-based lines and 0-based UTF-16 columns (see core/positions). */
export interface Span {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export interface Definition {
  name: string;
  /** Dotted path through enclosing definitions, e.g. `Router.route`. */
  qualifiedName: string;
  kind: DefinitionKind;
  span: Span;
  /** Span of the name identifier. */
  nameSpan: Span;
  signature: string;
  docstring: string | null;
  isExported: boolean;
  decorators: string[];
  /** Qualified name of the enclosing definition, or null at top level. */
  parent: string | null;
  complexity: Complexity | null;
}

export interface Complexity {
  cyclomatic: number;
  cognitive: number;
  maxNesting: number;
  lines: number;
}

export interface ImportFact {
  /** Imported name (`*` for a namespace / wildcard import, `default` for a default import). */
  name: string;
  /** Local alias when it differs from the name. */
  alias: string | null;
  /** Module specifier as written. */
  module: string;
  line: number;
}

export interface ExportFact {
  /** Local name being exported. */
  name: string;
  /** Exported-as name when it differs. */
  alias: string | null;
  /** Source module for re-exports, else null. */
  module: string | null;
  line: number;
}

export interface Usage {
  name: string;
  role: UsageRole;
  span: Span;
  /** Qualified name of the enclosing definition, or null at top level. */
  enclosing: string | null;
}

export type CallResolution = 'local' | 'import' | 'name';

export interface CallFact {
  /** Qualified name of the enclosing definition, or null for top-level code. */
  caller: string | null;
  callee: string;
  /** For receiver calls `a.b()`, the receiver text (`a`), else null. */
  receiver: string | null;
  line: number;
  column: number;
  /** 'local': defined in this file; 'import': through an import (see module); 'name': unresolved, by name only. */
  resolution: CallResolution;
  /** Module the callee was imported from, when resolution is 'import'. */
  module: string | null;
}

export interface Chunk {
  /** Qualified name of the definition, or null for leftover top-level code. */
  symbol: string | null;
  kind: DefinitionKind | 'file';
  startLine: number;
  endLine: number;
  text: string;
  /** Search fields, pre-tokenized (see core/code-tokens): computed where parsing runs, in workers. */
  tokens: { name: string; signature: string; docstring: string; body: string };
}

export interface FileFacts {
  language: Language;
  definitions: Definition[];
  imports: ImportFact[];
  exports: ExportFact[];
  usages: Usage[];
  calls: CallFact[];
  chunks: Chunk[];
  /** Number of ERROR/MISSING nodes: facts come from the parts that parse. */
  syntaxErrors: number;
}
