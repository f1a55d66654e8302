/**
 * "Add a variant" as a TypeScript edit, per kind of declaration, written without adding a line (so every
 * line number of the edited file stays valid):
 * - an enum: a member `__ScoutNew = '__scout_new'` (string enums) or `= 987654` (numeric) before its `}`;
 * - a type alias written as a union of string literals: `| '__scout_new'` after it;
 * - another alias the checker resolves to a union of string or number literals (`keyof typeof CODES`,
 *   `(typeof KINDS)[number]`, unions of unions): when it is derived from one const object or array literal
 *   of the same file, a new entry there (where a developer would add it); otherwise `(T) | '__scout_new'`;
 * - a property or parameter whose annotation is such a union or an enum (`Owner.prop`): its annotation
 *   becomes `T | '__scout_new'`, in place;
 * - a const object or array literal (`as const`, `Object.freeze` allowed): a new entry;
 * - a tagged union (object types sharing a literal tag): a member shaped like the first with a new tag.
 * Anything else (a function, an interface, a generic alias, objects with no shared tag) is refused with the
 * reason, which the answer shows.
 */
import ts from 'typescript';

export const NEW_STRING = '__scout_new';
export const NEW_MEMBER = '__ScoutNew';
export const NEW_NUMBER = 987654;

export interface TextEdit {
  pos: number;
  insert: string;
  /** Characters of the original text replaced from `pos` (other change kinds delete or rename; "add a variant" only inserts). */
  remove?: number;
}

export interface VariantEdit {
  /** `enum (string)`, `string-literal union`, `derived literal union (variant added to const CODES)`, `property typed with a literal union`. */
  kind: string;
  /** The declaration's name as written (`LLMKind`, `ModelConfig.kind`). */
  name: string;
  /** 1-based line of the declaration's name. */
  line: number;
  edits: TextEdit[];
  /** The edit in words, for other change kinds (`removed enum member \`Kind.B\``); add-variant edits are shown as their inserted text. */
  summary?: string;
}

export type EditResult = { ok: true; edit: VariantEdit } | { ok: false; reason: string };

const DECLARATION_KINDS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.EnumMember,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.MethodSignature,
  ts.SyntaxKind.VariableDeclaration,
  ts.SyntaxKind.PropertySignature,
  ts.SyntaxKind.PropertyDeclaration,
  ts.SyntaxKind.Parameter,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

type Named = ts.Node & { name?: ts.Node };

function nameText(node: Named): string | null {
  const n = node.name;
  if (!n) return null;
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n) || ts.isNumericLiteral(n)) return n.text;
  return null;
}

/**
 * The declaration named `name` (its last segment for `Owner.prop`) at the 1-based `line` (and 0-based
 * `column`, when known) of `sf`: the declaration whose name covers the position, else one on that line.
 */
