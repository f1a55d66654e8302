/**
 * Every change kind as a C or C++ edit of the declaration the exploration found (by line, never by bare name
 * elsewhere), each keeping every line where it was (verify/line-edits.ts), so clang's lines are the user's:
 * - add_variant: an enumerator `SCOUT_NEW_VARIANT` inserted before the enum's closing brace: each `switch`
 *   over the enum without a `default` then misses a case, which `-Werror=switch` makes an error;
 * - remove: a function, a global, a type, a typedef, a field, a method, an enumerator or a macro blanked;
 *   "remove `GREEN` from `color`": the enumerator of the enum, the field or method of the struct or class;
 * - rename: the declaration's name only (a class's constructors and destructor with it), so every use
 *   that does not follow breaks;
 * - add_parameter: `int scout_new` (C) or `struct ScoutNewParameter *scout_new` (C++: no argument of the
 *   old calls converts to it) after the last parameter, before a `...` or C++'s first default argument;
 * - change_type: a variable's, field's, parameter's or typedef's type, or a function's return type.
 * A function's or global's other declarations (its prototype in a header, its definition in a source) take
 * the same edit (`sameEdit`): the checker finds them in the files that can see the change.
 * C has no optional type and no default arguments: make_optional, and an optional new parameter, are
 * refused with what would work.
 */
import { editForKind } from '../verify/change-edit.js';
import type { ChangeSpec } from '../verify/checker.js';
import { blankRange, editAt, type LineEdit } from '../verify/line-edits.js';
import type { Token } from './c-code.js';
import { type CDeclaration, type CFile, declarationAt, enumeratorsOf, memberOf } from './declarations.js';

export const NEW_VARIANT = 'SCOUT_NEW_VARIANT';
export const C_NEW_PARAMETER = 'int scout_new';
export const CPP_NEW_PARAMETER = 'struct ScoutNewParameter *scout_new';

export const C_KINDS = 'adding an enumerator to an enum, and removing, renaming, adding a parameter and changing a type (a function, a method, a global, a type, a field, an enumerator, a macro)';

const IDENTIFIER = /^[A-Za-z_]\w*$/;

export interface CEdit {
  /** Edits of the declaration's own file. */
  edits: LineEdit[];
  /** The declaration edited. */
  target: CDeclaration;
  /** The same change to another declaration of the same function or global (in any file); null: this one only. */
  sameEdit: ((file: CFile, decl: CDeclaration) => LineEdit[]) | null;
  /** As the check reports it (`color`, `order.qty`, `Shape::area`) and its kind in words. */
  name: string;
  kind: string;
  /** 1-based line of the declaration's name. */
  declLine: number;
  /** The edit in the answer's words. */
  summary: string;
}

export type CEditResult = { ok: true; edit: CEdit } | { ok: false; reason: string };

const WORDS: Record<string, string> = { variable: 'global variable', enum: 'enum', typedef: 'typedef' };
export const kindWord = (d: CDeclaration): string => WORDS[d.kind] ?? d.kind;
const article = (word: string): string => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
const isFunction = (d: CDeclaration): boolean => d.kind === 'function' || d.kind === 'method' || d.kind === 'constructor';

/** The file's language for the edit: C++ when the file says so by its extension or its words. */
export function isCpp(fileName: string, file: CFile): boolean {
  if (/\.(cc|cpp|cxx|c\+\+|hh|hpp|hxx|ipp|tpp)$/i.test(fileName)) return true;
  if (/\.c$/i.test(fileName)) return false;
  return file.code.tokens.some((t) => t.text === 'namespace' || t.text === 'class' || t.text === 'template' || t.text === '::');
}

