#!/usr/bin/env node
// The oracle for "what breaks if I add a variant to X?": the TypeScript compiler itself.
// For every exported enum and exported string-literal union type alias of a project, add one variant in
// memory, type-check (strict, noEmit) and record the diagnostics that are new compared with the
// unmodified program. See README.md beside this file.
//
//   node bench/whatbreaks/oracle.mjs --corpus llm-router            # a corpus from corpora.mjs
//   node bench/whatbreaks/oracle.mjs --dir path/to/project [--name N] # any TypeScript project
//   options: --target NAME (only targets with this name), --limit N (first N targets), --no-cache, --json
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusHash, dependents, enclosingUnit, lineOf, loadProject, reverseImports, ts } from './project.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const cacheRoot = path.join(here, 'cache');
export const NEW_STRING = '__scout_new';
export const NEW_MEMBER = '__ScoutNew';
export const NEW_NUMBER = 987654;
const ORACLE_VERSION = 1; // bump when a target's result changes, to invalidate the cached results
const DISCOVERY_VERSION = 4; // bump when target discovery changes (cached in targets-v<N>.json)

function hasExport(node) {
  return (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
}

function stripParens(type) {
  while (ts.isParenthesizedTypeNode(type)) type = type.type;
  return type;
}

function isStringLiteralUnion(type) {
  type = stripParens(type);
  if (!ts.isUnionTypeNode(type)) return false;
  return type.types.every((t) => {
    t = stripParens(t);
    return ts.isLiteralTypeNode(t) && (ts.isStringLiteral(t.literal) || ts.isNoSubstitutionTemplateLiteral(t.literal));
  });
}

function unwrapExpression(e) {
  for (;;) {
    if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e) && /^Object\.freeze$/.test(e.expression.getText()) && e.arguments.length === 1) e = e.arguments[0];
    else return e;
  }
}

const isNumberLiteral = (e) => ts.isNumericLiteral(e) || (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(e.operand));

/**
 * For an alias derived from one const of the same file (`(typeof MODES)[keyof typeof MODES]`, `keyof typeof
 * CODES`, `(typeof KINDS)[number]`), the realistic way to add a variant: a new entry in that object or array
 * literal (`__scout_new: '__scout_new'`, or a number when every value is a number). Undefined otherwise.
 */
function constSource(sf, typeNode) {
  const names = new Set();
  const visit = (n) => {
    if (ts.isTypeQueryNode(n) && ts.isIdentifier(n.exprName)) names.add(n.exprName.text);
    ts.forEachChild(n, visit);
  };
  visit(typeNode);
  if (names.size !== 1) return undefined;
  const [name] = names;
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt) || !(stmt.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of stmt.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== name || !d.initializer) continue;
      const e = unwrapExpression(d.initializer);
      const close = e.end - 1;
      if (ts.isObjectLiteralExpression(e) && sf.text[close] === '}' && e.properties.every((p) => ts.isPropertyAssignment(p))) {
        const numeric = e.properties.length > 0 && e.properties.every((p) => isNumberLiteral(p.initializer));
        const sep = e.properties.length === 0 || e.properties.hasTrailingComma ? ' ' : ', ';
        return { name, edit: { pos: close, insert: `${sep}${NEW_STRING}: ${numeric ? NEW_NUMBER : `'${NEW_STRING}'`} ` } };
      }
      if (ts.isArrayLiteralExpression(e) && sf.text[close] === ']') {
        const numeric = e.elements.length > 0 && e.elements.every(isNumberLiteral);
        const sep = e.elements.length === 0 || e.elements.hasTrailingComma ? ' ' : ', ';
        return { name, edit: { pos: close, insert: `${sep}${numeric ? NEW_NUMBER : `'${NEW_STRING}'`} ` } };
      }
    }
  }
  return undefined;
}

/**
 * Exported enums and exported literal-union type aliases (no type parameters), declared at the top level of
 * the project's files, with the in-memory edit that adds a variant. Two kinds of alias:
 *  - written as a union of string literals: `export type Mode = 'a' | 'b'` (edit: `| '__scout_new'`);
 *  - any other alias whose type the checker resolves to a union of string / number literals
 *    (`keyof typeof MODES`, `(typeof KINDS)[number]`, `A | B` of literal unions); edit: `(T) | '__scout_new'`
 *    (a number literal when every member is a number); when the alias is derived from one const object or
 *    array literal of the same file, the variant is added there instead (see constSource).
 * The edits never add a line, so every line number stays valid. Names declared more than once are `ambiguous`.
 */
