/**
 * Guards the stdio transport puts in front of the MCP SDK, so that one hostile or broken message costs
 * only its own error answer. The SDK walks a message recursively (validation, JSON.stringify): params
 * nested 10,000 deep overflow the stack there, and the exception escapes the transport. Both functions
 * below work iteratively, whatever the input's depth or size.
 */

/**
 * Deepest nesting a message may have. MCP requests nest a few levels (params → arguments → a filter
 * object → a list); 64 leaves ample room and stays far below what recursion in the SDK survives.
 */
export const MAX_MESSAGE_DEPTH = 64;

/** Whether `value` nests objects or arrays deeper than `max` levels (the message itself is level 1). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The `id` member of the top-level object in JSON text that could not be used as a whole (unparseable,
 * cut off, too large), when it can be read: a string or a number at nesting level 1. Null otherwise.
 * A linear scan that only tracks strings and nesting, so truncated or malformed text is fine.
 */
export function topLevelId(text: string): string | number | null {
  let depth = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] as string;
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      if (depth === 1 && text.slice(i, end + 1) === '"id"') {
        let j = end + 1;
        while (j < n && /\s/.test(text[j] as string)) j++;
        if (text[j] !== ':') {
          i = end + 1;
          continue;
        }
        j++;
        while (j < n && /\s/.test(text[j] as string)) j++;
        return idValueAt(text, j);
      }
      i = end + 1;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    i++;
  }
  return null;
}

/** Index of the closing quote of the JSON string starting at `start`, or -1 when the text ends first. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"') return i;
  }
  return -1;
}

/** A string or number JSON value at `at`, or null. */
function idValueAt(text: string, at: number): string | number | null {
  if (text[at] === '"') {
    const end = stringEnd(text, at);
    if (end < 0) return null;
    try {
      return JSON.parse(text.slice(at, end + 1)) as string;
    } catch {
      return null;
    }
  }
  const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 40));
  return number ? Number(number[0]) : null;
}