export function findDeclaration(sf: ts.SourceFile, name: string, line: number, column?: number): ts.Node | null {
  const want = (name.split('.').pop() ?? name).replace(/^(['"])(.*)\1$/, '$2');
  const lineStart = sf.getLineStarts()[line - 1];
  if (lineStart === undefined) return null;
  const pos = column !== undefined ? Math.min(lineStart + column, sf.text.length) : -1;
  let exact: ts.Node | null = null;
  let onLine: ts.Node | null = null;
  const visit = (node: ts.Node): void => {
    if (DECLARATION_KINDS.has(node.kind) && nameText(node as Named) === want) {
      const nameNode = (node as Named).name as ts.Node;
      const start = nameNode.getStart(sf);
      if (pos >= start && pos <= nameNode.end) exact ??= node;
      if (sf.getLineAndCharacterOfPosition(start).line + 1 === line) onLine ??= node;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return exact ?? onLine;
}

function stripParens(type: ts.TypeNode): ts.TypeNode {
  while (ts.isParenthesizedTypeNode(type)) type = type.type;
  return type;
}

function isStringLiteralUnion(type: ts.TypeNode): type is ts.UnionTypeNode {
  const t = stripParens(type);
  return ts.isUnionTypeNode(t) && t.types.every((m) => {
    const s = stripParens(m);
    return ts.isLiteralTypeNode(s) && (ts.isStringLiteral(s.literal) || ts.isNoSubstitutionTemplateLiteral(s.literal));
  });
}

function unwrapExpression(e: ts.Expression): ts.Expression {
  for (;;) {
    if (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e) && e.expression.getText() === 'Object.freeze' && e.arguments.length === 1 && e.arguments[0]) e = e.arguments[0];
    else return e;
  }
}

const isNumberLiteral = (e: ts.Node): boolean => ts.isNumericLiteral(e) || (ts.isPrefixUnaryExpression(e) && ts.isNumericLiteral(e.operand));

/** A new entry in a const object or array literal, or null when the initializer is not one. */
function literalEntryEdit(sf: ts.SourceFile, d: ts.VariableDeclaration): TextEdit | null {
  if (!d.initializer) return null;
  const e = unwrapExpression(d.initializer);
  const close = e.end - 1;
  if (ts.isObjectLiteralExpression(e) && sf.text[close] === '}' && e.properties.every((p) => ts.isPropertyAssignment(p))) {
    const numeric = e.properties.length > 0 && e.properties.every((p) => ts.isPropertyAssignment(p) && isNumberLiteral(p.initializer));
    const sep = e.properties.length === 0 || e.properties.hasTrailingComma ? ' ' : ', ';
    return { pos: close, insert: `${sep}${NEW_STRING}: ${numeric ? NEW_NUMBER : `'${NEW_STRING}'`} ` };
  }
  if (ts.isArrayLiteralExpression(e) && sf.text[close] === ']') {
    const numeric = e.elements.length > 0 && e.elements.every(isNumberLiteral);
    const sep = e.elements.length === 0 || e.elements.hasTrailingComma ? ' ' : ', ';
    return { pos: close, insert: `${sep}${numeric ? NEW_NUMBER : `'${NEW_STRING}'`} ` };
  }
  return null;
}

/** For an alias derived from one const of the same file (`keyof typeof CODES`), the entry to add to that const. */
function constSource(sf: ts.SourceFile, typeNode: ts.TypeNode): { name: string; edit: TextEdit } | null {
  const names = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isTypeQueryNode(n) && ts.isIdentifier(n.exprName)) names.add(n.exprName.text);
    ts.forEachChild(n, visit);
  };
  visit(typeNode);
  const [name] = names;
  if (names.size !== 1 || name === undefined) return null;
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt) || !(stmt.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of stmt.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== name) continue;
      const edit = literalEntryEdit(sf, d);
      if (edit) return { name, edit };
    }
  }
  return null;
}

const LITERAL = ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.EnumLiteral;
const NULLISH = ts.TypeFlags.Null | ts.TypeFlags.Undefined;
/** Members a literal union may hold besides its string or number literals (`'shallow' | 'deep' | true`, `'a' | 'b' | null`). */
const BESIDE_LITERALS = NULLISH | ts.TypeFlags.BooleanLiteral;

/** The string, number or enum literal members of a union of literals (null, undefined, true and false left out), or null when the type is not one. */
function literalMembers(type: ts.Type): ts.Type[] | null {
  const all = type.isUnion() ? type.types : [type];
  if (!all.every((t) => (t.flags & (LITERAL | BESIDE_LITERALS)) !== 0)) return null;
  const members = all.filter((t) => (t.flags & BESIDE_LITERALS) === 0);
  if (members.length === 0) return null;
  // A lone string literal is one value, not a set of variants; a lone enum member is one too, but an enum with one member is a set.
  if (members.length === 1 && !(type.flags & ts.TypeFlags.EnumLiteral)) return null;
  return members;
}

/** `boolean or null`: what sits beside the literals of a mixed literal union. */
function describeBeside(all: readonly ts.Type[]): string {
  const words: string[] = [];
  if (all.some((t) => t.flags & ts.TypeFlags.BooleanLiteral)) words.push('boolean');
  if (all.some((t) => t.flags & ts.TypeFlags.Null)) words.push('null');
  if (all.some((t) => t.flags & ts.TypeFlags.Undefined)) words.push('undefined');
  return words.join(' or ');
}