function addVariantEdit(file: CFile, decl: CDeclaration, line: number): CEditResult {
  const body = decl.body;
  if (decl.kind === 'enum' && !body) return { ok: false, reason: `\`${decl.label}\` is declared here without its enumerators (a forward declaration): ask about the enum where its enumerators are listed` };
  if (decl.kind !== 'enum' || !body) return { ok: false, reason: `\`${decl.label}\` is ${article(kindWord(decl))}, not an enum with a body: a variant can be added to an enum (\`enum color { … }\`, \`enum class Kind { … }\`)` };
  const { tokens } = file.code;
  const open = tokens[body.open] as Token;
  const close = tokens[body.close] as Token;
  // Enumerators written by a macro (an X-macro list, an included file): the checker cannot add one beside them.
  const inner = tokens.slice(body.open + 1, body.close);
  const call = inner.findIndex((t, k) => /^[A-Za-z_]/.test(t.text) && inner[k + 1]?.text === '(');
  if (call >= 0) return { ok: false, reason: `the enumerators of \`${decl.label}\` are written by a macro (\`${inner[call]?.text}(…)\`): add the new case where that macro's list is defined, and ask about that list` };
  if (file.code.directives.some((d) => d.start > open.start && d.start < close.start && /^include\b/.test(d.body))) {
    return { ok: false, reason: `the enumerators of \`${decl.label}\` come from an \`#include\` inside the enum: add the new case to the included list` };
  }
  const last = tokens[body.close - 1] as Token;
  const insert = last.text === '{' || last.text === ',' ? `${NEW_VARIANT} ` : `, ${NEW_VARIANT} `;
  const count = enumeratorsOf(file.code, body).length;
  return {
    ok: true,
    edit: {
      edits: [editAt(file.code.text, close.start, 0, insert)],
      target: decl,
      sameEdit: null,
      name: decl.label,
      kind: 'enum',
      declLine: line,
      summary: `enumerator \`${NEW_VARIANT}\` added to enum \`${decl.label}\` (after its ${count} enumerator(s))`,
    },
  };
}

const blankOf = (file: CFile, d: CDeclaration): LineEdit[] => blankRange(file.code.text, d.removeStart, d.removeEnd);

function removeEdit(file: CFile, decl: CDeclaration, line: number, member: string | undefined): CEditResult {
  let target = decl;
  if (member !== undefined) {
    if (!decl.body) return { ok: false, reason: `\`${decl.label}\` is ${article(kindWord(decl))}, which has no members: a member can be removed from an enum, a struct, a class or a union` };
    const found = memberOf(file, decl, member);
    if (!found) return { ok: false, reason: `${kindWord(decl)} \`${decl.label}\` has no member \`${member}\` in this file` };
    target = found;
  }
  if (target.kind === 'parameter') return { ok: false, reason: `\`${target.label}\` is a parameter: removing one is not verified; ask about adding a parameter or changing its type` };
  if (target.kind === 'enumerator' && target.siblings === 1) return { ok: false, reason: `\`${target.label}\` is the only enumerator of its enum: remove the enum instead` };
  const label = target.label;
  return {
    ok: true,
    edit: {
      edits: blankOf(file, target),
      target,
      sameEdit: isFunction(target) || target.kind === 'variable' ? (f, d) => blankOf(f, d) : null,
      name: label,
      kind: kindWord(target),
      declLine: line,
      summary: `removed ${kindWord(target)} \`${label}\``,
    },
  };
}

/** A class's constructors and destructor, renamed with it (their names are the class's). */
function constructorNames(file: CFile, decl: CDeclaration, own: string, wanted: string): LineEdit[] {
  const body = decl.body;
  if (!body || (decl.kind !== 'class' && decl.kind !== 'struct')) return [];
  const { tokens } = file.code;
  const out: LineEdit[] = [];
  for (let i = body.open + 1; i < body.close; i++) {
    const t = tokens[i] as Token;
    if (t.text === own && (tokens[i + 1]?.text === '(' || tokens[i - 1]?.text === '~')) out.push(editAt(file.code.text, t.start, own.length, wanted));
  }
  return out;
}

