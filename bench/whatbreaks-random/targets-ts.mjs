// Every eligible TypeScript declaration of a project: the whatbreaks oracle's targets (exported enums,
// literal unions, derived unions: bench/whatbreaks/oracle.mjs findTargets) plus two kinds the hand-picked
// benchmark left out:
//  - tagged unions: an exported alias (no type parameters) written as a union of >= 2 object types that the
//    checker sees sharing a discriminant property (a string or number literal in every member; `type`,
//    `kind`, `_tag`, `tag`, `status` first, else the first in name order). Edit: a new member shaped like
//    the first one with a new discriminant value, `| (Omit<First, 'kind'> & { kind: '__scout_new' })`, so
//    the new variant carries the same fields and only code that needs the set of discriminants breaks;
//  - literal-union properties `Owner.prop`: a property of an exported interface, class or object-type alias
//    annotated with a union of string literals written in place. Edit: `| '__scout_new'` after the annotation
//    (what scout's verify step does for `Owner.prop`).
// Names declared twice (in a corpus) are ambiguous; aliases with the same edit as another are duplicates.
import { findTargets, NEW_STRING } from '../whatbreaks/oracle.mjs';
import { lineOf, ts } from '../whatbreaks/project.mjs';

const hasExport = (n) => (ts.getCombinedModifierFlags(n) & ts.ModifierFlags.Export) !== 0;
const strip = (t) => { while (ts.isParenthesizedTypeNode(t)) t = t.type; return t; };
const isStringLiteralUnion = (t) => {
  t = strip(t);
  return ts.isUnionTypeNode(t) && t.types.every((x) => { x = strip(x); return ts.isLiteralTypeNode(x) && (ts.isStringLiteral(x.literal) || ts.isNoSubstitutionTemplateLiteral(x.literal)); });
};
const PREFERRED = ['type', 'kind', '_tag', 'tag', 'status'];

function discriminant(checker, members) {
  const lit = ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral;
  let common;
  for (const m of members) {
    if (!(m.flags & ts.TypeFlags.Object)) return undefined;
    const names = new Set();
    for (const p of checker.getPropertiesOfType(m)) {
      const decl = p.valueDeclaration ?? p.declarations?.[0];
      if (!decl) continue;
      const pt = checker.getTypeOfSymbolAtLocation(p, decl);
      if (pt.flags & lit) names.add(p.name);
    }
    common = common ? new Set([...common].filter((n) => names.has(n))) : names;
    if (!common.size) return undefined;
  }
  const list = [...common].sort();
  return PREFERRED.find((p) => common.has(p)) ?? list[0];
}

export function findAllTargets(project, program) {
  const checker = program.getTypeChecker();
  const targets = findTargets(project, program).map((t) => ({ ...t, family: t.kind.startsWith('derived') ? 'derived union' : t.kind.includes('enum') ? 'enum' : 'literal union' }));
  for (const file of project.rootNames) {
    const sf = program.getSourceFile(file);
    if (!sf || !project.isProjectFile(file)) continue;
    for (const stmt of sf.statements) {
      if (!hasExport(stmt)) continue;
      // tagged unions
      if (ts.isTypeAliasDeclaration(stmt) && !stmt.typeParameters && ts.isUnionTypeNode(strip(stmt.type))) {
        const node = strip(stmt.type);
        const type = checker.getTypeFromTypeNode(stmt.type);
        if (type.isUnion() && node.types.length >= 2) {
          const members = node.types.map((n) => checker.getTypeFromTypeNode(n));
          if (members.every((m) => !m.isUnion())) {
            const d = discriminant(checker, members);
            if (d) {
              const key = /^[A-Za-z_$][\w$]*$/.test(d) ? d : JSON.stringify(d);
              const first = node.types[0].getText(sf).replace(/\s+/g, ' ');
              if (!/\n/.test(node.types[0].getText(sf)) || true) {
                const insert = ` | (Omit<${node.types[0].getText(sf).replace(/\r?\n/g, ' ')}, ${JSON.stringify(d)}> & { ${key}: '${NEW_STRING}' })`;
                targets.push({ target: stmt.name.text, file: project.rel(file), line: lineOf(sf, stmt.name.getStart(sf)), kind: `tagged union (on ${d}; ${node.types.length} members, first ${first.slice(0, 30)})`, family: 'tagged union', variants: node.types.length, discriminant: d, edits: [{ pos: stmt.type.end, insert }] });
              }
            }
          }
        }
      }
      // literal-union properties Owner.prop
      let owner;
      let members = [];
      if (ts.isInterfaceDeclaration(stmt) || ts.isClassDeclaration(stmt)) { owner = stmt.name?.text; members = stmt.members; }
      else if (ts.isTypeAliasDeclaration(stmt) && ts.isTypeLiteralNode(strip(stmt.type))) { owner = stmt.name.text; members = strip(stmt.type).members; }
      if (!owner) continue;
      for (const m of members) {
        if (!(ts.isPropertySignature(m) || ts.isPropertyDeclaration(m)) || !m.type || !m.name || !ts.isIdentifier(m.name)) continue;
        if (!isStringLiteralUnion(m.type)) continue;
        targets.push({ target: `${owner}.${m.name.text}`, file: project.rel(file), line: lineOf(sf, m.name.getStart(sf)), kind: 'literal-union property', family: 'property', variants: strip(m.type).types.length, edits: [{ pos: m.type.end, insert: ` | '${NEW_STRING}'` }] });
      }
    }
  }
  const counts = new Map();
  for (const t of targets) counts.set(t.target, (counts.get(t.target) ?? 0) + 1);
  for (const t of targets) t.ambiguous = counts.get(t.target) > 1;
  return targets;
}
