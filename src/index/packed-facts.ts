/**
 * Facts as they cross from a parse worker to the main thread. Usages are most of a file's
 * facts (one per identifier), and structured clone is slow on many small objects (each usage
 * with its span object): they travel as columns instead (string arrays and one Int32Array)
 * and are rebuilt on the main thread, which waits on the workers anyway.
 */
import type { FileFacts, Usage, UsageRole } from '../core/types.js';

export interface PackedUsages {
  names: string[];
  roles: UsageRole[];
  enclosing: Array<string | null>;
  /** startLine, startColumn, endLine, endColumn per usage. */
  positions: Int32Array;
}

export type PackedFacts = Omit<FileFacts, 'usages'> & { usages: PackedUsages };

export function packFacts(facts: FileFacts): PackedFacts {
  const n = facts.usages.length;
  const names = new Array<string>(n);
  const roles = new Array<UsageRole>(n);
  const enclosing = new Array<string | null>(n);
  const positions = new Int32Array(n * 4);
  facts.usages.forEach((u, i) => {
    names[i] = u.name;
    roles[i] = u.role;
    enclosing[i] = u.enclosing;
    positions[i * 4] = u.span.startLine;
    positions[i * 4 + 1] = u.span.startColumn;
    positions[i * 4 + 2] = u.span.endLine;
    positions[i * 4 + 3] = u.span.endColumn;
  });
  return { ...facts, usages: { names, roles, enclosing, positions } };
}

export function unpackFacts(packed: PackedFacts): FileFacts {
  const { names, roles, enclosing, positions } = packed.usages;
  const usages = new Array<Usage>(names.length);
  for (let i = 0; i < names.length; i++) {
    usages[i] = {
      name: names[i] as string,
      role: roles[i] as UsageRole,
      span: {
        startLine: positions[i * 4] as number,
        startColumn: positions[i * 4 + 1] as number,
        endLine: positions[i * 4 + 2] as number,
        endColumn: positions[i * 4 + 3] as number,
      },
      enclosing: enclosing[i] ?? null,
    };
  }
  return { ...packed, usages };
}
