// Every declaration of a Go corpus that a change question can be asked about, per change kind, with the
// question and the oracle's own edit (written here, apart from scout's Go checker in src/scout/go/, so that
// the oracle does not inherit its mistakes). Edits keep every line where it was: removed text becomes spaces
// (newlines kept), insertions and replacements stay on one line.
//
//   remove         functions, methods (`T.m`) and struct fields (`T.f`, declared alone on their line)
//   rename         functions, methods and types (the name only)
//   add_parameter  functions and methods (a new parameter before a variadic one, else last)
//   change_type    struct fields whose type is one line (`string` becomes `int`, anything else `string`)
//
// Names are counted per corpus: a function name, a `T.m` or a `T.f` declared twice (build-tagged copies,
// several packages) is ambiguous and not drawn. Go has no optional parameters or fields: no make_optional.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles, treeSitterParser } from '../whatbreaks-random/compiler-oracle.mjs';

export const GO_KINDS = ['remove', 'rename', 'add_parameter', 'change_type'];
/** The oracle's new parameter: a type no existing argument has. */
const NEW_PARAMETER = 'benchArg struct{ benchArg int }';

const blank = (text, from, to) => ({ pos: from, end: to, text: text.slice(from, to).replace(/[^\n]/g, ' ') });

/** The receiver's type name of a method (`(r *T)`, `(T)`, `(r T[K])`). */
function receiverType(node) {
  const receiver = node.childForFieldName('receiver');
  const param = receiver?.namedChildren.find((c) => c.type === 'parameter_declaration');
  let type = param?.childForFieldName('type');
  while (type && (type.type === 'pointer_type' || type.type === 'generic_type')) type = type.type === 'pointer_type' ? type.namedChildren[0] : type.childForFieldName('type');
  return type?.type === 'type_identifier' ? type.text : null;
}

function parameterEdit(node) {
  const list = node.childForFieldName('parameters');
  const params = list.namedChildren.filter((c) => c.type === 'parameter_declaration' || c.type === 'variadic_parameter_declaration');
  const variadic = params.find((p) => p.type === 'variadic_parameter_declaration');
  // An unnamed parameter list (`func(int, string)`) cannot take a named parameter: left out.
  if (params.some((p) => p.type === 'parameter_declaration' && !p.childForFieldName('name'))) return null;
  if (variadic) return { pos: variadic.startIndex, end: variadic.startIndex, text: `${NEW_PARAMETER}, ` };
  const last = params[params.length - 1];
  if (!last) return { pos: list.startIndex + 1, end: list.startIndex + 1, text: NEW_PARAMETER };
  return { pos: last.endIndex, end: last.endIndex, text: `, ${NEW_PARAMETER}` };
}

/** All eligible declarations of the corpus's Go files (tests left out): { kind, file, line, target, question, edits }. */
export async function listGoDeclarations(dir) {
  const parser = await treeSitterParser('go');
  const out = [];
  for (const abs of sourceFiles(dir, '.go', 'vendor').filter((f) => !f.endsWith('_test.go'))) {
    const file = path.relative(dir, abs).split(path.sep).join('/');
    // go ignores folders named testdata or starting with `_` or `.`; examples are not the library.
    if (/(^|\/)(testdata|examples?|[_.][^/]*)\//.test(file)) continue;
    const text = readFileSync(abs, 'utf8');
    const tree = parser.parse(text);
    const add = (kind, target, question, nameNode, edit) => out.push({ kind, file, line: nameNode.startPosition.row + 1, target, question, edits: [edit] });
    for (const node of tree.rootNode.namedChildren) {
      if (node.hasError) continue;
      if (node.type === 'function_declaration' || node.type === 'method_declaration') {
        const name = node.childForFieldName('name');
        if (!name || name.text === 'main' || name.text === 'init' || name.text === '_') continue;
        const owner = node.type === 'method_declaration' ? receiverType(node) : null;
        if (node.type === 'method_declaration' && !owner) continue;
        const target = owner ? `${owner}.${name.text}` : name.text;
        add('remove', target, `what breaks if I remove \`${target}\`?`, name, blank(text, node.startIndex, node.endIndex));
        add('rename', target, `what breaks if I rename \`${target}\` to \`${name.text}Renamed\`?`, name, { pos: name.startIndex, end: name.endIndex, text: `${name.text}Renamed` });
        const edit = parameterEdit(node);
        if (edit) add('add_parameter', target, `what breaks if I add a required parameter to \`${target}\`?`, name, edit);
      } else if (node.type === 'type_declaration') {
        for (const spec of node.namedChildren.filter((c) => c.type === 'type_spec')) {
          const name = spec.childForFieldName('name');
          if (!name) continue;
          add('rename', name.text, `what breaks if I rename \`${name.text}\` to \`${name.text}Renamed\`?`, name, { pos: name.startIndex, end: name.endIndex, text: `${name.text}Renamed` });
          const body = spec.childForFieldName('type');
          if (body?.type !== 'struct_type') continue;
          const fields = body.namedChildren.find((c) => c.type === 'field_declaration_list')?.namedChildren.filter((c) => c.type === 'field_declaration') ?? [];
          for (const field of fields) {
            const names = field.namedChildren.filter((c) => c.type === 'field_identifier');
            const type = field.childForFieldName('type');
            // One name per declaration (`A, B int` left out), no embedded field.
            if (names.length !== 1 || !type) continue;
            const target = `${name.text}.${names[0].text}`;
            add('remove', target, `what breaks if I remove \`${target}\`?`, names[0], blank(text, field.startIndex, field.endIndex));
            if (!type.text.includes('\n')) {
              const newType = type.text === 'string' ? 'int' : 'string';
              add('change_type', target, `what breaks if I change the type of \`${target}\` to \`${newType}\`?`, names[0], { pos: type.startIndex, end: type.endIndex, text: newType });
            }
          }
        }
      }
    }
    tree.delete();
  }
  return markAmbiguousByKind(out);
}

/** A (kind, target) listed twice in the corpus is ambiguous: which declaration the question means is unclear. */
export function markAmbiguousByKind(list) {
  const counts = new Map();
  for (const d of list) counts.set(`${d.kind}|${d.target}`, (counts.get(`${d.kind}|${d.target}`) ?? 0) + 1);
  for (const d of list) d.ambiguous = counts.get(`${d.kind}|${d.target}`) > 1;
  return list;
}
