// Matching pointers to error sites, and the naive "all references" answer: shared by grade.mjs and
// ../whatbreaks-random/run.mjs (see README.md beside this file for the rules).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { enclosingUnit, ts } from './project.mjs';

const LINE_SLACK = 2;
// --- matching --------------------------------------------------------------------------------------
/** Parsed project files, for the enclosing unit of an error site (computed here so the rule lives in one place). */
export function unitFinder(dir) {
  const cache = new Map();
  return (site) => {
    let sf = cache.get(site.file);
    if (!sf) {
      const full = path.join(dir, site.file);
      sf = ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
      cache.set(site.file, sf);
    }
    const lineStarts = sf.getLineStarts();
    const pos = Math.min(sf.text.length, (lineStarts[site.line - 1] ?? 0) + site.column - 1);
    return enclosingUnit(sf, pos);
  };
}

/** "src/a.ts:12" or "src/a.ts:12:5" (or absolute, or ./-prefixed) -> {file, line} relative to dir. */
export function parseLocation(location, dir) {
  const m = /^(.*?):(\d+)(?::\d+)?$/.exec(String(location ?? '').trim());
  if (!m) return undefined;
  let file = m[1].replace(/\\/g, '/');
  if (path.isAbsolute(file)) file = path.relative(dir, file).split(path.sep).join('/');
  file = file.replace(/^\.\//, '');
  return { file, line: Number(m[2]) };
}

/**
 * A pointer matches an error site when it names the same file and one of its lines (location or `also`) is within
 * ±2 lines of the error or lies inside the error's enclosing unit (innermost function / method / arrow / class field;
 * outside functions, the top-level statement such as `const X: Record<K, V> = {...}`; never a whole class).
 * Sites are distinct (file, line) pairs. Returns recall (all pointers, high-risk pointers, and by ±2 lines only)
 * and high-risk precision.
 */
export function grade(sites, pointers) {
  // A pointer names its line and, grouped under it, the other lines of the same place (`also`).
  const linesOf = (p) => [p.line, ...(p.also ?? [])];
  const matches = (p, s) => p.file === s.file && linesOf(p).some((line) => Math.abs(line - s.line) <= LINE_SLACK || (s.unit && line >= s.unit.start && line <= s.unit.end));
  const strict = (p, s) => p.file === s.file && linesOf(p).some((line) => Math.abs(line - s.line) <= LINE_SLACK);
  const high = pointers.filter((p) => p.risk === 'high');
  const hit = (ps, rule) => sites.filter((s) => ps.some((p) => rule(p, s))).length;
  const highMatched = high.filter((p) => sites.some((s) => matches(p, s))).length;
  return {
    sites: sites.length,
    pointers: pointers.length,
    high: high.length,
    recall: sites.length ? hit(pointers, matches) / sites.length : NaN,
    recallHigh: sites.length ? hit(high, matches) / sites.length : NaN,
    recallStrict: sites.length ? hit(pointers, strict) / sites.length : NaN,
    highPrecision: high.length ? highMatched / high.length : NaN,
    missed: sites.filter((s) => !pointers.some((p) => matches(p, s))).map((s) => `${s.file}:${s.line}`),
  };
}

/** Distinct (file, line) error sites of one oracle result, with their enclosing unit. */
export function sitesOf(result, unitOf) {
  const seen = new Map();
  for (const e of result.errorSites) {
    const k = `${e.file}:${e.line}`;
    if (!seen.has(k)) seen.set(k, { file: e.file, line: e.line, codes: [], unit: unitOf(e) });
    seen.get(k).codes.push(e.code);
  }
  return [...seen.values()];
}

// --- the naive baseline: all references --------------------------------------------------------------
export function declarationPosition(sf, target, line) {
  for (const stmt of sf.statements) {
    if ((ts.isEnumDeclaration(stmt) || ts.isTypeAliasDeclaration(stmt)) && stmt.name.text === target) {
      const start = stmt.name.getStart(sf);
      if (sf.getLineAndCharacterOfPosition(start).line + 1 === line) return start;
    }
  }
  // `Owner.prop`: the property's name on that line.
  const want = target.split('.').pop();
  let found;
  const visit = (n) => {
    if (found !== undefined) return;
    if (n.name && ts.isIdentifier(n.name) && n.name.text === want && sf.getLineAndCharacterOfPosition(n.name.getStart(sf)).line + 1 === line) found = n.name.getStart(sf);
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

export function constPosition(sf, name) {
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const d of stmt.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) return d.name.getStart(sf);
  }
  return undefined;
}

export function naiveAnswer(project, service, result) {
  const t0 = performance.now();
  const file = path.join(project.root, result.file);
  const program = service.getProgram();
  const sf = program.getSourceFile(file);
  // The references of the target, and of the const it is derived from when the variant goes there.
  const positions = [declarationPosition(sf, result.target, result.line), result.editedConst && constPosition(sf, result.editedConst)];
  const refs = positions.filter((p) => p !== undefined).flatMap((p) => service.findReferences(file, p) ?? []);
  const seen = new Set();
  const pointers = [];
  for (const group of refs) {
    for (const r of group.references) {
      if (!project.isProjectFile(r.fileName)) continue;
      const rsf = program.getSourceFile(r.fileName);
      const line = rsf.getLineAndCharacterOfPosition(r.textSpan.start).line + 1;
      const rel = project.rel(r.fileName);
      const key = `${rel}:${line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const text = rsf.text.slice(rsf.getLineStarts()[line - 1], rsf.getLineStarts()[line] ?? rsf.text.length).trim();
      pointers.push({ location: key, what: `reference: ${text.slice(0, 100)}`, risk: 'high', relevance: 1, action: 'check' });
    }
  }
  const answer = JSON.stringify({ summary: `${pointers.length} references of ${result.target}`, pointers });
  return { ms: performance.now() - t0, pointers, chars: answer.length };
}

