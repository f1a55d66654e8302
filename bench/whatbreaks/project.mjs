// A TypeScript project loaded in memory with the compiler API (the `typescript` package Scout already
// depends on): files and options (from tsconfig.json when there is one, forced to strict + noEmit), a
// compiler host that shares parsed SourceFiles between programs (so a program with one file edited reuses
// everything else), module-import edges, and line helpers. Used by oracle.mjs and grade.mjs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export { ts };

const SKIP_DIRS = new Set(['node_modules', '.git', '.scout', 'dist', 'build', 'out', 'coverage']);

/** Every .ts / .tsx / .mts / .cts file under dir (absolute paths, sorted), skipping build and VCS folders. */
export function listSourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listSourceFiles(full, out);
    } else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) out.push(full);
  }
  return out;
}

const FORCED = { strict: true, noEmit: true, skipLibCheck: true };

/** Compiler options and root files: tsconfig.json when present (its files), else every source file under dir. */
export function loadConfig(dir) {
  const configPath = path.join(dir, 'tsconfig.json');
  if (existsSync(configPath)) {
    const parsed = ts.getParsedCommandLineOfConfigFile(configPath, FORCED, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    if (parsed && parsed.fileNames.length > 0) {
      return { options: { ...parsed.options, ...FORCED }, rootNames: parsed.fileNames.map((f) => path.resolve(f)).sort(), source: 'tsconfig.json' };
    }
  }
  const options = {
    ...FORCED,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    resolveJsonModule: true,
    jsx: ts.JsxEmit.Preserve,
  };
  return { options, rootNames: listSourceFiles(dir), source: 'defaults (no tsconfig.json)' };
}

/**
 * A project: `createProgram(overrides, oldProgram)` builds a program where `overrides` (Map absolute
 * file -> text) replaces some files; every other SourceFile object is shared, so the compiler reuses them.
 */
export function loadProject(dir) {
  const root = path.resolve(dir);
  const { options, rootNames, source } = loadConfig(root);
  const host = ts.createCompilerHost(options, true);
  const baseGetSourceFile = host.getSourceFile.bind(host);
  const cache = new Map();
  let overrides = new Map();
  host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
    const norm = path.resolve(fileName);
    const text = overrides.get(norm);
    if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersionOrOptions, true);
    let sf = cache.get(norm);
    if (!sf) {
      sf = baseGetSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      if (sf) cache.set(norm, sf);
    }
    return sf;
  };
  const project = {
    root,
    options,
    rootNames,
    configSource: source,
    host,
    rel: (file) => path.relative(root, path.resolve(file)).split(path.sep).join('/'),
    /** True for files of the project itself (not lib files, not node_modules). */
    isProjectFile: (file) => {
      const r = path.relative(root, path.resolve(file));
      return !r.startsWith('..') && !path.isAbsolute(r) && !r.split(path.sep).includes('node_modules') && !file.endsWith('.d.ts');
    },
    createProgram(overrideMap = new Map(), oldProgram = undefined) {
      overrides = overrideMap;
      try {
        return ts.createProgram({ rootNames, options, host, oldProgram });
      } finally {
        overrides = new Map();
      }
    },
  };
  return project;
}

/** sha1 (first 12 hex) of every root file's relative path and content: the corpus version in cache keys. */
export function corpusHash(project) {
  const h = createHash('sha1');
  h.update(JSON.stringify(project.options, Object.keys(project.options).sort()));
  for (const f of project.rootNames) {
    h.update(project.rel(f));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 12);
}

/** Module specifiers a source file mentions (import/export declarations, import = require, import types, import()). */
export function moduleSpecifiers(sf) {
  const out = [];
  const visit = (node) => {
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

/**
 * Reverse import graph over the project's files: Map absolute file -> Set of files that import it directly.
 * Files that are scripts (no import/export) see globals, so they are returned separately.
 */
export function reverseImports(project, program) {
  const cache = ts.createModuleResolutionCache(project.root, (s) => s, project.options);
  const reverse = new Map();
  const scripts = [];
  for (const sf of program.getSourceFiles()) {
    if (!project.isProjectFile(sf.fileName)) continue;
    const from = path.resolve(sf.fileName);
    if (!ts.isExternalModule(sf)) scripts.push(from);
    for (const spec of moduleSpecifiers(sf)) {
      const r = ts.resolveModuleName(spec, sf.fileName, project.options, project.host, cache).resolvedModule;
      if (!r) continue;
      const to = path.resolve(r.resolvedFileName);
      if (!reverse.has(to)) reverse.set(to, new Set());
      reverse.get(to).add(from);
    }
  }
  return { reverse, scripts };
}

/** The file and every project file that imports it, directly or not (plus script files, which see globals). */
export function dependents(graph, file, allFiles) {
  const sf = path.resolve(file);
  const seen = new Set([sf]);
  const stack = [sf];
  while (stack.length) {
    const f = stack.pop();
    for (const g of graph.reverse.get(f) ?? []) if (!seen.has(g)) { seen.add(g); stack.push(g); }
  }
  for (const s of graph.scripts) seen.add(s);
  return allFiles.filter((f) => seen.has(path.resolve(f)));
}

export function lineOf(sf, pos) {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.FunctionExpression, ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration, ts.SyntaxKind.Constructor, ts.SyntaxKind.GetAccessor, ts.SyntaxKind.SetAccessor,
]);

/**
 * The unit enclosing a position, for grading: the innermost function-like node or class field around it;
 * outside those, the top-level statement that holds it (a `const X: Record<K, V> = {...}`, a type alias),
 * except a class, which is too large to count as one place. Returns {kind, name, start, end} (1-based
 * lines) or undefined.
 */
export function enclosingUnit(sf, pos) {
  let inner;
  let top;
  const visit = (node) => {
    if (pos < node.getStart(sf) || pos >= node.end) return;
    if (node.parent === sf) top = node;
    if (FUNCTION_KINDS.has(node.kind) || ts.isPropertyDeclaration(node)) inner = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sf, visit);
  const unit = inner ?? (top && !ts.isClassDeclaration(top) ? top : undefined);
  if (!unit) return undefined;
  const name = unit.name && ts.isIdentifier(unit.name) ? unit.name.text
    : ts.isVariableStatement(unit) ? unit.declarationList.declarations.map((d) => d.name.getText(sf)).join(', ')
    : inner && unit.parent && (ts.isVariableDeclaration(unit.parent) || ts.isPropertyAssignment(unit.parent)) ? unit.parent.name.getText(sf)
    : undefined;
  return { kind: ts.SyntaxKind[unit.kind], name, start: lineOf(sf, unit.getStart(sf)), end: lineOf(sf, unit.end) };
}

/** A LanguageService over the project (unmodified files), for the naive "all references" baseline. */
export function createLanguageService(project) {
  const host = {
    getScriptFileNames: () => project.rootNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f) ?? '') : undefined),
    getCurrentDirectory: () => project.root,
    getCompilationSettings: () => project.options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}
