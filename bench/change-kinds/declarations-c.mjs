// Every declaration of a C or C++ corpus that a change question can be asked about, per change kind, with the
// question and the oracle's own edit (written here, apart from scout's checker in src/scout/clang/). Edits keep every
// line where it was: removed text becomes spaces (newlines kept), insertions and replacements stay on one line.
//
//   add_variant    enums with a body (`enum color {…}`, `enum class Kind {…}`, `typedef enum {…} kind`): `, SCOUT_NEW`
//                  after the last enumerator
//   remove         fields (`S.f`, declared alone) and enumerators (`E.X`)
//   rename         struct, class, union and enum types (their tag; a class's constructors and destructor in its
//                  body with it) and fields (the name only)
//   add_parameter  functions and methods declared once in the corpus (a definition with no prototype elsewhere):
//                  `int bench_arg` last (before `...`; `(void)` and `()` become `(int bench_arg)`)
//   change_type    fields declared alone on one line: a pointer becomes `double`, anything else `double *`
//
// Only the files the build compiles (the compilation database's units and the headers they include); a (kind, target) listed
// twice is ambiguous and not drawn. Targets are named as scout's index names them: `Type.member`, the innermost
// type (namespaces left out: a question names a class by its own name).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../corpus.mjs';
import { treeSitterParser } from '../whatbreaks-random/compiler-oracle.mjs';
import { markAmbiguousByKind } from './declarations-go.mjs';

const { withoutExportMacros } = await import(path.join(repoRoot, 'dist', 'parse', 'languages', 'c-family.js'));

export const C_KINDS = ['add_variant', 'remove', 'rename', 'add_parameter', 'change_type'];
const NEW_PARAMETER = 'int bench_arg';

const blank = (text, from, to) => ({ pos: from, end: to, text: text.slice(from, to).replace(/[^\n]/g, ' ') });
const TYPES = new Set(['struct_specifier', 'class_specifier', 'union_specifier']);

/** The name a type goes by: its tag, else the typedef that names an anonymous one. */
function typeName(node) {
  const name = node.childForFieldName('name');
  if (name) return name.type === 'type_identifier' ? name.text : null;
  const parent = node.parent;
  if (parent?.type === 'type_definition') {
    const declarator = parent.childForFieldName('declarator');
    return declarator?.type === 'type_identifier' ? declarator.text : null;
  }
  return null;
}

/** The identifier a declarator declares (`*name`, `name[3]`, `(*name)(int)`), or null. */
function declaredName(declarator) {
  let d = declarator;
  while (d && !['identifier', 'field_identifier', 'type_identifier', 'qualified_identifier', 'operator_name', 'destructor_name'].includes(d.type)) d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c.type.endsWith('declarator') || c.type.endsWith('identifier'));
  return d ?? null;
}

function functionDeclarator(node) {
  let d = node.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return d;
}

function parameterEdit(fn) {
  const list = fn.childForFieldName('parameters');
  const params = list.namedChildren.filter((c) => c.type === 'parameter_declaration' || c.type === 'optional_parameter_declaration');
  const variadic = list.namedChildren.find((c) => c.type === 'variadic_parameter') ?? (list.text.includes('...') ? list : null);
  if (variadic && variadic !== list) return { pos: variadic.startIndex, end: variadic.startIndex, text: `${NEW_PARAMETER}, ` };
  if (variadic) return null;
  if (params.length === 0 || (params.length === 1 && params[0].text.trim() === 'void')) return { pos: list.startIndex, end: list.endIndex, text: `(${NEW_PARAMETER})` };
  // A parameter with a default (C++) must stay last: the new one goes before the first defaulted one.
  const defaulted = params.find((p) => p.type === 'optional_parameter_declaration');
  if (defaulted) return { pos: defaulted.startIndex, end: defaulted.startIndex, text: `${NEW_PARAMETER}, ` };
  const last = params[params.length - 1];
  return { pos: last.endIndex, end: last.endIndex, text: `, ${NEW_PARAMETER}` };
}

