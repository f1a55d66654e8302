/**
 * Deterministic synthesis: the visited links and their ratings become a short
 * answer: a summary, pointers sorted by risk then relevance (location, what it is,
 * risk, action), what was safely ignored (counts by role, a few examples), and meta.
 */
import type { UsageRole } from '../core/types.js';
import type { Exploration, VisitedLink } from './explore.js';
import { formatLocation, parseLocation, siteLine } from './link.js';
import { isDocFile } from '../workspace/walk.js';
import { buildsObjectAt } from './site-text.js';
import type { Intent } from './query-analysis.js';
import { safelyIgnoredReason } from './scorers/heuristic.js';
import { sitesOf } from './places.js';
import { changePhrases } from './change-request.js';
import { mergeVerified, type MergeCandidate } from './verify/merge.js';
import type { Verification } from './verify/verify.js';
import { notCompiled, type GuardOf } from './config-guards.js';
import { outsideProjectPointers, unverifiedEnumerations } from './enumeration/unverified.js';
import { ANSWER_TOKENS, MAX_POINTERS, type Pointer, type ScoutAnswer, type VerifiedBy } from './answer.js';
import { riskOfRubric, lowered, RISK_LEVELS, RISK_RULE } from './risk.js';
import type { Enumeration } from './enumeration/enumeration-sites.js';
import { enumerationPointers, type EnumerationPointers } from './enumeration/enumeration-pointers.js';
import { firstPage } from './answer-page.js';
import { foldedNotes } from './folded-notes.js';
import { orderedPointers } from './enumeration/answer-order.js';

export type { Pointer, ScoutAnswer, VerifiedBy } from './answer.js';
export { ANSWER_TOKENS, MAX_POINTERS } from './answer.js';

const ROLE_WORDS: Partial<Record<UsageRole, string>> = {
  case_pattern: 'switch/match over it',
  object_key: 'map or Record keyed by it',
  comparison: 'comparison against it',
  type_property: 'property typed with it',
  type_parameter: 'parameter typed with it',
  type_return: 'return type',
  type_reference: 'type position',
  call: 'call',
  instantiation: 'instantiation',
  member_access: 'member access',
  assignment: 'assignment',
  extends: 'extends it',
  implements: 'implements it',
  import: 'import',
  export: 'export / re-export',
  other: 'use',
};

function actionFor(intent: Intent, visited: VisitedLink): string {
  const role = visited.link.role;
  const relation = visited.link.relation;
  if (relation === 'seed') {
    if (intent === 'add_variant') return 'add the new variant here';
    if (intent === 'rename') return 'rename the definition';
    if (intent === 'change_signature') return 'change the signature here';
    return 'read the definition';
  }
  if (intent === 'add_variant') {
    const { indexedObject: indexed, builtObject: built, destination, assignedObject: assigned } = visited.link;
    if (destination && destination.room !== 'fits') return `widen \`${destination.name}\`'s type to take the new variant, or map the value first`;
    if (role === 'case_pattern') return 'add a case for the new variant (or check that the default branch is right for it)';
    if (assigned?.keys === 'listed') return `key the assigned value's type by the union too (or add the new key to \`${assigned.name}\`'s type)`;
    if (indexed && !indexed.valueCarriesAny) return 'nothing to do: the value indexing here never holds the new variant';
    if (indexed?.keys === 'listed' && indexed.declaredAt) return `add a key for the new variant to \`${indexed.type.replace(/\s*\|\s*(?:null|undefined)\b/g, '')}\` (${indexed.declaredAt}), or narrow the value before indexing`;
    if (indexed?.keys === 'listed') return `give \`${indexed.name}\`'s type a key for the new variant (or narrow the value first)`;
    if (indexed?.keys === 'open') return 'make sure the object has an entry for the new variant where it is built';
    const annotated = visited.link.annotatedObject;
    if (annotated?.requiresEveryKey === true) return `add an entry for the new variant to \`${annotated.name}\` (${visited.link.location.file}:${annotated.line})`;
    if (annotated?.requiresEveryKey === false) return 'nothing needed: the object does not list the variants';
    if (built?.requiresEveryKey === false) return 'nothing needed to compile; add an entry if lookups by the new variant reach this object';
    if (role === 'object_key' && visited.link.syntax?.record === 'declares_type') {
      return 'add the entry where objects of this type are built (followed: see the other pointers)';
    }
    if (role === 'object_key' || visited.link.recordOfTarget) return 'add an entry for the new variant';
    if (role === 'comparison') return 'check whether the new variant needs this branch too';
    if (relation === 'property_flow') return 'follow this property: code that switches on it must handle the new variant';
    if (role === 'type_property' || role === 'type_parameter' || role === 'type_return') return 'values of the new variant flow through here: check the code that reads it';
    return 'check how this use treats an unknown variant';
  }
  if (intent === 'rename') return 'rename this occurrence';
  if (intent === 'remove') return role === 'call' || relation === 'incoming_call' ? 'remove or replace this call' : 'remove or replace this use';
  if (intent === 'change_signature') return role === 'call' || relation === 'incoming_call' ? 'update the arguments of this call' : 'update to the new signature';
  if (intent === 'explain' || intent === 'locate') return 'read this';
  return 'review this use';
}


