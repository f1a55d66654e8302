/**
 * The change kinds other than "add a variant", as TypeScript edits of the declaration the exploration
 * found (by position, never by bare name):
 * - remove: the declaration itself (an enum member, a property or method, a parameter, a whole statement),
 *   or one member of it ("remove `'fast'` from `Mode`": a literal of a union, a member of an enum, a
 *   property of an interface or class), with its separator;
 * - rename: the declaration's name only, so that every use that does not follow breaks;
 * - add_parameter: a parameter of a type nothing else is assignable to, after the last required one
 *   (a required parameter cannot follow an optional one), so that every call that does not pass it breaks;
 * - change_type: the annotation replaced by the new type (or added after the name);
 * - make_optional: a `?` after the name (a class field's `!` becomes `?`).
 * Each edit replaces text in one file; positions after it move, and diagnostics are mapped back through it.
 * A declaration the change does not apply to is refused with what would work.
 */
import ts from 'typescript';
import type { ChangeSpec } from '../verify/checker.js';
import type { EditResult, TextEdit } from './variant-edit.js';

/** The new parameter's type: an object type nothing in the program is assignable to (only `any` and `never`). */
export const NEW_PARAMETER = '_scoutNew';
export const NEW_PARAMETER_TYPE = '{ readonly __scout_new_argument: true }';

type Named = ts.Node & { name?: ts.Node };

function line(sf: ts.SourceFile, node: ts.Node): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

function nameText(node: ts.Node | undefined): string | null {
  const n = (node as Named | undefined)?.name;
  if (!n) return null;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n) || ts.isNumericLiteral(n)) return n.text;
  return null;
}

/** `Owner.member` for a member of a class, interface, enum or object type alias; the plain name otherwise. */
function qualifiedName(node: ts.Node, asked: string): string {
  const own = nameText(node) ?? asked.split('.').pop() ?? asked;
  let owner: ts.Node | undefined = node.parent;
  if (owner && ts.isTypeLiteralNode(owner) && ts.isTypeAliasDeclaration(owner.parent)) owner = owner.parent;
  if (ts.isParameter(node)) owner = node.parent;
  const ownerName = owner && (ts.isClassLike(owner) || ts.isInterfaceDeclaration(owner) || ts.isEnumDeclaration(owner) || ts.isTypeAliasDeclaration(owner) || ts.isFunctionLike(owner)) ? nameText(owner) : null;
  return ownerName ? `${ownerName}.${own}` : own;
}

function kindOf(node: ts.Node): string {
  if (ts.isEnumMember(node)) return 'enum member';
  if (ts.isEnumDeclaration(node)) return 'enum';
  if (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) return 'property';
  if (ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) return 'method';
  if (ts.isGetAccessor(node) || ts.isSetAccessor(node)) return 'accessor';
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isFunctionDeclaration(node)) return 'function';
  if (ts.isClassDeclaration(node)) return 'class';
  if (ts.isInterfaceDeclaration(node)) return 'interface';
  if (ts.isTypeAliasDeclaration(node)) return 'type alias';
  if (ts.isVariableDeclaration(node)) return 'variable';
  if (ts.isParameter(node)) return 'parameter';
  if (ts.isModuleDeclaration(node)) return 'namespace';
  return ts.SyntaxKind[node.kind];
}

const article = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** The edit that deletes `node` from the list it is an element of, with one separator (`,` or `|`). */
function deleteFromList(sf: ts.SourceFile, node: ts.Node, list: ts.NodeArray<ts.Node>): TextEdit {
  const i = list.indexOf(node);
  const next = list[i + 1];
  const prev = list[i - 1];
  if (next) return { pos: node.getStart(sf), insert: '', remove: next.getStart(sf) - node.getStart(sf) };
  if (prev) return { pos: prev.end, insert: '', remove: node.end - prev.end };
  return { pos: node.getStart(sf), insert: '', remove: node.end - node.getStart(sf) };
}

/** The edit that deletes a whole node (type members carry their own `;` or `,`). */
function deleteNode(sf: ts.SourceFile, node: ts.Node): TextEdit {
  return { pos: node.getStart(sf), insert: '', remove: node.end - node.getStart(sf) };
}

