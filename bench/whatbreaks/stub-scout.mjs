#!/usr/bin/env node
// A stand-in for the `scout ask` CLI contract, to check grade.mjs end to end before `scout ask` exists:
//   SCOUT_BENCH_CLI=bench/whatbreaks/stub-scout.mjs node bench/whatbreaks/grade.mjs --corpus llm-router --no-write
// `index` prints {}; `ask "<question>" --repo DIR --json` finds the backticked name's declaration and answers with
// its references (LanguageService), risk high for references in a `case` label or inside a Record / mapped-type
// annotation, low for imports and exports, medium otherwise. Not a baseline: a harness check only.
import path from 'node:path';
import { createLanguageService, loadProject, ts } from './project.mjs';

const [command, ...rest] = process.argv.slice(2);
const opt = (n) => {
  const i = rest.indexOf(n);
  return i >= 0 ? rest[i + 1] : undefined;
};
if (command === 'index') {
  console.log('{}');
  process.exit(0);
}
if (command !== 'ask') {
  console.error(`stub-scout: unknown command "${command}"`);
  process.exit(2);
}
const t0 = performance.now();
const name = /`([^`]+)`/.exec(rest[0] ?? '')?.[1];
const project = loadProject(opt('--repo') ?? '.');
const service = createLanguageService(project);
const program = service.getProgram();
let decl;
for (const sf of program.getSourceFiles()) {
  if (!project.isProjectFile(sf.fileName)) continue;
  for (const st of sf.statements) {
    if ((ts.isEnumDeclaration(st) || ts.isTypeAliasDeclaration(st)) && st.name.text === name) decl = { file: sf.fileName, pos: st.name.getStart(sf) };
  }
}
function nodeAt(sf, pos) {
  let found = sf;
  const visit = (n) => {
    if (pos >= n.getStart(sf) && pos < n.end) {
      found = n;
      ts.forEachChild(n, visit);
    }
  };
  ts.forEachChild(sf, visit);
  return found;
}

const pointers = [];
for (const group of decl ? service.findReferences(decl.file, decl.pos) ?? [] : []) {
  for (const r of group.references) {
    if (!project.isProjectFile(r.fileName)) continue;
    const sf = program.getSourceFile(r.fileName);
    const node = nodeAt(sf, r.textSpan.start);
    let risk = 'medium';
    for (let n = node; n; n = n.parent) {
      if (ts.isCaseClause(n) || (ts.isTypeReferenceNode(n) && /^(Record|Partial)$/.test(n.typeName.getText(sf))) || ts.isMappedTypeNode(n)) { risk = 'high'; break; }
      if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) { risk = 'low'; break; }
    }
    const line = sf.getLineAndCharacterOfPosition(r.textSpan.start).line + 1;
    pointers.push({ location: `${project.rel(r.fileName)}:${line}`, what: 'reference', risk, relevance: risk === 'high' ? 5 : 2, action: 'check' });
  }
}
const order = { high: 0, medium: 1, low: 2 };
pointers.sort((a, b) => order[a.risk] - order[b.risk]);
console.log(JSON.stringify({
  summary: decl ? `${pointers.length} references of ${name}` : `nothing matched ${name}`,
  pointers: pointers.filter((p) => p.risk !== 'low'),
  ignored: { import: pointers.filter((p) => p.risk === 'low').length },
  meta: { nodes_visited: pointers.length, budget_remaining: 0, interpretation: `add variant to ${name}`, elapsed_ms: Math.round(performance.now() - t0), sources: ['stub'], freshness: 'n/a' },
}));