function renameEdit(file: CFile, decl: CDeclaration, line: number, newName: string | undefined): CEditResult {
  const own = decl.name;
  const wanted = newName ?? `${own}_renamed`;
  if (!IDENTIFIER.test(wanted)) return { ok: false, reason: `\`${newName}\` is not a C identifier: give the new name as one word (letters, digits, _)` };
  if (wanted === own) return { ok: false, reason: `\`${decl.label}\` is already called \`${own}\`: nothing changes` };
  if (decl.kind === 'constructor') return { ok: false, reason: `\`${decl.label}\` is a constructor, named after its class: rename the class instead` };
  const renameOf = (f: CFile, d: CDeclaration): LineEdit[] => [editAt(f.code.text, d.nameStart, d.nameEnd - d.nameStart, wanted)];
  return {
    ok: true,
    edit: {
      edits: [...renameOf(file, decl), ...constructorNames(file, decl, own, wanted)],
      target: decl,
      sameEdit: isFunction(decl) || decl.kind === 'variable' ? renameOf : null,
      name: decl.label,
      kind: kindWord(decl),
      declLine: line,
      summary: `renamed ${kindWord(decl)} \`${decl.label}\` to \`${wanted}\` (its declarations only${newName === undefined ? '; the question gave no new name' : ''})`,
    },
  };
}

/** Where a new parameter goes in `d`'s list, and the text inserted there. */
function parameterInsertion(file: CFile, d: CDeclaration, cpp: boolean): LineEdit | null {
  const head = d.head;
  if (!head) return null;
  const { tokens, text } = file.code;
  const added = cpp ? CPP_NEW_PARAMETER : C_NEW_PARAMETER;
  const inner = tokens.slice(head.paramsOpen + 1, head.paramsClose);
  const close = tokens[head.paramsClose] as Token;
  if (inner.length === 0) return editAt(text, close.start, 0, added);
  if (inner.length === 1 && inner[0]?.text === 'void') return editAt(text, (inner[0] as Token).start, 4, added);
  // Before `...` (it must stay last) and, in C++, before the first default argument (those after it need one).
  let depth = 0;
  let paramStart = head.paramsOpen + 1;
  for (let i = head.paramsOpen + 1; i < head.paramsClose; i++) {
    const t = (tokens[i] as Token).text;
    if (t === '(' || t === '[' || t === '{' || t === '<') depth++;
    else if (t === ')' || t === ']' || t === '}' || t === '>') depth--;
    else if (depth === 0 && t === ',') paramStart = i + 1;
    else if (depth === 0 && (t === '...' || (t === '=' && cpp))) return editAt(text, (tokens[paramStart] as Token).start, 0, `${added}, `);
  }
  return editAt(text, close.start, 0, `, ${added}`);
}

function addParameterEdit(file: CFile, decl: CDeclaration, line: number, optional: boolean | undefined, cpp: boolean): CEditResult {
  if (optional) return { ok: false, reason: `${cpp ? 'a default argument' : 'C has no default arguments: a new function beside the old one'} breaks no call clang checks; ask about a required parameter to see every call that must pass it` };
  if (!isFunction(decl)) return { ok: false, reason: `\`${decl.label}\` is ${article(kindWord(decl))}, not a function: a parameter can be added to a function, a method or a constructor` };
  const edit = parameterInsertion(file, decl, cpp);
  if (!edit) return { ok: false, reason: `the parameters of \`${decl.label}\` cannot be read` };
  const added = cpp ? CPP_NEW_PARAMETER : C_NEW_PARAMETER;
  return {
    ok: true,
    edit: {
      edits: [edit],
      target: decl,
      sameEdit: (f, d) => {
        const e = parameterInsertion(f, d, cpp);
        return e ? [e] : [];
      },
      name: decl.label,
      kind: kindWord(decl),
      declLine: line,
      summary: `required parameter \`${added}\` added to ${kindWord(decl)} \`${decl.label}\``,
    },
  };
}

