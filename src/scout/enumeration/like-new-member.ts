/**
 * Members that resemble the new one a question names ("add `better-sqlite3` to `DatabaseType`" → `sqlite`;
 * `PrivateIdentifier` → `Identifier`; `model-fields` → `model`). A place that names such a member is where a
 * developer adds the new one most often: on the edit-history benchmark's tuning split, moving the places that
 * name them ahead of the other enumerations took the first page's recall from 0.49 to 0.53 (38 of 78 new members
 * resembled one); typeorm's `enabledDrivers: ["sqlite"]` test lists gained `better-sqlite3` in 15 files.
 */
import type { MemberSet } from '../site-facts.js';

/** Parts shorter than this say nothing (`get`, `is`, `to`). */
const MIN_PART = 4;
/** A name shorter than this inside the new one is chance (`a`, `id`, `map` in `bitmap`). */
const MIN_CONTAINED = 4;
/** When more members than this share of the set resemble the new one, the resemblance says nothing. */
const MAX_SHARE = 1 / 3;

const flat = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** `PrivateIdentifier` → private, identifier; `better-sqlite3` → better, sqlite3; `ABNORMAL_CLOSURE` → abnormal, closure. */
const partsOf = (s: string): string[] =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((p) => p.length >= MIN_PART);

/** Indexes of the members of `set` whose name or value is inside the new member's, or shares a word with it. */
export function likeNewMember(set: MemberSet, newMember: string): Set<number> {
  const newFlat = flat(newMember);
  const newParts = new Set(partsOf(newMember));
  const alike = new Set<number>();
  set.members.forEach((m, i) => {
    const keys = [m.name, ...(m.value !== null ? [m.value] : [])];
    if (keys.some((k) => flat(k) === newFlat)) return; // the member itself, already declared
    const resembles = keys.some((k) => (flat(k).length >= MIN_CONTAINED && newFlat.includes(flat(k))) || partsOf(k).some((p) => newParts.has(p)));
    if (resembles) alike.add(i);
  });
  return alike.size > set.members.length * MAX_SHARE ? new Set() : alike;
}