function describe(v: VisitedLink): string {
  const link = v.link;
  const indexed = link.indexedObject ? `indexes \`${link.indexedObject.name}\` (${link.indexedObject.type}) by it` : null;
  const built = link.builtObject?.name ? `entry of \`${link.builtObject.name}\`${link.builtObject.type ? ` (${link.builtObject.type})` : ''}` : null;
  const annotated = link.annotatedObject ? `types \`${link.annotatedObject.name}\` (${link.annotatedObject.type}) with it` : null;
  const assignedFrom = link.assignedObject ? `assigned from \`${link.assignedObject.name}\` (${link.assignedObject.type})` : null;
  // `const NEEDS_KEY: KeyRequirement = {` reached by following a Record type: an object that needs every key.
  const buildsRecord = link.recordOfTarget && buildsObjectAt(siteLine(link), link.location.column) ? `builds an object of \`${link.symbol ?? 'a Record type'}\`, keyed by every variant,` : null;
  const given = link.destination ? `given to \`${link.destination.name}\` (${link.destination.type})` : null;
  const role = indexed ?? built ?? annotated ?? given ?? assignedFrom ?? buildsRecord ?? (link.role ? (ROLE_WORDS[link.role] ?? link.role) : link.relation === 'seed' ? `definition${link.kind ? ` (${link.kind})` : ''}` : link.relation.replace('_', ' '));
  const where = link.enclosing ? ` in ${link.enclosing}` : '';
  const code = siteLine(link).trim().slice(0, 90);
  return `${role}${where}${code ? `: \`${code}\`` : ''}`;
}

/**
 * `maxPointers` caps the list (default MAX_POINTERS): a capped answer is its first page (answer-page.ts),
 * within `maxTokens` (default ANSWER_TOKENS; characters / 4), the pointers after it in brief and the rest
 * counted as omitted. An uncapped call (`--all`; the MCP tool pages the list itself) keeps every pointer.
 */
export function synthesize(
  exploration: Exploration,
  scorerName: string,
  maxPointers: number = MAX_POINTERS,
  maxTokens: number = Number.isFinite(maxPointers) ? ANSWER_TOKENS : Number.POSITIVE_INFINITY,
  verification: Verification | null = null,
  enumeration: Enumeration | null = null,
  /** Configuration guards of sites (config-guards.ts), read when a checker verified the change. */
  guardOf: GuardOf | null = null,
): ScoutAnswer {
  const { query } = exploration;
  const ignoredByRole: Record<string, number> = {};
  const ignoredExamples: string[] = [];
  const candidates: Array<{ pointer: Pointer; risk: number; relevance: number; place: string | null }> = [];
  for (const { link, reason } of exploration.setAside) {
    const role = link.role ?? link.relation;
    ignoredByRole[role] = (ignoredByRole[role] ?? 0) + 1;
    if (ignoredExamples.length < 3) ignoredExamples.push(`${formatLocation(link.location)} (${reason})`);
  }
  // Every site of a node shares its rating; the place grouping below puts them back together.
  const sites = exploration.visited.flatMap((v) => sitesOf(v.link).map((link) => ({ ...v, link })));
  for (const v of sites) {
    if (!v.rating) continue;
    const rubric = v.rating.rubric;
    const ignoredReason = safelyIgnoredReason(query, v.link);
    if (ignoredReason !== null || rubric.relevance <= 1) {
      const role = v.link.role ?? v.link.relation;
      ignoredByRole[role] = (ignoredByRole[role] ?? 0) + 1;
      if (ignoredExamples.length < 3) ignoredExamples.push(`${formatLocation(v.link.location)} (${ignoredReason ?? rubric.reason})`);
      continue;
    }
    if (rubric.relevance < 3 && rubric.risk < 3) continue;
    candidates.push({
      pointer: { location: formatLocation(v.link.location), what: describe(v), risk: riskOfRubric(rubric.risk), relevance: rubric.relevance, action: actionFor(query.intent, v) },
      risk: rubric.risk,
      relevance: rubric.relevance,
      place: v.link.enclosing ? `${v.link.location.file}|${v.link.enclosing}` : null,
    });
  }
  candidates.sort((a, b) => b.risk - a.risk || b.relevance - a.relevance || a.pointer.location.localeCompare(b.pointer.location, 'en', { numeric: true }));
  // One pointer per line: the same line reached twice (the type and a property carrying it) is one place to edit.
  const seenLocations = new Set<string>();
  const unique = candidates.filter((c) => {
    if (seenLocations.has(c.pointer.location)) return false;
    seenLocations.add(c.pointer.location);
    return true;
  });
  candidates.length = 0;
  candidates.push(...unique);
  // A checker's errors are the high-risk pointers; the exploration's explain them or add what compiles.
  const check = verification?.status === 'verified' ? verification.check : null;
  let verified: Pointer[] = [];
  let verifiedPlaces = 0;
  let verifiedLabels: string[] = [];
  if (check && verification?.checker) {
    const merged = mergeVerified(check, verification.checker.name, candidates, guardOf);
    verified = merged.verified;
    verifiedPlaces = merged.labels.length;
    verifiedLabels = merged.labels;
    candidates.length = 0;
    candidates.push(...merged.rest);
  }
  // A change question that verification could not verify (no checker for the language, the change refused,
  // out of time, crashed): high means verified (risk.ts), so the exploration's likely breaks are listed as
  // medium with why, not passed off as proven. Enumeration sites keep their own rule. Without verification
  // at all (the caller asked for the exploration alone), the exploration's rating stands.
  const changeQuestion = query.intent === 'add_variant' || Boolean(query.change);
  const unproven = changeQuestion && verification && !check ? lowerUnproven(candidates, unverifiedWhy(verification)) : 0;
  // One pointer per place: the cases of one switch, the keys of one Record, the indexes in one
  // function are one thing to change; their other lines ride along in `also`, so a capped list
  // reaches more places instead of repeating one.
  const byPlace = new Map<string, Pointer>();
  const grouped: Pointer[] = [];
  for (const c of candidates) {
    const key = c.place ? `${c.place}|${c.pointer.risk}` : null;
    const first = key ? byPlace.get(key) : undefined;
    if (first) {
      (first.also ??= []).push(Number(c.pointer.location.split(':').pop()));
      continue;
    }
    const pointer = { ...c.pointer };
    if (key) byPlace.set(key, pointer);
    grouped.push(pointer);
  }
  for (const p of grouped) p.also?.sort((a, b) => a - b);
  // Enumeration sites after the verified breaks; explored pointers inside one are folded into it.
  const listed: EnumerationPointers | null = enumeration ? enumerationPointers(enumeration, verified) : null;
  if (listed) verified = verified.map((p) => withAlso(p, listed.verifiedAlso.get(p.location) ?? []));
  // An enumeration in code the checker's build left out keeps the enumeration rule's rating, and says it was not compiled.
  if (listed && guardOf && verification?.checker) listed.pointers = notCompiled(listed.pointers, guardOf, verification.checker.name);
  // Likewise in a file the checked project does not compile at all (outside its tsconfig.json).
  if (listed && check?.outsideProject && verification?.checker) listed.pointers = outsideProjectPointers(listed.pointers, check.outsideProject, verification.checker.name);
  // A full enumeration the checker compiled without error is high by the enumeration rule, not by a proof: say so.
  if (listed && check && verification?.checker) listed.pointers = unverifiedEnumerations(listed.pointers, verification.checker.name);
  const rest = listed ? grouped.filter((p) => !insideCovered(p, listed.covered)) : grouped;
  // Order: verified breaks, enumerations, mirrors of the members' values or names, documentation that lists
  // them, then the rest by risk (a place naming one member before the exploration's other uses of the same risk).
  const isDoc = (p: Pointer): boolean => isDocFile(parseLocation(p.location).file);
  const enumerations = (listed?.pointers ?? []).filter((p) => (p.lists?.members ?? 0) >= 2 && !isDoc(p));
  const docs = (listed?.pointers ?? []).filter((p) => (p.lists?.members ?? 0) >= 2 && isDoc(p));
  const singles = (listed?.pointers ?? []).filter((p) => (p.lists?.members ?? 0) < 2);
  const byRisk = (p: Pointer): number => RISK_LEVELS.indexOf(p.risk);
  const tail = [...singles, ...rest].sort((a, b) => byRisk(a) - byRisk(b));
  const pointers = orderedPointers({ verified, enumerations, docs, tail, ...(listed ? { likeNew: listed.likeNew } : {}) });
  const high = candidates.filter((c) => c.pointer.risk === 'high');
  const ignoredTotal = Object.values(ignoredByRole).reduce((a, b) => a + b, 0);
  const target = query.target ?? 'the question';
  const paragraphs: string[] = [];
  if (exploration.seeds.length === 0 && listed && enumeration && listed.sites > 0) {
    paragraphs.push(
      `The index holds no definition of \`${enumeration.set.type}\` (its file may not parse whole), so nothing was explored or verified; its declaration was read at ${enumeration.set.file}:${enumeration.set.startLine} (${enumeration.set.members.length} members). ${listed.full} place(s) list every member with no default (high); ${listed.sites - listed.full} other place(s) name some of them.`,
    );
  } else if (exploration.seeds.length === 0) {
    paragraphs.push(`Nothing in the repository matched ${query.target ? `\`${query.target}\`` : 'the question'}.${exploration.suggestions.length > 0 ? ` Did you mean ${exploration.suggestions.map((s) => `\`${s}\``).join(', ')}?` : ''}`);
  } else {
    const files = new Set(high.map((c) => c.pointer.location.split(':')[0]));
    // Group high-risk sites by where they are: "the switch in createClient (src/router.ts:11-16)".
    const groups = new Map<string, { what: string; file: string; lines: number[] }>();
    for (const c of high) {
      const [file = '', line = '0'] = c.pointer.location.split(':');
      const what = c.pointer.what.split(':')[0] ?? c.pointer.what;
      const key = `${file}|${what}`;
      const group = groups.get(key) ?? { what, file, lines: [] };
      group.lines.push(Number(line));
      groups.set(key, group);
    }
    const grouped = [...groups.values()].map((g) => {
      const lines = g.lines.sort((a, b) => a - b);
      const span = lines.length > 1 ? `${lines[0]}-${lines[lines.length - 1]}` : `${lines[0]}`;
      return `${g.what} (${g.file}:${span})`;
    });
    const change = query.change ?? (query.intent === 'add_variant' ? ({ kind: 'add_variant' } as const) : null);
    if (change && check && verification?.checker) {
      const words = changePhrases(change, target);
      const files = new Set(check.errors.map((e) => e.file));
      const places = verifiedLabels.slice(0, 4);
      const review = candidates.filter((c) => c.risk >= 3).length;
      const lookAt = change.kind === 'add_variant' ? '(a default branch, an if chain, a lookup)' : '(a comparison, a lookup, a string)';
      const notChecked = check.unchecked?.length ? `, ${check.unchecked.length} not checked in time` : '';
      paragraphs.push(
        check.errors.length > 0
          ? `${words.doing} breaks ${verifiedPlaces} place(s) in ${files.size} file(s), verified by the ${verification.checker.name} checker (${check.errors.length} new error(s), ${check.checkedFiles} file(s) checked${notChecked}): ${places.join('; ')}${verifiedPlaces > 4 ? `; and ${verifiedPlaces - 4} more places` : ''}.${review > 0 ? ` ${review} other site(s) compile but may ${words.after} (medium).` : ''}`
          : `The ${verification.checker.name} checker finds nothing that stops compiling ${words.when} (${check.checkedFiles} file(s) checked${notChecked}).${review > 0 ? ` ${review} site(s) compile but may ${words.after} ${lookAt}: review them (medium).` : ''}`,
      );
    } else if (query.intent === 'add_variant' && unproven > 0) {
      paragraphs.push(
        `Not verified: the exploration's rules rate ${unproven} site(s) as likely breaks when \`${target}\` gains a variant; they are listed as medium because ${verification?.checker ? `the ${verification.checker.name} checker did not confirm them` : `nothing verified them (${verification ? unverifiedWhy(verification) : ''})`}.`,
      );
      if (verification?.note) paragraphs.push(`${verification.note.replace(/^not verified: /, 'Not verified: ').replace(/; pointers come from the exploration alone$/, '')}.`);
    } else if (query.intent === 'add_variant') {
      paragraphs.push(
        high.length > 0
          ? `Adding a variant to \`${target}\` breaks or needs review at ${high.length} high-risk site(s) in ${files.size} file(s): ${grouped.slice(0, 6).join('; ')}${grouped.length > 6 ? `; and ${grouped.length - 6} more places` : ''}.`
          : `No exhaustive switch, Record key or exhaustiveness check over \`${target}\` was found; ${candidates.length} other site(s) are worth a look.`,
      );
    } else {
      paragraphs.push(`${query.interpretation} Found ${candidates.length} relevant site(s)${high.length > 0 ? `, ${high.length} of them high-risk` : ''}${files.size > 0 ? ` across ${files.size} file(s)` : ''}.`);
    }
    // Why no checker confirmed a change question: the change cannot be expressed (a clear message first), or exploration only.
    if (change && !check && verification?.note) {
      const sentence = `${verification.note.replace(/^not verified: /, 'Not verified: ').replace(/; pointers come from the exploration alone$/, '')}.`;
      if (verification.status === 'refused') paragraphs.unshift(sentence);
      else paragraphs.push(`${sentence} The risks above are the exploration's.`);
    }
    if (listed && listed.sites > 0 && enumeration) {
      const partial = listed.sites - listed.full;
      paragraphs.push(
        `${listed.full > 0 ? `${listed.full} place(s) list every member of \`${enumeration.set.type}\` with no default: add the new member there (high).` : `No place lists every member of \`${enumeration.set.type}\` without a default.`}${partial > 0 ? ` ${partial} other place(s) name some of its ${enumeration.set.members.length} members or their values: check whether the new member belongs there.` : ''}${enumeration.otherDeclarations ? ` ${enumeration.otherDeclarations} other type(s) named \`${enumeration.set.type}\` elsewhere are different targets: their declarations and their own \`${enumeration.set.type}.…\` uses are left out.` : ''}`,
      );
    }
    const flows = exploration.visited.filter((v) => v.link.relation === 'property_flow');
    if (flows.length > 0) paragraphs.push(`Followed ${flows.length} property flow(s) (${flows.slice(0, 3).map((f) => `\`${f.link.symbol}\``).join(', ')}): sites that only see \`${target}\` through them are included.`);
    if (ignoredTotal > 0) paragraphs.push(`Safely ignored: ${Object.entries(ignoredByRole).map(([r, n]) => `${n} ${r}`).join(', ')}.`);
  }
  const answer: ScoutAnswer = {
    summary: paragraphs.join('\n\n'),
    pointers,
    ignored: { total: ignoredTotal, by_role: ignoredByRole, examples: ignoredExamples },
    meta: {
      nodes_visited: exploration.visited.length,
      sites_seen: exploration.sitesSeen,
      budget: exploration.budget,
      budget_remaining: exploration.budgetRemaining,
      interpretation: query.interpretation,
      elapsed_ms: exploration.elapsedMs,
      sources: exploration.sources,
      scorer: scorerName,
      notes: [...exploration.notes],
      pointers_omitted: 0,
      ...(query.intent === 'add_variant' || query.change ? { risk_rule: RISK_RULE } : {}),
      ...(enumeration
        ? { enumeration: { type: enumeration.set.type, members: enumeration.set.members.length, sites: listed?.sites ?? 0, full_without_default: listed?.full ?? 0, files_read: enumeration.filesRead, ms: enumeration.ms, ...(enumeration.otherDeclarations ? { other_declarations: enumeration.otherDeclarations } : {}), ...(enumeration.newMember ? { new_member: enumeration.newMember, like_new: enumeration.alike ?? [] } : {}) } }
        : {}),
      ...(verification ? { verified_by: verifiedBy(verification, verifiedPlaces) } : {}),
    },
  };
  if (verification?.note) answer.meta.notes.push(verification.note);
  for (const n of check?.notes ?? []) answer.meta.notes.push(n);
  answer.meta.notes = foldedNotes(answer.meta.notes);
  return Number.isFinite(maxPointers) || Number.isFinite(maxTokens) ? firstPage(answer, maxPointers, maxTokens) : answer;
}