function numericOnly(members: ts.Type[]): boolean {
  return members.every((t) => (t.flags & ts.TypeFlags.NumberLiteral) !== 0);
}

function line(sf: ts.SourceFile, node: ts.Node): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

function kindWord(node: ts.Node): string {
  if (ts.isFunctionDeclaration(node)) return 'a function';
  if (ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) return 'a method';
  if (ts.isGetAccessor(node) || ts.isSetAccessor(node)) return 'an accessor';
  if (ts.isInterfaceDeclaration(node)) return 'an interface';
  if (ts.isClassDeclaration(node)) return 'a class';
  if (ts.isModuleDeclaration(node)) return 'a namespace';
  if (ts.isVariableDeclaration(node)) return 'a variable';
  return `a ${ts.SyntaxKind[node.kind]}`;
}

const WHAT_CAN = 'a variant can be added to an enum, a union of string or number literals, a tagged union of object types, a const object or array a union is derived from, or a property typed with one of those';

/** Discriminant names code tends to switch on, tried first when members share several literal properties. */
const USUAL_TAGS = ['type', 'kind', '_tag', 'tag', 'status'];

/**
 * The property every member of a union of object types holds as a literal (the tag code switches on),
 * or null when they share none.
 */
function discriminantOf(members: readonly ts.Type[], checker: ts.TypeChecker): { name: string; numeric: boolean } | null {
  /** Tag name -> whether its values are numbers; narrowed member by member. */
  const literalProps = (m: ts.Type): Map<string, boolean> => {
    const out = new Map<string, boolean>();
    for (const p of checker.getPropertiesOfType(m)) {
      const t = checker.getTypeOfSymbol(p);
      if (t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral)) out.set(p.name, (t.flags & ts.TypeFlags.NumberLiteral) !== 0);
      // A member tagged with several values (`type: 'mysql' | 'mariadb'`) is still tagged: one member, two tags.
      else if (t.isUnion() && t.types.every((v) => v.flags & ts.TypeFlags.StringLiteral)) out.set(p.name, false);
      else if (t.isUnion() && t.types.every((v) => v.flags & ts.TypeFlags.NumberLiteral)) out.set(p.name, true);
    }
    return out;
  };
  if (members.length === 0 || members.some((m) => (m.flags & ts.TypeFlags.Object) === 0)) return null;
  const [head, ...rest] = members.map(literalProps);
  const common = new Map([...(head ?? [])].filter(([n, numeric]) => rest.every((r) => r.get(n) === numeric)));
  const name = USUAL_TAGS.find((n) => common.has(n)) ?? [...common.keys()].sort()[0];
  return name === undefined ? null : { name, numeric: common.get(name) ?? false };
}

/**
 * A tagged union's new member: shaped like the first member with a new tag value,
 * `| (Omit<First, 'kind'> & { kind: '__scout_new' })`. It carries the same fields as an existing variant, so
 * only code that needs the set of tags breaks (an exhaustive switch, a Record over the tags), not every
 * access to a shared field. The first member is printed without comments on one line (no line is added).
 */
function taggedUnionEdit(node: ts.TypeAliasDeclaration, sf: ts.SourceFile, checker: ts.TypeChecker): { kind: string; edits: TextEdit[] } | { why: string } {
  const union = stripParens(node.type);
  if (!ts.isUnionTypeNode(union)) return { why: 'not written as a union' };
  const members = union.types.map((m) => checker.getTypeFromTypeNode(m));
  if (members.some((m) => m.isUnion())) return { why: 'that nests other unions' };
  const tag = discriminantOf(members, checker);
  if (!tag) return { why: 'with no shared tag (no property that is a literal in every member)' };
  const first = union.types[0];
  if (!first) return { why: 'with no member' };
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  const firstText = printer.printNode(ts.EmitHint.Unspecified, first, sf).replace(/\s*\n\s*/g, ' ');
  const key = /^[A-Za-z_$][\w$]*$/.test(tag.name) ? tag.name : JSON.stringify(tag.name);
  const value = tag.numeric ? String(NEW_NUMBER) : `'${NEW_STRING}'`;
  return {
    kind: `tagged union (a member like the first, tagged \`${tag.name}: ${value}\`)`,
    edits: [{ pos: node.type.end, insert: ` | (Omit<${firstText}, ${JSON.stringify(tag.name)}> & { ${key}: ${value} })` }],
  };
}