/** A type as a question may write it: one line, no statement, comment or preprocessor in it. */
const TYPE_TEXT = /^[^\n;{}#]+$/;

function changeTypeEdit(file: CFile, decl: CDeclaration, line: number, newType: string | undefined): CEditResult {
  const label = decl.label;
  if (newType === undefined) return { ok: false, reason: `the question gives no new type for \`${label}\`: say which (\`what breaks if I change the type of ${label} to long?\`)` };
  const wanted = newType.trim().replace(/^`|`$/g, '');
  if (!TYPE_TEXT.test(wanted) || /\/[/*]/.test(wanted)) return { ok: false, reason: `\`${newType}\` is not a C type the checker can write (one line, no comment)` };
  const what = kindWord(decl);
  if (!['function', 'method', 'field', 'variable', 'parameter', 'typedef'].includes(decl.kind)) {
    return { ok: false, reason: `\`${label}\` is ${article(what)}: the checker changes the type of a variable, a field, a parameter, a typedef or a function's return type` };
  }
  if (decl.siblings > 1 && !isFunction(decl)) return { ok: false, reason: `\`${label}\` is declared with other names in one declaration: the checker changes a type declared for one name` };
  const typeEdit = (f: CFile, d: CDeclaration): LineEdit[] | string => {
    if (d.typeStart === undefined || d.typeEnd === undefined) return `the type of \`${d.label}\` cannot be read`;
    const old = f.code.text.slice(d.typeStart, d.typeEnd);
    if (old.includes('(') || old.includes('\n')) return `the type of \`${d.label}\` is written through a macro or across lines (\`${old.replace(/\s+/g, ' ')}\`): the checker changes a type written plainly`;
    // The name stays apart from the type (`long count`), or against a pointer's star (`char *name`).
    const spacer = /[\w>]$/.test(wanted) ? ' ' : '';
    return [editAt(f.code.text, d.typeStart, startOfName(f, d) - d.typeStart, `${wanted}${spacer}`)];
  };
  const own = typeEdit(file, decl);
  if (typeof own === 'string') return { ok: false, reason: own };
  const old = file.code.text.slice(decl.typeStart, decl.typeEnd).trim();
  return {
    ok: true,
    edit: {
      edits: own,
      target: decl,
      sameEdit: isFunction(decl) || decl.kind === 'variable' ? (f, d) => {
        const e = typeEdit(f, d);
        return typeof e === 'string' ? [] : e;
      } : null,
      name: label,
      kind: what,
      declLine: line,
      summary: `${isFunction(decl) ? 'return type' : 'type'} of ${what} \`${label}\` changed from \`${old}\` to \`${wanted}\``,
    },
  };
}

/** Where a declaration's (qualified) name starts: a function's `Shape::area` starts at `Shape`. */
function startOfName(file: CFile, d: CDeclaration): number {
  return d.head ? (file.code.tokens[d.head.nameFirst] as Token).start : d.nameStart;
}

export function changeEdit(file: CFile, fileName: string, name: string, line: number, change: ChangeSpec): CEditResult {
  const decl = declarationAt(file, name, line);
  if (!decl) return { ok: false, reason: `no C or C++ declaration of \`${name}\` at line ${line} (the checker reads functions, types, enums, fields, globals, enumerators and macros)` };
  if (decl.kind === 'macro' && change.kind !== 'remove' && change.kind !== 'rename') return { ok: false, reason: `\`${decl.label}\` is a macro: the checker removes or renames a macro, and changes the declarations a macro expands to` };
  const cpp = isCpp(fileName, file);
  if (change.kind === 'add_variant') return addVariantEdit(file, decl, line);
  return editForKind(
    change,
    {
      remove: (member) => removeEdit(file, decl, line, member),
      rename: (newName) => renameEdit(file, decl, line, newName),
      add_parameter: (optional) => addParameterEdit(file, decl, line, optional, cpp),
      change_type: (newType) => changeTypeEdit(file, decl, line, newType),
      make_optional: () => ({
        ok: false as const,
        reason: `${cpp ? 'C++ checks no optional value at compile time' : 'C has no optional type'}: ask to change the type to a pointer (\`change the type of ${decl.label} to T *\`)${cpp ? ' or to `std::optional<T>`' : ''}, which clang verifies at every use that reads the value; the C/C++ checker verifies ${C_KINDS}`,
      }),
    },
    () => ({ ok: false as const, reason: `the C/C++ checker verifies ${C_KINDS}` }),
  );
}
