// Every declaration of a Java corpus that a change question can be asked about, per change kind, with the
// question and the oracle's own edit (written here, apart from scout's Java checker in src/scout/java/).
// Edits keep every line where it was: removed text becomes spaces (newlines kept), insertions and
// replacements stay on one line.
//
//   remove         methods (`C.m`) and fields (`C.f`, one declarator) of classes, interfaces, enums and records
//   rename         the same (the name only)
//   add_parameter  methods (`int benchArg`, before a varargs parameter, else last)
//   change_type    fields whose type is one line (`String` becomes `int`, anything else `String`)
//
// A method name declared twice in its type (overloads) is left out, and a (kind, `C.m`) listed twice in the
// corpus (nested types of the same name) is ambiguous and not drawn. Constructors are left out (their name is
// the class's). Java has no optional parameters: no make_optional.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles, treeSitterParser } from '../whatbreaks-random/compiler-oracle.mjs';
import { markAmbiguousByKind } from './declarations-go.mjs';

export const JAVA_KINDS = ['remove', 'rename', 'add_parameter', 'change_type'];
const NEW_PARAMETER = 'int benchArg';
const TYPES = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration']);

const blank = (text, from, to) => ({ pos: from, end: to, text: text.slice(from, to).replace(/[^\n]/g, ' ') });

function parameterEdit(method) {
  const list = method.childForFieldName('parameters');
  const params = list.namedChildren.filter((c) => c.type === 'formal_parameter' || c.type === 'spread_parameter');
  const spread = params.find((p) => p.type === 'spread_parameter');
  if (spread) return { pos: spread.startIndex, end: spread.startIndex, text: `${NEW_PARAMETER}, ` };
  const last = params[params.length - 1];
  if (!last) return { pos: list.startIndex + 1, end: list.startIndex + 1, text: NEW_PARAMETER };
  return { pos: last.endIndex, end: last.endIndex, text: `, ${NEW_PARAMETER}` };
}

/** The members' container: a class body, an interface body, or an enum body's declarations. */
function membersOf(type) {
  const body = type.childForFieldName('body');
  if (!body) return [];
  const decls = body.namedChildren.find((c) => c.type === 'enum_body_declarations');
  return [...body.namedChildren, ...(decls ? decls.namedChildren : [])];
}

/** All eligible declarations of the Java files below `sourceDirs`: { kind, file, line, target, question, edits }. */
export async function listJavaDeclarations(dir, sourceDirs) {
  const parser = await treeSitterParser('java');
  const out = [];
  for (const abs of sourceDirs.flatMap((d) => sourceFiles(path.join(dir, d), '.java', 'target'))) {
    if (path.basename(abs) === 'module-info.java' || path.basename(abs) === 'package-info.java') continue;
    const file = path.relative(dir, abs).split(path.sep).join('/');
    const text = readFileSync(abs, 'utf8');
    const tree = parser.parse(text);
    const add = (kind, target, question, nameNode, edit) => out.push({ kind, file, line: nameNode.startPosition.row + 1, target, question, edits: [edit] });
    const visit = (node) => {
      if (TYPES.has(node.type) && !node.hasError) {
        const owner = node.childForFieldName('name')?.text;
        const members = membersOf(node);
        const methodCounts = new Map();
        for (const m of members) if (m.type === 'method_declaration') methodCounts.set(m.childForFieldName('name')?.text, (methodCounts.get(m.childForFieldName('name')?.text) ?? 0) + 1);
        for (const m of members) {
          if (m.type === 'method_declaration') {
            const name = m.childForFieldName('name');
            if (!name || methodCounts.get(name.text) !== 1) continue;
            const target = `${owner}.${name.text}`;
            add('remove', target, `what breaks if I remove \`${target}\`?`, name, blank(text, m.startIndex, m.endIndex));
            add('rename', target, `what breaks if I rename \`${target}\` to \`${name.text}Renamed\`?`, name, { pos: name.startIndex, end: name.endIndex, text: `${name.text}Renamed` });
            add('add_parameter', target, `what breaks if I add a required parameter to \`${target}\`?`, name, parameterEdit(m));
          } else if (m.type === 'field_declaration') {
            const declarators = m.namedChildren.filter((c) => c.type === 'variable_declarator');
            const type = m.childForFieldName('type');
            if (declarators.length !== 1 || !type) continue;
            const name = declarators[0].childForFieldName('name');
            const target = `${owner}.${name.text}`;
            add('remove', target, `what breaks if I remove \`${target}\`?`, name, blank(text, m.startIndex, m.endIndex));
            add('rename', target, `what breaks if I rename \`${target}\` to \`${name.text}Renamed\`?`, name, { pos: name.startIndex, end: name.endIndex, text: `${name.text}Renamed` });
            if (!type.text.includes('\n')) {
              const newType = type.text === 'String' ? 'int' : 'String';
              add('change_type', target, `what breaks if I change the type of \`${target}\` to \`${newType}\`?`, name, { pos: type.startIndex, end: type.endIndex, text: newType });
            }
          }
        }
      }
      for (const c of node.namedChildren) visit(c);
    };
    visit(tree.rootNode);
    tree.delete();
  }
  return markAmbiguousByKind(out);
}