/** Ways a string enum's values follow its member names (`Foo = 'Foo'`, `Foo = 'foo'`, `Foo = 'FOO'`). */
const NAME_TO_VALUE: ReadonlyArray<(name: string) => string> = [(n) => n, (n) => n.toLowerCase(), (n) => n.toUpperCase()];

/**
 * The new member's string value: written the way every existing member's value follows its name, when one way
 * does, else NEW_STRING. A developer's new member follows the enum's convention (`JSXNamespacedName =
 * 'JSXNamespacedName'`); a probe that breaks it would break what a real member does not, such as a type that holds
 * every value to its name (test/fixtures/verify/src/node-type.ts), and be reported as a verified break.
 */
function newEnumString(members: ts.NodeArray<ts.EnumMember>): string {
  const pairs = members.flatMap((m) => {
    const v = m.initializer;
    const name = nameText(m as Named);
    return v && name !== null && (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v)) ? [{ name, value: v.text }] : [];
  });
  if (pairs.length < 2 || pairs.length < members.length) return NEW_STRING;
  const way = NAME_TO_VALUE.find((to) => pairs.every((p) => to(p.name) === p.value));
  return way ? way(NEW_MEMBER) : NEW_STRING;
}

/** The edit that adds a variant to `node` (found by findDeclaration), or the reason it cannot be written. */
export function variantEditFor(node: ts.Node, sf: ts.SourceFile, checker: ts.TypeChecker, asked: string): EditResult {
  const where = `${asked} (line ${line(sf, node)})`;
  if (ts.isEnumDeclaration(node)) {
    const close = node.end - 1;
    if (sf.text[close] !== '}') return { ok: false, reason: `could not find the closing brace of enum ${where}` };
    const members = node.members;
    const isString = members.some((m) => m.initializer && (ts.isStringLiteral(m.initializer) || ts.isNoSubstitutionTemplateLiteral(m.initializer)));
    const sep = members.length === 0 || members.hasTrailingComma ? ' ' : ', ';
    const constWord = ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Const ? 'const ' : '';
    const value = isString ? `'${newEnumString(members)}'` : String(NEW_NUMBER);
    return {
      ok: true,
      edit: { kind: `${constWord}enum (${isString ? 'string' : 'numeric'})`, name: node.name.text, line: line(sf, node.name), edits: [{ pos: close, insert: `${sep}${NEW_MEMBER} = ${value} ` }] },
    };
  }
  if (ts.isEnumMember(node)) return { ok: false, reason: `\`${asked}\` is a member of enum \`${node.parent.name.text}\`, not a type with variants: ask about \`${node.parent.name.text}\`` };
  if (ts.isTypeAliasDeclaration(node)) {
    const base = { name: node.name.text, line: line(sf, node.name) };
    if (node.typeParameters) return { ok: false, reason: `\`${asked}\` is a generic type alias: which instantiation gains the variant is not defined; ask about a concrete alias or property` };
    if (isStringLiteralUnion(node.type)) {
      return { ok: true, edit: { ...base, kind: 'string-literal union', edits: [{ pos: node.type.end, insert: ` | '${NEW_STRING}'` }] } };
    }
    const type = checker.getTypeFromTypeNode(node.type);
    const all = type.isUnion() ? type.types : [type];
    // true, false, null and undefined may sit beside the literals: the new variant is a string (or number) like the others.
    const members = all.filter((t) => (t.flags & BESIDE_LITERALS) === 0);
    const mixed = members.length < all.length;
    if (!members.every((t) => (t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral)) !== 0 && (t.flags & ts.TypeFlags.EnumLiteral) === 0) || members.length < (mixed ? 1 : 2) || all.length < 2) {
      const objects = members.some((t) => (t.flags & ts.TypeFlags.Object) !== 0);
      if (objects && type.isUnion()) {
        const tagged = taggedUnionEdit(node, sf, checker);
        if ('edits' in tagged) return { ok: true, edit: { ...base, kind: tagged.kind, edits: tagged.edits } };
        return { ok: false, reason: `\`${asked}\` is a union of object types ${tagged.why}: which new variant to add (its fields) is a design choice the checker cannot make; the answer lists the places that inspect it` };
      }
      return { ok: false, reason: `\`${asked}\` is not a union of literals (it is \`${checker.typeToString(type).slice(0, 80)}\`): ${WHAT_CAN}` };
    }
    const numeric = numericOnly(members);
    if (mixed) {
      const value = numeric ? String(NEW_NUMBER) : `'${NEW_STRING}'`;
      return { ok: true, edit: { ...base, kind: `literal union with ${describeBeside(all)} members`, edits: [{ pos: node.type.getStart(sf), insert: '(' }, { pos: node.type.end, insert: `) | ${value}` }] } };
    }
    const source = constSource(sf, node.type);
    if (source) return { ok: true, edit: { ...base, kind: `derived literal union (variant added to const ${source.name})`, edits: [source.edit] } };
    return {
      ok: true,
      edit: { ...base, kind: `derived ${numeric ? 'number' : 'string'}-literal union`, edits: [{ pos: node.type.getStart(sf), insert: '(' }, { pos: node.type.end, insert: `) | ${numeric ? NEW_NUMBER : `'${NEW_STRING}'`}` }] },
    };
  }
  if (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isParameter(node)) {
    const owner = ts.isParameter(node) ? null : (node.parent as Named);
    const ownerName = owner ? nameText(owner) : null;
    const name = `${ownerName ? `${ownerName}.` : ''}${nameText(node as Named) ?? asked}`;
    if (!node.type) return { ok: false, reason: `\`${asked}\` has no type annotation to add a variant to; annotate it, or ask about the type it holds` };
    const members = literalMembers(checker.getTypeFromTypeNode(node.type));
    if (!members) return { ok: false, reason: `\`${asked}\` is typed \`${node.type.getText(sf).slice(0, 80)}\`, not a union of literals or an enum: ${WHAT_CAN}` };
    const value = numericOnly(members) ? String(NEW_NUMBER) : `'${NEW_STRING}'`;
    const edits: TextEdit[] = isStringLiteralUnion(node.type)
      ? [{ pos: node.type.end, insert: ` | ${value}` }]
      : [{ pos: node.type.getStart(sf), insert: '(' }, { pos: node.type.end, insert: `) | ${value}` }];
    return { ok: true, edit: { kind: 'property typed with a literal union', name, line: line(sf, node.name), edits } };
  }
  if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent) && node.parent.flags & ts.NodeFlags.Const) {
    const edit = literalEntryEdit(sf, node);
    if (edit && ts.isIdentifier(node.name)) return { ok: true, edit: { kind: 'const object or array literal', name: node.name.text, line: line(sf, node.name), edits: [edit] } };
  }
  return { ok: false, reason: `\`${asked}\` is ${kindWord(node)}, not a type with variants: ${WHAT_CAN}` };
}

/** The text with the edits applied (they do not overlap). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.pos - a.pos)) out = out.slice(0, e.pos) + e.insert + out.slice(e.pos + (e.remove ?? 0));
  return out;
}

/** A position of the edited text mapped back to the original text (a position inside an edit's new text maps to where the edit starts). */
export function originalPosition(pos: number, edits: readonly TextEdit[]): number {
  let shift = 0;
  for (const e of [...edits].sort((a, b) => a.pos - b.pos)) {
    const at = e.pos + shift;
    if (pos < at) break;
    if (pos < at + e.insert.length) return e.pos;
    shift += e.insert.length - (e.remove ?? 0);
  }
  return pos - shift;
}