export function findTargets(project, program) {
  const checker = program.getTypeChecker();
  const targets = [];
  for (const file of project.rootNames) {
    const sf = program.getSourceFile(file);
    if (!sf || !project.isProjectFile(file)) continue;
    for (const stmt of sf.statements) {
      if (ts.isEnumDeclaration(stmt) && hasExport(stmt)) {
        const members = stmt.members;
        const isString = members.some((m) => m.initializer && (ts.isStringLiteral(m.initializer) || ts.isNoSubstitutionTemplateLiteral(m.initializer)));
        const value = isString ? `'${NEW_STRING}'` : String(NEW_NUMBER);
        const close = stmt.end - 1;
        if (sf.text[close] !== '}') continue;
        const sep = members.length === 0 || members.hasTrailingComma ? ' ' : ', ';
        targets.push({
          target: stmt.name.text,
          file: project.rel(file),
          line: lineOf(sf, stmt.name.getStart(sf)),
          kind: `${ts.getCombinedModifierFlags(stmt) & ts.ModifierFlags.Const ? 'const ' : ''}enum (${isString ? 'string' : 'numeric'})`,
          variants: members.length,
          edits: [{ pos: close, insert: `${sep}${NEW_MEMBER} = ${value} ` }],
        });
      } else if (ts.isTypeAliasDeclaration(stmt) && hasExport(stmt) && !stmt.typeParameters) {
        const base = { target: stmt.name.text, file: project.rel(file), line: lineOf(sf, stmt.name.getStart(sf)) };
        if (isStringLiteralUnion(stmt.type)) {
          targets.push({ ...base, kind: 'string-literal union', variants: stripParens(stmt.type).types.length, edits: [{ pos: stmt.type.end, insert: ` | '${NEW_STRING}'` }] });
          continue;
        }
        const type = checker.getTypeFromTypeNode(stmt.type);
        if (!type.isUnion() || type.types.length < 2) continue;
        const literal = ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral;
        if (!type.types.every((t) => (t.flags & literal) !== 0 && (t.flags & ts.TypeFlags.EnumLiteral) === 0)) continue;
        const numeric = type.types.every((t) => (t.flags & ts.TypeFlags.NumberLiteral) !== 0);
        const text = stmt.type.getText(sf).replace(/\s+/g, ' ');
        const source = constSource(sf, stmt.type);
        targets.push(source
          ? { ...base, kind: `derived literal union (${text.slice(0, 50)}; variant added to const ${source.name})`, variants: type.types.length, editedConst: source.name, edits: [source.edit] }
          : {
            ...base,
            kind: `derived ${numeric ? 'number' : 'string'}-literal union (${text.slice(0, 50)})`,
            variants: type.types.length,
            edits: [{ pos: stmt.type.getStart(sf), insert: '(' }, { pos: stmt.type.end, insert: `) | ${numeric ? NEW_NUMBER : `'${NEW_STRING}'`}` }],
          });
      }
    }
  }
  // Two aliases derived from the same const (`keyof typeof CODES`, `ValueOf<typeof CODES>`) get the same edit:
  // keep the first one only.
  const seenEdits = new Map();
  for (const t of targets) {
    const key = `${t.file}|${JSON.stringify(t.edits)}`;
    if (seenEdits.has(key)) t.sameEditAs = seenEdits.get(key);
    else seenEdits.set(key, t.target);
  }
  const counts = new Map();
  for (const t of targets) counts.set(t.target, (counts.get(t.target) ?? 0) + 1);
  for (const t of targets) t.ambiguous = counts.get(t.target) > 1;
  return targets;
}

/** The text of a file with a target's edits applied (the edits never add a line). */
export function applyEdits(text, edits) {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.pos - a.pos)) out = out.slice(0, e.pos) + e.insert + out.slice(e.pos);
  return out;
}

function diagnosticsOf(program, sf, withSyntax) {
  const ds = [...program.getSemanticDiagnostics(sf)];
  if (withSyntax) ds.push(...program.getSyntacticDiagnostics(sf));
  return ds.filter((d) => d.file && d.start !== undefined);
}

