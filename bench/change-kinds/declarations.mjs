// Every declaration of a TypeScript project that a change question can be asked about, per change kind,
// with the question and the oracle's own edit (written here, apart from scout's checker, so that the oracle
// does not inherit its mistakes). Each edit keeps every line where it was: removed text becomes spaces
// (newlines kept), insertions and replacements stay on one line, so an error's line in the edited program
// is its line in the unmodified one.
//
//   remove         members of exported enums (`E.M`), properties of exported interfaces (`I.p`),
//                  literals of exported string-literal unions ("remove 'x' from `A`")
//   rename         exported functions, classes, interfaces, type aliases and enums (the name only)
//   add_parameter  exported functions (no overloads) and methods of exported classes
//   make_optional  required properties of exported interfaces
//   change_type    properties of exported interfaces annotated on one line: `string` (`number` for a string)
import { ts } from '../whatbreaks/project.mjs';

export const KINDS = ['remove', 'rename', 'add_parameter', 'make_optional', 'change_type'];
export const NEW_PARAMETER = '_scoutNew: { readonly __scout_new_argument: true }';

const exported = (node) => (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
const nameOf = (node) => (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) ? node.name.text : null);
const lineOf = (sf, pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;

/** Spaces for [from, to), newlines kept: the text is gone, every line stays. */
function blank(sf, from, to) {
  return { pos: from, end: to, text: sf.text.slice(from, to).replace(/[^\n]/g, ' ') };
}

/** Blank an element of a comma or `|` list with one separator (the next element's, else the previous one's). */
function blankFromList(sf, node, list) {
  const i = list.indexOf(node);
  if (list[i + 1]) return blank(sf, node.getStart(sf), list[i + 1].getStart(sf));
  if (list[i - 1]) return blank(sf, list[i - 1].end, node.end);
  return blank(sf, node.getStart(sf), node.end);
}

function isStringLiteralUnion(type) {
  return ts.isUnionTypeNode(type) && type.types.every((t) => ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal));
}

/** Where a new required parameter goes: before the first optional, defaulted or rest parameter, else last. */
function parameterEdit(sf, fn) {
  const ps = fn.parameters;
  const before = ps.find((p) => p.dotDotDotToken || p.questionToken || p.initializer);
  if (before) return { pos: before.getStart(sf), end: before.getStart(sf), text: `${NEW_PARAMETER}, ` };
  if (ps.length === 0) return { pos: ps.pos, end: ps.pos, text: NEW_PARAMETER };
  const last = ps[ps.length - 1];
  return { pos: last.end, end: last.end, text: `, ${NEW_PARAMETER}` };
}

/** All eligible declarations of the project's files: { kind, file, line, target, question, edit }. */
export function listDeclarations(project, program) {
  const out = [];
  const add = (sf, kind, target, question, nameNode, edit) => out.push({ kind, file: project.rel(sf.fileName), line: lineOf(sf, nameNode.getStart(sf)), target, question, edit });
  for (const sf of program.getSourceFiles()) {
    if (!project.isProjectFile(sf.fileName)) continue;
    // Names declared more than once at the top level of a file (overloads, merged declarations) are left out: which one is meant is unclear.
    const counts = new Map();
    for (const s of sf.statements) if (nameOf(s)) counts.set(nameOf(s), (counts.get(nameOf(s)) ?? 0) + 1);
    for (const s of sf.statements) {
      const name = nameOf(s);
      if (!name || !exported(s) || counts.get(name) !== 1 || !ts.isIdentifier(s.name)) continue;
      const renameable = ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s) || ts.isEnumDeclaration(s);
      if (renameable) add(sf, 'rename', name, `what breaks if I rename \`${name}\` to \`${name}Renamed\`?`, s.name, { pos: s.name.getStart(sf), end: s.name.end, text: `${name}Renamed` });
      if (ts.isFunctionDeclaration(s) && s.body) add(sf, 'add_parameter', name, `what breaks if I add a required parameter to \`${name}\`?`, s.name, parameterEdit(sf, s));
      if (ts.isEnumDeclaration(s)) {
        for (const m of s.members) {
          const member = nameOf(m);
          if (member && ts.isIdentifier(m.name)) add(sf, 'remove', `${name}.${member}`, `what breaks if I remove \`${name}.${member}\`?`, m.name, blankFromList(sf, m, s.members));
        }
      }
      if (ts.isTypeAliasDeclaration(s) && !s.typeParameters && isStringLiteralUnion(s.type)) {
        for (const t of s.type.types) {
          const value = t.literal.text;
          if (/^[\w$-]+$/.test(value)) add(sf, 'remove', name, `what breaks if I remove '${value}' from \`${name}\`?`, s.name, blankFromList(sf, t, s.type.types));
        }
      }
      if (ts.isClassDeclaration(s)) {
        const methodCounts = new Map();
        for (const m of s.members) if (ts.isMethodDeclaration(m) && nameOf(m)) methodCounts.set(nameOf(m), (methodCounts.get(nameOf(m)) ?? 0) + 1);
        for (const m of s.members) {
          const method = nameOf(m);
          const hidden = ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected);
          if (!ts.isMethodDeclaration(m) || !m.body || !method || !ts.isIdentifier(m.name) || hidden || methodCounts.get(method) !== 1) continue;
          add(sf, 'add_parameter', `${name}.${method}`, `what breaks if I add a required parameter to \`${name}.${method}\`?`, m.name, parameterEdit(sf, m));
        }
      }
      if (ts.isInterfaceDeclaration(s)) {
        for (const m of s.members) {
          const prop = nameOf(m);
          if (!ts.isPropertySignature(m) || !prop || !ts.isIdentifier(m.name)) continue;
          const target = `${name}.${prop}`;
          add(sf, 'remove', target, `what breaks if I remove \`${target}\`?`, m.name, blank(sf, m.getStart(sf), m.end));
          if (!m.questionToken) add(sf, 'make_optional', target, `what breaks if I make \`${target}\` optional?`, m.name, { pos: m.name.end, end: m.name.end, text: '?' });
          if (m.type && !m.type.getText(sf).includes('\n')) {
            const newType = m.type.getText(sf).trim() === 'string' ? 'number' : 'string';
            add(sf, 'change_type', target, `what breaks if I change the type of \`${target}\` to \`${newType}\`?`, m.name, { pos: m.type.getStart(sf), end: m.type.end, text: newType });
          }
        }
      }
    }
  }
  return out;
}
