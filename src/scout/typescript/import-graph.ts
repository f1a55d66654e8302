/**
 * Which files can see a change: the reverse import graph of a program's project files. A file that
 * cannot reach the edited file through imports cannot gain an error from it (global and module
 * augmentations aside), so only the edited file and its dependents are checked. Script files (no import
 * or export) see globals and are always included.
 */
import path from 'node:path';
import ts from 'typescript';
import type { TsProject } from './project.js';

export interface ImportGraph {
  /** Absolute file -> files that import it directly. */
  importers: Map<string, Set<string>>;
  /** Project files that are scripts, not modules. */
  scripts: string[];
}

/** Module specifiers a file mentions: import / export declarations, `import x = require()`, import types, `import()`. */
export function moduleSpecifiers(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      out.push(node.moduleReference.expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

export function buildImportGraph(project: TsProject, program: ts.Program): ImportGraph {
  const cache = ts.createModuleResolutionCache(project.root, (s) => s, project.options);
  const importers = new Map<string, Set<string>>();
  const scripts: string[] = [];
  for (const sf of program.getSourceFiles()) {
    if (!project.isProjectFile(sf.fileName)) continue;
    const from = path.resolve(sf.fileName);
    if (!ts.isExternalModule(sf)) scripts.push(from);
    for (const spec of moduleSpecifiers(sf)) {
      const resolved = ts.resolveModuleName(spec, sf.fileName, project.options, project.host, cache).resolvedModule;
      if (!resolved) continue;
      const to = path.resolve(resolved.resolvedFileName);
      let set = importers.get(to);
      if (!set) importers.set(to, (set = new Set()));
      set.add(from);
    }
  }
  return { importers, scripts };
}

/** `file` and every project file that imports it, directly or not, plus the script files; in `files` order. */
export function dependentsOf(graph: ImportGraph, file: string, files: readonly string[]): string[] {
  const start = path.resolve(file);
  const seen = new Set([start]);
  const stack = [start];
  for (let f = stack.pop(); f !== undefined; f = stack.pop()) {
    for (const g of graph.importers.get(f) ?? []) {
      if (!seen.has(g)) {
        seen.add(g);
        stack.push(g);
      }
    }
  }
  for (const s of graph.scripts) seen.add(s);
  return files.filter((f) => seen.has(path.resolve(f)));
}
