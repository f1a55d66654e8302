/**
 * Reading TypeScript type text as written (in a hover, an annotation or a declaration), without a
 * parser: top-level splits, key types, object-type bodies and declaration extents. Shared by the
 * readings of indexed objects and built objects.
 */

/** Lines read from a type definition, at most (a declaration longer than this is read in part). */
export const MAX_DECLARATION_LINES = 80;

/** Top-level split of a type on a separator (outside <>, (), [], {}). */
export function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '(' || c === '[' || c === '{') depth++;
    else if ((c === '>' && text[i - 1] !== '=') || c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/**
 * The names a key type may use for the question's union: the union's own name, and for a union derived
 * from a constant, `keyof typeof CONSTANT` (the constant's keys are the variants).
 */
export type TargetNames = string | readonly string[];

const normalized = (text: string): string => text.replace(/\s+/g, ' ').replace(/^\((.*)\)$/, '$1').trim();

/** Whether a key type admits a new variant of `target`: the union itself, a union containing it, or any string. */
export function keyAdmits(keyType: string, target: TargetNames): boolean {
  const names = (typeof target === 'string' ? [target] : target).map(normalized);
  return splitTop(keyType, '|').some((raw) => {
    const k = normalized(raw);
    return names.includes(k) || k === 'string' || k === 'PropertyKey' || k === 'any' || k === 'keyof any';
  });
}

/** A type's body inside its outer braces, or null when it is not an object type. */
export function braceBody(text: string): string | null {
  const t = text.trim();
  if (!t.startsWith('{')) return null;
  const end = t.lastIndexOf('}');
  return end > 0 ? t.slice(1, end) : t.slice(1);
}

/** The text of the declaration starting at the first line: up to its balancing brace, or its `;` when it has none. */
export function declarationText(lines: readonly string[]): string {
  let depth = 0;
  let opened = false;
  let text = '';
  for (const line of lines.slice(0, MAX_DECLARATION_LINES)) {
    text += `${line}\n`;
    for (const c of line) {
      if (c === '{') {
        depth++;
        opened = true;
      } else if (c === '}') depth--;
    }
    if ((opened && depth <= 0) || (!opened && /;\s*$/.test(line))) break;
  }
  return text;
}

/** Characters of a type shown in an answer. */
const SHOWN_TYPE_CHARS = 60;

/** A type as one line, cut to SHOWN_TYPE_CHARS for answers. */
export function shortType(type: string): string {
  const oneLine = type.replace(/\s+/g, ' ').trim();
  return oneLine.length > SHOWN_TYPE_CHARS ? `${oneLine.slice(0, SHOWN_TYPE_CHARS - 1)}…` : oneLine;
}
