/**
 * "Add a variant" in Go is never a compile check. Go has no enums or sum types: the closest is a named type
 * with a group of constants (`type Kind int; const ( Book Kind = iota; Music; Video )`), and a new constant
 * there breaks nothing go build reports (a `switch` need not list every constant, a map literal need not have
 * every key). So the checker refuses, and says where to look instead: the enumeration sites the exploration
 * lists (switches over the constants, maps keyed by them), which no checker verifies.
 */
import { readGoMembers } from './members.js';

export const IOTA_REFUSAL = 'adding a constant to an iota group never breaks compilation in Go: the enumeration sites below are where it must be handled (unverified)';

/** The refusal for "add a variant to `name`" declared at 1-based `line` of `text`. */
export function variantRefusal(text: string, file: string, line: number, name: string): string {
  const set = readGoMembers(text, file, line, name);
  if (set) return `${IOTA_REFUSAL}; \`${set.type}\` has ${set.members.length} constant(s): ${set.members.map((m) => m.name).slice(0, 8).join(', ')}${set.members.length > 8 ? ', …' : ''}`;
  return `\`${name}\` declares no constants of its own type in ${file}: Go has no enums or sum types, and ${IOTA_REFUSAL.replace(/: the enumeration sites below .*$/, '')}; the go checker verifies removing, renaming, adding a parameter and changing a type`;
}