function verifiedBy(v: Verification, places: number): VerifiedBy | null {
  if (v.status !== 'verified' || !v.check || !v.checker) return null;
  const { check } = v;
  return {
    checker: v.checker.name,
    version: v.checker.version,
    target: `\`${check.target.name}\`, ${check.target.kind}, ${check.target.file}:${check.target.line}`,
    edit: check.edit,
    errors: check.errors.length,
    places,
    checked_files: check.checkedFiles,
    ...(check.unchecked?.length ? { unchecked_files: check.unchecked.length } : {}),
    ms: v.ms,
  };
}

/**
 * The exploration's high candidates lowered to medium in place (the checker that should confirm them did
 * not answer), each saying so; returns how many were lowered.
 */
function lowerUnproven(candidates: MergeCandidate[], why: string): number {
  let count = 0;
  for (const [i, c] of candidates.entries()) {
    if (c.pointer.risk !== 'high') continue;
    count++;
    candidates[i] = lowered(c, `unverified: the exploration's rules say it breaks; ${why}`);
  }
  return count;
}

/** The pointer with `lines` added to its `also` (its own line left out), ascending. */
function withAlso(pointer: Pointer, lines: readonly number[]): Pointer {
  const own = parseLocation(pointer.location).line;
  const also = [...new Set([...(pointer.also ?? []), ...lines])].filter((l) => l !== own).sort((a, b) => a - b);
  return also.length > 0 ? { ...pointer, also } : pointer;
}

/** Why a change question's likely breaks are not verified, in a few words. */
function unverifiedWhy(verification: Verification): string {
  const checker = verification.checker?.name;
  switch (verification.status) {
    case 'timeout':
    case 'failed':
      return `the ${checker ?? ''} checker did not finish`;
    case 'refused':
      return 'no checker can express this change';
    case 'no_target':
      return 'no declaration was found to change';
    default:
      return 'no checker for this language';
  }
}

/** Whether an explored pointer lies inside an enumeration site (the site's pointer says more about it). */
function insideCovered(pointer: Pointer, covered: ReadonlyMap<string, ReadonlyArray<[number, number]>>): boolean {
  const { file, line } = parseLocation(pointer.location);
  return (covered.get(file) ?? []).some(([start, end]) => line >= start && line <= end);
}