const unquote = (s: string): string => s.replace(/^(['"`])(.*)\1$/, '$2');

/** A literal type's value as written without quotes (`'fast'` → fast, `2` → 2), or null. */
function literalValue(type: ts.TypeNode): string | null {
  if (!ts.isLiteralTypeNode(type)) return null;
  const lit = type.literal;
  if (ts.isStringLiteral(lit) || ts.isNoSubstitutionTemplateLiteral(lit) || ts.isNumericLiteral(lit)) return lit.text;
  return null;
}

function unionOf(type: ts.TypeNode | undefined): ts.UnionTypeNode | null {
  let t = type;
  while (t && ts.isParenthesizedTypeNode(t)) t = t.type;
  return t && ts.isUnionTypeNode(t) ? t : null;
}

/** The members of an interface, a class or an object type alias. */
function membersOf(node: ts.Node): ts.NodeArray<ts.Node> | null {
  if (ts.isInterfaceDeclaration(node) || ts.isClassLike(node)) return node.members;
  if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) return node.type.members;
  return null;
}

const REMOVABLE = 'a member can be removed from an enum, a union of literals (a type alias or a property typed with one), an interface, a class or an object type';

function removeEdit(node: ts.Node, sf: ts.SourceFile, asked: string, member: string | undefined): EditResult {
  const name = qualifiedName(node, asked);
  const at = line(sf, node);
  const done = (kind: string, shown: string, edit: TextEdit): EditResult => ({ ok: true, edit: { kind, name: shown, line: at, edits: [edit], summary: `removed ${kind} \`${shown}\`` } });
  if (member !== undefined) {
    const want = unquote(member);
    if (ts.isEnumDeclaration(node)) {
      const m = node.members.find((x) => nameText(x) === want);
      if (!m) return { ok: false, reason: `enum \`${name}\` has no member \`${want}\` (its members: ${node.members.map((x) => nameText(x)).join(', ')})` };
      return done('enum member', `${name}.${want}`, deleteFromList(sf, m, node.members));
    }
    const union = unionOf(ts.isTypeAliasDeclaration(node) || ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node) ? node.type : undefined);
    if (union) {
      const m = union.types.find((t) => literalValue(t) === want);
      if (!m) return { ok: false, reason: `the union of \`${name}\` has no literal \`${want}\` (it is \`${union.getText(sf).slice(0, 80)}\`)` };
      return done('union literal', `${m.getText(sf)} of ${name}`, deleteFromList(sf, m, union.types));
    }
    const members = membersOf(node);
    if (members) {
      const m = members.find((x) => nameText(x) === want);
      if (!m) return { ok: false, reason: `\`${name}\` has no member \`${want}\`` };
      return done(kindOf(m), `${name}.${want}`, deleteNode(sf, m));
    }
    return { ok: false, reason: `\`${name}\` is ${article(kindOf(node))} with no member \`${want}\`: ${REMOVABLE}` };
  }
  if (ts.isEnumMember(node)) return done('enum member', name, deleteFromList(sf, node, node.parent.members));
  if (ts.isParameter(node) && ts.isFunctionLike(node.parent)) return done('parameter', name, deleteFromList(sf, node, node.parent.parameters));
  if (ts.isTypeElement(node) || ts.isClassElement(node)) return done(kindOf(node), name, deleteNode(sf, node));
  if (ts.isVariableDeclaration(node)) {
    const list = node.parent;
    if (ts.isVariableDeclarationList(list) && list.declarations.length > 1) return done('variable', name, deleteFromList(sf, node, list.declarations));
    if (ts.isVariableDeclarationList(list) && ts.isVariableStatement(list.parent)) return done('variable', name, deleteNode(sf, list.parent));
  }
  if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node) || ts.isModuleDeclaration(node)) {
    return done(kindOf(node), name, deleteNode(sf, node));
  }
  return { ok: false, reason: `\`${asked}\` is ${article(kindOf(node))}, which the checker cannot remove: ${REMOVABLE}, or a whole declaration` };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function renameEdit(node: ts.Node, sf: ts.SourceFile, asked: string, newName: string | undefined): EditResult {
  const nameNode = (node as Named).name;
  if (!nameNode || !(ts.isIdentifier(nameNode) || ts.isPrivateIdentifier(nameNode))) {
    return { ok: false, reason: `\`${asked}\` has no plain identifier to rename (a destructuring, a quoted or computed name): ask about a named declaration` };
  }
  const old = nameNode.text;
  const hash = ts.isPrivateIdentifier(nameNode) ? '#' : '';
  const wanted = newName === undefined ? `${old.replace(/^#/, '')}Renamed` : newName.replace(/^#/, '');
  if (!IDENTIFIER.test(wanted)) return { ok: false, reason: `\`${newName}\` is not a valid TypeScript identifier: give the new name as one word (letters, digits, _ or $)` };
  if (`${hash}${wanted}` === old) return { ok: false, reason: `\`${asked}\` is already called \`${old}\`: nothing changes` };
  const name = qualifiedName(node, asked);
  return {
    ok: true,
    edit: {
      kind: kindOf(node),
      name,
      line: line(sf, nameNode),
      edits: [{ pos: nameNode.getStart(sf), insert: `${hash}${wanted}`, remove: nameNode.end - nameNode.getStart(sf) }],
      summary: `renamed \`${name}\` to \`${hash}${wanted}\` (the declaration only${newName === undefined ? '; the question gave no new name' : ''})`,
    },
  };
}

/** The function-like declaration a parameter goes to: the node itself, a const's function, a class's constructor, a property's function type. */
function functionOf(node: ts.Node): ts.SignatureDeclaration | null {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isMethodSignature(node) || ts.isConstructorDeclaration(node)) return node;
  if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) {
    let init = node.initializer;
    while (init && (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
    if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return init;
    if (!ts.isPropertyAssignment(node) && node.type && ts.isFunctionTypeNode(node.type)) return node.type;
  }
  if (ts.isPropertySignature(node) && node.type && ts.isFunctionTypeNode(node.type)) return node.type;
  if (ts.isClassDeclaration(node)) return node.members.find(ts.isConstructorDeclaration) ?? null;
  return null;
}

const CALLABLE = 'a parameter can be added to a function, a method (of a class or an interface), a class with a constructor, or a const or property holding an arrow function, a function expression or a function type';

function addParameterEdit(node: ts.Node, sf: ts.SourceFile, asked: string, optional: boolean): EditResult {
  const fn = functionOf(node);
  if (!fn) {
    const why = ts.isClassDeclaration(node) ? `class \`${asked}\` declares no constructor` : `\`${asked}\` is ${article(kindOf(node))}, not a function`;
    return { ok: false, reason: `${why}: ${CALLABLE}` };
  }
  const params = fn.parameters;
  const param = `${NEW_PARAMETER}${optional ? '?' : ''}: ${NEW_PARAMETER_TYPE}`;
  // A required parameter goes before the first optional, defaulted or rest one; an optional one before the rest parameter.
  const before = params.find((p) => p.dotDotDotToken || (!optional && (p.questionToken || p.initializer)));
  let edits: TextEdit[];
  if (before) edits = [{ pos: before.getStart(sf), insert: `${param}, ` }];
  else if (params.length === 0) edits = [{ pos: params.pos, insert: param }]; // the list starts right after `(`
  else {
    const last = params[params.length - 1] as ts.ParameterDeclaration;
    // `x => ...`: an arrow function's lone parameter without parentheses gets them.
    const bare = ts.isArrowFunction(fn) && !sf.text.slice(params.pos, fn.equalsGreaterThanToken.getStart(sf)).includes(')');
    edits = bare ? [{ pos: last.getStart(sf), insert: '(' }, { pos: last.end, insert: `, ${param})` }] : [{ pos: last.end, insert: `, ${param}` }];
  }
  const name = ts.isConstructorDeclaration(fn) ? `${nameText(fn.parent) ?? asked} constructor` : qualifiedName(node, asked);
  return {
    ok: true,
    edit: { kind: ts.isConstructorDeclaration(fn) ? 'constructor' : kindOf(node), name, line: line(sf, (node as Named).name ?? node), edits, summary: `added ${optional ? 'an optional' : 'a required'} parameter \`${param}\` to \`${name}\`` },
  };
}

/** Whether `text` is one type expression (and nothing more) TypeScript can parse. */
export function parsesAsType(text: string): boolean {
  if (text.trim() === '' || /[;\n]/.test(text)) return false;
  const source = `type __ScoutType = ${text};`;
  const sf = ts.createSourceFile('type.ts', source, ts.ScriptTarget.Latest, true);
  const stmt = sf.statements[0];
  if (sf.statements.length !== 1 || !stmt || !ts.isTypeAliasDeclaration(stmt) || stmt.type.end !== source.length - 1) return false;
  const out = ts.transpileModule(source, { reportDiagnostics: true, compilerOptions: { noEmit: true } });
  return (out.diagnostics ?? []).length === 0;
}

const TYPED = 'a new type can be given to a property, a parameter, a variable or a type alias';

function changeTypeEdit(node: ts.Node, sf: ts.SourceFile, asked: string, newType: string | undefined): EditResult {
  if (newType === undefined) return { ok: false, reason: `the question does not say which type \`${asked}\` gets: ask e.g. "what breaks if I change the type of \`${asked}\` to string"` };
  if (!parsesAsType(newType)) return { ok: false, reason: `\`${newType}\` does not parse as a TypeScript type: write the new type in backticks, e.g. \`string | undefined\`` };
  const name = qualifiedName(node, asked);
  const done = (edit: TextEdit, at: ts.Node): EditResult => ({ ok: true, edit: { kind: kindOf(node), name, line: line(sf, at), edits: [edit], summary: `\`${name}\` typed \`${newType}\`` } });
  if (ts.isTypeAliasDeclaration(node)) return done({ pos: node.type.getStart(sf), insert: newType, remove: node.type.end - node.type.getStart(sf) }, node.name);
  if (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node) || ts.isVariableDeclaration(node)) {
    if (node.type) return done({ pos: node.type.getStart(sf), insert: newType, remove: node.type.end - node.type.getStart(sf) }, node.name);
    if (!ts.isIdentifier(node.name) && !ts.isPrivateIdentifier(node.name) && !ts.isStringLiteral(node.name)) return { ok: false, reason: `\`${asked}\` is a destructuring: ${TYPED}` };
    const token = (node as { questionToken?: ts.Node; exclamationToken?: ts.Node }).questionToken ?? (node as { exclamationToken?: ts.Node }).exclamationToken;
    return done({ pos: (token ?? node.name).end, insert: `: ${newType}` }, node.name);
  }
  return { ok: false, reason: `\`${asked}\` is ${article(kindOf(node))}: ${TYPED} (for a function, ask about one of its parameters)` };
}

