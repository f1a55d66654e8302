/**
 * A verified answer's high enumeration sites that the checker did not flag: they list every member with no
 * default (an if/elif chain, a lookup table, an array with one entry per member), so the new member belongs
 * there, yet the build compiles. The answer says they are rated by the enumeration rule (risk.ts), so an agent
 * never reads them as compile errors.
 */
import type { Pointer } from '../answer.js';
import { parseLocation } from '../link.js';
import { outsideProjectWhy } from '../verify/merge.js';

/** Marked once; sites under a configuration guard already say they were not compiled (config-guards.ts). */
export function unverifiedEnumerations(pointers: readonly Pointer[], checker: string): Pointer[] {
  return pointers.map((p) =>
    p.risk === 'high' && !p.verified && p.lists && !p.what.includes('(not verified:')
      ? { ...p, what: `${p.what} (unverified: ${checker} reports no error here; high by the enumeration rule)` }
      : p,
  );
}

/** Enumeration sites in files the checked project does not compile: their rating stays, and they say why they were not checked. */
export function outsideProjectPointers(pointers: readonly Pointer[], outside: { files: string[]; project: string }, checker: string): Pointer[] {
  const files = new Set(outside.files);
  return pointers.map((p) => (files.has(parseLocation(p.location).file) && !p.verified ? { ...p, what: `${p.what} (${outsideProjectWhy(checker, outside.project)})` } : p));
}