const keyOf = (d) => `${lineOf(d.file, d.start)}|${d.code}`;

function countKeys(diags) {
  const m = new Map();
  for (const d of diags) m.set(keyOf(d), (m.get(keyOf(d)) ?? 0) + 1);
  return m;
}

/** Stateful oracle over one project: the baseline program is built once; each target is one edited program. */
export class Oracle {
  constructor(dir) {
    const t0 = performance.now();
    this.project = loadProject(dir);
    this.base = this.project.createProgram();
    this.files = this.project.rootNames.filter((f) => this.project.isProjectFile(f));
    this.graph = reverseImports(this.project, this.base);
    this.baseline = new Map(); // absolute file -> Map(line|code -> count)
    this.baselineCount = 0;
    this.loadMs = Math.round(performance.now() - t0);
  }

  baselineOf(file) {
    let m = this.baseline.get(file);
    if (!m) {
      const sf = this.base.getSourceFile(file);
      const ds = diagnosticsOf(this.base, sf, true);
      this.baselineCount += ds.length;
      m = countKeys(ds);
      this.baseline.set(file, m);
    }
    return m;
  }

  targets() {
    return findTargets(this.project, this.base);
  }

  /** Add the variant to one target and return the new diagnostics (files that cannot see the target are not checked). */
  run(target) {
    const t0 = performance.now();
    const file = path.resolve(this.project.root, target.file);
    const text = this.base.getSourceFile(file).text;
    const edited = applyEdits(text, target.edits);
    const toCheck = dependents(this.graph, file, this.files);
    for (const f of toCheck) this.baselineOf(f); // baseline first, from the unmodified program
    const program = this.project.createProgram(new Map([[file, edited]]), this.base);
    const errorSites = [];
    for (const f of toCheck) {
      const sf = program.getSourceFile(f);
      const diags = diagnosticsOf(program, sf, f === file);
      const before = new Map(this.baselineOf(f));
      for (const d of diags) {
        const k = keyOf(d);
        const left = before.get(k) ?? 0;
        if (left > 0) {
          before.set(k, left - 1);
          continue;
        }
        const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
        errorSites.push({
          file: this.project.rel(f),
          line: line + 1,
          column: character + 1,
          code: d.code,
          message: ts.flattenDiagnosticMessageText(d.messageText, ' ').slice(0, 300),
          unit: enclosingUnit(d.file, d.start),
        });
      }
    }
    errorSites.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.code - b.code);
    return {
      target: target.target,
      file: target.file,
      line: target.line,
      kind: target.kind,
      variants: target.variants,
      ambiguous: target.ambiguous,
      edit: target.edits.map((e) => e.insert.trim()).join(' … '),
      filesChecked: toCheck.length,
      ms: Math.round(performance.now() - t0),
      errorSites,
    };
  }
}

const safe = (s) => s.replace(/[^A-Za-z0-9_.-]+/g, '_');

/**
 * The oracle's results for a corpus, from the cache when present (bench/whatbreaks/cache/<name>/<hash>/),
 * else computed (and cached target by target, so an interrupted run resumes).
 * Returns {corpus, dir, hash, files, lines, configSource, loadMs, baselineDiagnostics, targets:[...], results:[...]}.
 */