function makeOptionalEdit(node: ts.Node, sf: ts.SourceFile, asked: string): EditResult {
  const name = qualifiedName(node, asked);
  const optionalable = ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isMethodSignature(node) || ts.isMethodDeclaration(node) || ts.isParameter(node);
  if (!optionalable) return { ok: false, reason: `\`${asked}\` is ${article(kindOf(node))}: only a property, a method or a parameter can be made optional` };
  if (node.questionToken) return { ok: false, reason: `\`${name}\` is optional already: nothing changes` };
  if (ts.isParameter(node) && (node.initializer || node.dotDotDotToken)) return { ok: false, reason: `parameter \`${name}\` has a default value or is a rest parameter: it is optional already` };
  const bang = ts.isPropertyDeclaration(node) ? node.exclamationToken : undefined;
  const edit: TextEdit = bang ? { pos: bang.getStart(sf), insert: '?', remove: 1 } : { pos: node.name.end, insert: '?' };
  return { ok: true, edit: { kind: kindOf(node), name, line: line(sf, node.name), edits: [edit], summary: `\`${name}\` made optional` } };
}

/** The edit for `change` (any kind but add_variant) on `node` (found by findDeclaration), or the reason it cannot be written. */
export function changeEditFor(node: ts.Node, sf: ts.SourceFile, asked: string, change: ChangeSpec): EditResult {
  switch (change.kind) {
    case 'remove':
      return removeEdit(node, sf, asked, change.member);
    case 'rename':
      return renameEdit(node, sf, asked, change.newName);
    case 'add_parameter':
      return addParameterEdit(node, sf, asked, change.optional === true);
    case 'change_type':
      return changeTypeEdit(node, sf, asked, change.newType);
    case 'make_optional':
      return makeOptionalEdit(node, sf, asked);
    case 'add_variant':
      return { ok: false, reason: 'add_variant is written by variantEditFor' };
  }
}