/** All eligible declarations: { kind, file, line, target, question, edits }. `files`: repository-relative paths to read. */
export async function listCDeclarations(dir, lang) {
  const out = [];
  const declared = new Map(); // function name → declarations (definitions and prototypes) in the corpus
  const definitions = [];
  const files = [...compiledFiles(dir)].sort();
  for (const file of files) {
    const grammar = lang === 'c' && !/\.(cc|cpp|cxx|hpp|hh|hxx|ipp)$/.test(file) ? 'c' : 'cpp';
    const parser = await treeSitterParser(grammar);
    const text = readFileSync(path.join(dir, file), 'utf8');
    // As scout's index parses it: a C++ export macro between `class` and the name blanked (same offsets).
    const tree = parser.parse(grammar === 'cpp' ? withoutExportMacros(text) : text);
    const add = (kind, target, question, nameNode, edit) => out.push({ kind, file, line: nameNode.startPosition.row + 1, target, question, edits: [edit] });
    const visit = (node, owner) => {
      if (node.type === 'enum_specifier' && node.childForFieldName('body') && !node.hasError) {
        const name = typeName(node);
        const body = node.childForFieldName('body');
        const members = body.namedChildren.filter((c) => c.type === 'enumerator');
        const nameNode = node.childForFieldName('name') ?? node.parent?.childForFieldName('declarator');
        if (name && members.length > 0 && nameNode) {
          const last = members[members.length - 1];
          add('add_variant', name, `what breaks if I add a variant to \`${name}\`?`, nameNode, { pos: last.endIndex, end: last.endIndex, text: ', SCOUT_NEW' });
          if (node.childForFieldName('name')) add('rename', name, `what breaks if I rename \`${name}\` to \`${name}Renamed\`?`, nameNode, { pos: nameNode.startIndex, end: nameNode.endIndex, text: `${name}Renamed` });
          members.forEach((m, i) => {
            const id = m.childForFieldName('name');
            const edit = members[i + 1] ? blank(text, m.startIndex, members[i + 1].startIndex) : i > 0 ? blank(text, members[i - 1].endIndex, m.endIndex) : blank(text, m.startIndex, m.endIndex);
            add('remove', `${name}.${id.text}`, `what breaks if I remove \`${name}.${id.text}\`?`, id, edit);
          });
        }
      }
      if (TYPES.has(node.type) && node.childForFieldName('body') && !node.hasError) {
        const name = typeName(node);
        const nameNode = node.childForFieldName('name') ?? node.parent?.childForFieldName('declarator');
        if (name && nameNode) {
          if (node.childForFieldName('name')) {
            // A class renamed with its constructors and destructor (declared in its body), as a developer renames it.
            const own = node.childForFieldName('body').namedChildren.flatMap((m) => {
              const fd = m.type === 'function_definition' || m.type === 'declaration' || m.type === 'field_declaration' ? functionDeclarator(m) : null;
              const id = fd ? declaredName(fd.childForFieldName('declarator')) : null;
              if (!id) return [];
              if (id.text === name) return [{ pos: id.startIndex, end: id.endIndex, text: `${name}Renamed` }];
              if (id.type === 'destructor_name') return [{ pos: id.startIndex, end: id.endIndex, text: `~${name}Renamed` }];
              return [];
            });
            out.push({ kind: 'rename', file, line: nameNode.startPosition.row + 1, target: name, question: `what breaks if I rename \`${name}\` to \`${name}Renamed\`?`, edits: [{ pos: nameNode.startIndex, end: nameNode.endIndex, text: `${name}Renamed` }, ...own] });
          }
          for (const field of node.childForFieldName('body').namedChildren.filter((c) => c.type === 'field_declaration')) {
            const declarators = field.childrenForFieldName('declarator');
            const type = field.childForFieldName('type');
            // A method declared in the body (`Token& PushToken(int);`: a function declarator under a reference) is no field.
            if (declarators.length !== 1 || !type || functionDeclarator(field) || field.text.includes('\n')) continue;
            const id = declaredName(declarators[0]);
            if (!id || id.type !== 'field_identifier' || /\bstatic\b/.test(field.text)) continue;
            const target = `${name}.${id.text}`;
            add('remove', target, `what breaks if I remove \`${target}\`?`, id, blank(text, field.startIndex, field.endIndex));
            add('rename', target, `what breaks if I rename \`${target}\` to \`${id.text}Renamed\`?`, id, { pos: id.startIndex, end: id.endIndex, text: `${id.text}Renamed` });
            const newType = declarators[0].type === 'pointer_declarator' ? 'double' : 'double *';
            add('change_type', target, `what breaks if I change the type of \`${target}\` to \`${newType}\`?`, id, { pos: type.startIndex, end: id.startIndex, text: `${newType} ` });
          }
        }
      }
      if (node.type === 'function_definition' || node.type === 'declaration' || node.type === 'field_declaration') {
        const fd = functionDeclarator(node);
        const id = fd ? declaredName(fd.childForFieldName('declarator')) : null;
        if (fd && id) {
          const simple = id.type === 'qualified_identifier' ? id.text.split('::').pop() : id.text;
          const cls = id.type === 'qualified_identifier' ? id.text.split('::').slice(-2, -1)[0] : owner;
          const key = cls ? `${cls}.${simple}` : simple;
          declared.set(key, (declared.get(key) ?? 0) + 1);
          if (node.type === 'function_definition' && !node.hasError && simple !== 'main' && /^[A-Za-z_]\w*$/.test(simple) && simple !== cls) {
            const edit = parameterEdit(fd);
            if (edit) definitions.push({ key, add: () => add('add_parameter', key, `what breaks if I add a required parameter to \`${key}\`?`, id, edit) });
          }
        }
      }
      const inner = TYPES.has(node.type) ? (typeName(node) ?? owner) : owner;
      for (const c of node.namedChildren) visit(c, inner);
    };
    visit(tree.rootNode, null);
    tree.delete();
  }
  // A function declared once: no prototype elsewhere decides its callers' view of it.
  for (const d of definitions) if (declared.get(d.key) === 1) d.add();
  return markAmbiguousByKind(out);
}

/**
 * The files the build compiles: the units of compile_commands.json and the headers they include, directly or
 * through other headers (`"x.h"` next to the includer, then on the unit's `-I` folders; `<x.h>` on them).
 */
function compiledFiles(dir) {
  const db = JSON.parse(readFileSync(path.join(dir, 'compile_commands.json'), 'utf8'));
  const seen = new Set();
  for (const e of db) {
    const includeDirs = e.arguments.filter((a) => a.startsWith('-I')).map((a) => a.slice(2));
    const queue = [e.file];
    while (queue.length > 0) {
      const file = queue.pop();
      if (seen.has(file) && file !== e.file) continue;
      seen.add(file);
      let text;
      try { text = readFileSync(path.join(dir, file), 'utf8'); } catch { continue; }
      for (const m of text.matchAll(/^\s*#\s*include\s*[<"]([^>"]+)[>"]/gm)) {
        const candidates = [path.join(path.dirname(file), m[1]), ...includeDirs.map((d) => path.join(d, m[1]))].map((f) => path.normalize(f).split(path.sep).join('/'));
        const found = candidates.find((f) => !f.startsWith('..') && existsSync(path.join(dir, f)));
        if (found && !seen.has(found)) queue.push(found);
      }
    }
  }
  return seen;
}