export function oracleFor(name, dir, { targetName, limit, useCache = true, log = () => {} } = {}) {
  const project = loadProject(dir);
  const hash = corpusHash(project);
  const cacheDir = path.join(cacheRoot, safe(name), `${hash}-v${ORACLE_VERSION}`);
  mkdirSync(cacheDir, { recursive: true });
  const summaryFile = path.join(cacheDir, `targets-v${DISCOVERY_VERSION}.json`);
  let summary = useCache && existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : undefined;
  let oracle;
  const getOracle = () => {
    if (!oracle) {
      log(`[oracle] ${name}: building the program (${project.rootNames.length} files) ...`);
      oracle = new Oracle(dir);
      log(`[oracle] ${name}: program built in ${oracle.loadMs} ms`);
    }
    return oracle;
  };
  if (!summary) {
    const o = getOracle();
    let lines = 0;
    for (const f of o.files) lines += o.base.getSourceFile(f).getLineStarts().length;
    summary = { corpus: name, dir: path.resolve(dir), hash, files: o.files.length, lines, configSource: o.project.configSource, loadMs: o.loadMs, targets: o.targets() };
    writeFileSync(summaryFile, `${JSON.stringify(summary, null, 1)}\n`);
  }
  const duplicates = summary.targets.filter((t) => t.sameEditAs).map((t) => ({ target: t.target, file: t.file, sameEditAs: t.sameEditAs }));
  let targets = summary.targets.filter((t) => !t.sameEditAs);
  if (targetName) targets = targets.filter((t) => t.target === targetName);
  if (limit !== undefined) targets = targets.slice(0, limit);
  const results = [];
  for (const [i, t] of targets.entries()) {
    const editHash = createHash('sha1').update(JSON.stringify(t.edits)).digest('hex').slice(0, 8);
    const file = path.join(cacheDir, `${safe(t.file)}__${safe(t.target)}__${editHash}.json`);
    let r = useCache && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    if (!r) {
      r = getOracle().run(t);
      writeFileSync(file, `${JSON.stringify(r, null, 1)}\n`);
      log(`[oracle] ${name} ${i + 1}/${targets.length} ${t.target} (${t.file}:${t.line}): ${r.errorSites.length} new errors, ${r.filesChecked} files checked, ${r.ms} ms`);
    }
    results.push(t.editedConst ? { ...r, editedConst: t.editedConst } : r);
  }
  if (oracle) {
    summary.baselineDiagnostics = oracle.baselineCount;
    summary.baselineFilesChecked = oracle.baseline.size;
  }
  return { ...summary, duplicates, results };
}

/** Graded set: targets whose variant produces >= 1 new error and whose name is not ambiguous. */
export function gradedSet(results) {
  const graded = results.filter((r) => r.errorSites.length > 0 && !r.ambiguous);
  return {
    graded,
    skippedNoErrors: results.filter((r) => r.errorSites.length === 0).length,
    skippedAmbiguous: results.filter((r) => r.errorSites.length > 0 && r.ambiguous).length,
  };
}

// --- CLI ------------------------------------------------------------------------------------------
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (n) => {
    const i = args.indexOf(n);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const { corpora } = await import('./corpora.mjs');
  let name = opt('--name');
  let dir = opt('--dir');
  const corpus = opt('--corpus') ?? (dir ? undefined : 'llm-router');
  if (corpus) {
    if (!corpora[corpus]) throw new Error(`unknown corpus ${corpus}; known: ${Object.keys(corpora).join(', ')}`);
    dir = corpora[corpus].prepare();
    name = corpus;
  }
  name ??= path.basename(path.resolve(dir));
  const limit = opt('--limit') !== undefined ? Number(opt('--limit')) : undefined;
  const out = oracleFor(name, dir, { targetName: opt('--target'), limit, useCache: !args.includes('--no-cache'), log: (s) => console.error(s) });
  if (args.includes('--json')) {
    console.log(JSON.stringify(out, null, 1));
  } else {
    const { graded, skippedNoErrors, skippedAmbiguous } = gradedSet(out.results);
    console.log(`${name}: ${out.files} files, ${out.lines} lines (${out.configSource}); ${out.results.length} targets: ${graded.length} graded (>= 1 new error), ${skippedNoErrors} with no error, ${skippedAmbiguous} ambiguous names; ${out.duplicates.length} aliases skipped (same edit as another target: ${out.duplicates.map((d) => `${d.target} = ${d.sameEditAs}`).join(', ') || 'none'})`);
    for (const r of out.results) {
      console.log(`  ${r.errorSites.length > 0 ? '*' : ' '} ${r.target} [${r.kind}${r.ambiguous ? ', ambiguous' : ''}] ${r.file}:${r.line}: ${r.errorSites.length} errors (${r.filesChecked} files checked, ${r.ms} ms)`);
      for (const e of r.errorSites.slice(0, 12)) console.log(`      ${e.file}:${e.line} TS${e.code} ${e.message.slice(0, 110)}${e.unit ? `  [in ${e.unit.name ?? e.unit.kind} ${e.unit.start}-${e.unit.end}]` : ''}`);
      if (r.errorSites.length > 12) console.log(`      ... ${r.errorSites.length - 12} more`);
    }
  }
}
