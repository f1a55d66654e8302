/**
 * Verified and explored pointers, merged: each place where the checker reports a new error becomes one
 * high-risk pointer ("verified by typescript: TS2366 ..."), its other error lines in `also`; exploration
 * pointers inside that place ride along (their description explains the error). The action comes from the
 * change kind and the error ("pass the new argument here", "rename this use", "handle undefined here").
 * Once a checker has run, high means verified: any other exploration pointer rated high compiles after the
 * change and is lowered to medium, with the reason (it may still behave differently: a default branch, an
 * `if` chain).
 */
import type { Pointer } from '../answer.js';
import { parseLocation } from '../link.js';
import { isHighRubric, lowered } from '../risk.js';
import type { GuardOf } from '../config-guards.js';
import type { ChangeSpec, CheckerError, VariantCheck } from './checker.js';

export interface MergeCandidate {
  pointer: Pointer;
  risk: number;
  relevance: number;
  place: string | null;
}

/** Longest message kept in a verified pointer (the checker's messages print whole types). */
const MESSAGE_CHARS = 100;
/** Longest explanation taken from a merged exploration pointer (its role and place, without the code line). */
const EXPLANATION_CHARS = 70;

interface ErrorGroup {
  file: string;
  start: number;
  end: number;
  placeName: string | null;
  errors: CheckerError[];
  merged: MergeCandidate[];
}

/** What to do about an error a change other than "add a variant" introduces, by change kind, then the checker's code or message. */
function changeActionFor(change: ChangeSpec, code: string, message: string): string {
  const importing = code === 'TS2305' || code === 'TS2724' || code === 'TS2614' || /is not exported from|has no exported member|unknown import symbol/i.test(message);
  switch (change.kind) {
    case 'remove':
      if (importing) return 'drop this import (the removed declaration is no longer exported)';
      if (code === 'TS2353' || code === 'TS2561' || /may only specify known properties/.test(message)) return 'drop this entry: the removed member is no longer part of the type';
      if (code === 'TS2367' || code === 'TS2678' || /no overlap|not comparable/.test(message)) return 'drop this comparison or case: the removed value can no longer occur';
      return 'remove or replace this use of the removed member';
    case 'rename': {
      const to = change.newName ? ` \`${change.newName}\`` : '';
      if (importing) return `import it under its new name${to}`;
      if (code === 'TS2353' || code === 'TS2561' || code === 'TS2741' || /known properties|is missing/.test(message)) return `rename this key${to ? ` to${to}` : ''}`;
      return `rename this use${to ? ` to${to}` : ''}`;
    }
    case 'add_parameter':
      if (code === 'TS2554' || code === 'TS2555' || /Expected \d+(?:-\d+)? arguments|missing .*argument|cannot be applied to given types/i.test(message)) return 'pass the new argument here';
      return 'this passes or assigns the function where fewer or other arguments are supplied: adapt it (a wrapper, or the new argument)';
    case 'make_optional':
      if (/possibly 'undefined'|possibly undefined|Object is possibly|undefined' is not assignable|None/.test(message) || code === 'TS18048' || code === 'TS2532') return 'handle undefined here (a check, a default, or `!` where it cannot be missing)';
      if (code === 'TS2722' || /cannot invoke/i.test(message)) return 'check that the method exists before calling it (`?.()`)';
      return 'handle the missing value here';
    case 'change_type':
      return `adapt this use to the new type${change.newType ? ` \`${change.newType}\`` : ''} (convert the value, or change the code that reads it)`;
    default:
      return actionFor(code, message);
  }
}

/** What to do about an error, by the checker's code (TypeScript's, pyright's rules, rustc's, GHC's warning flags) or its message. */
function actionFor(code: string, message: string): string {
  if (code === 'reportMatchNotExhaustive') return 'add a case for the new variant to this match (or a `case _:` if the others may share one)';
  if (code === 'E0004' || /^non-exhaustive patterns/.test(message)) return 'add an arm for the new variant to this match (or a `_` arm if the others may share one)';
  if (/not handled in switch/.test(message)) return 'add a case for the new variant to this switch (or a `default` if the others may share one)';
  if (/does not cover all possible input values/.test(message)) return 'add a case for the new variant to this switch (or a `default` if the others may share one)';
  if (code === '-Wincomplete-patterns' || code === '-Wincomplete-uni-patterns') return 'add an equation or a case alternative for the new constructor (or a `_` one if the others may share it)';
  if (code === '-Wincomplete-record-updates') return 'this record update fails on the new constructor (it lacks these fields): match on the constructor first, or give the new constructor the fields';
  if (code === 'TS2366' || /lacks ending return|must return value on all code paths/.test(message)) return 'add a case for the new variant: the function no longer returns on every path';
  if (code === 'TS2741' || code === 'TS2739' || /is missing (?:the following )?propert/.test(message)) return 'add an entry for the new variant to this object';
  if (/is not a defined key in/.test(message)) return 'add a key for the new variant to the TypedDict, or narrow the value before indexing';
  if (code === 'TS7053' || /can't be used to index/.test(message)) return "give the indexed object's type a key for the new variant, or narrow the value before indexing";
  if (/\bnever\b/i.test(message)) return 'handle the new variant before this exhaustiveness check (a case, a branch)';
  if (code === 'TS2345' || code === 'TS2322') return 'widen the destination type to take the new variant, or map the value first';
  return 'fix this error: handle the new variant here';
}

function short(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The checker's message, compact: its first sentence (TypeScript adds a second one that repeats the
 * first with the new member's name), without the "Element implicitly has an 'any' type because" lead-in.
 */
function compact(message: string): string {
  const first = message.split(/(?<=\.)\s+(?=[A-Z])/)[0] ?? message;
  return short(first.replace(/^Element implicitly has an 'any' type because /, '').replace(/\.$/, ''), MESSAGE_CHARS);
}

/** An exploration pointer's `what` without its quoted code line and its place (`role in place: \`code\``): the pointer names the place already. */
function explanation(what: string): string {
  return short(what.replace(/: `[^]*$/, '').replace(/ in [\w$.#<>]+$/, ''), EXPLANATION_CHARS);
}

/**
 * Verified pointers (one per place, in file and line order) with a label per place for the summary, and
 * the other candidates, high ones lowered.
 * `checker` names the checker in the pointers' text.
 */
export function mergeVerified(check: VariantCheck, checker: string, candidates: readonly MergeCandidate[], guardOf: GuardOf | null = null): { verified: Pointer[]; rest: MergeCandidate[]; labels: string[] } {
  const groups: ErrorGroup[] = [];
  const byKey = new Map<string, ErrorGroup>();
  for (const e of check.errors) {
    const key = e.place ? `${e.file}|${e.place.startLine}|${e.place.endLine}` : `${e.file}|line ${e.line}`;
    // Errors on one line are one place even when one sits in a nested function (`queue[type].map((op) => …)`).
    let g = byKey.get(key) ?? byKey.get(`${e.file}|line ${e.line}`);
    if (!g) {
      g = { file: e.file, start: e.place?.startLine ?? e.line, end: e.place?.endLine ?? e.line, placeName: e.place?.name ?? null, errors: [], merged: [] };
      byKey.set(key, g);
      groups.push(g);
    }
    byKey.set(`${e.file}|line ${e.line}`, g);
    g.errors.push(e);
  }
  const rest: MergeCandidate[] = [];
  const unchecked = new Set(check.unchecked ?? []);
  const outside = new Set(check.outsideProject?.files ?? []);
  for (const c of candidates) {
    const { file, line } = parseLocation(c.pointer.location);
    // The innermost place that holds the site (places nest: a method inside a top-level object).
    const home = groups
      .filter((g) => g.file === file && ((line >= g.start && line <= g.end) || g.errors.some((e) => Math.abs(e.line - line) <= 2)))
      .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
    if (home) {
      home.merged.push(c);
      continue;
    }
    if (c.pointer.risk === 'high') {
      // The declaration the change is made to is where the edit goes, not a site that "compiles"; code under a
      // configuration guard the checker's one build leaves out was not compiled at all (config-guards.ts).
      const guard = guardOf?.(file, line) ?? null;
      const why =
        file === check.target.file && line === check.target.line
          ? 'the declaration the change is made to'
          : unchecked.has(file)
            ? `not verified: ${checker} did not check this file in time`
            : outside.has(file)
              ? outsideProjectWhy(checker, check.outsideProject?.project ?? '')
            : guard
              ? `not verified: compiled only under \`${guard}\`, which ${checker}'s build here may leave out`
              : `compiles: ${checker} reports no error here; check its behaviour`;
      rest.push(lowered(c, why));
    } else rest.push(c);
  }
  const verified: Pointer[] = [];
  const labels: string[] = [];
  for (const g of groups.sort((a, b) => a.file.localeCompare(b.file) || a.start - b.start)) {
    const first = g.errors[0];
    if (!first) continue;
    const codes = [...new Set(g.errors.map((e) => e.code))];
    const explored = [...g.merged].sort((a, b) => b.risk - a.risk || b.relevance - a.relevance)[0];
    const where = g.placeName ? ` (in ${g.placeName})` : '';
    // A name declared several times: which declaration's change breaks this place (same-name.ts).
    const declarations = [...new Set(g.errors.map((e) => e.declaration).filter((d): d is string => d !== undefined))];
    const from = declarations.length > 0 ? ` · when the declaration at ${declarations.join(' or ')} changes` : '';
    const more = g.errors.length > 1 ? ` (+${g.errors.length - 1} more${codes.length > 1 ? `: ${codes.slice(1).join(', ')}` : ''})` : '';
    const lines = new Set<number>();
    for (const e of g.errors) lines.add(e.line);
    for (const m of g.merged) lines.add(parseLocation(m.pointer.location).line);
    lines.delete(first.line);
    const pointer: Pointer = {
      location: `${first.file}:${first.line}`,
      what: `verified by ${checker}: ${first.code} ${compact(first.message)}${more}${where}${from}${explored ? ` · ${explanation(explored.pointer.what)}` : ''}`,
      risk: 'high',
      relevance: 5,
      // For a new variant the exploration's action names the construct (a case, a key); for other changes the checker's error says more.
      action: !check.change || check.change.kind === 'add_variant' ? (explored && isHighRubric(explored.risk) ? explored.pointer.action : actionFor(first.code, first.message)) : changeActionFor(check.change, first.code, first.message),
      verified: true,
    };
    if (lines.size > 0) pointer.also = [...lines].sort((a, b) => a - b);
    verified.push(pointer);
    labels.push(g.placeName ? `${g.placeName} (${first.file}:${first.line}, ${codes.join(', ')})` : `${first.file}:${first.line} (${codes.join(', ')})`);
  }
  return { verified, rest, labels };
}

/** Why a site in a file the checked project does not compile is neither verified nor known to compile. */
export function outsideProjectWhy(checker: string, project: string): string {
  return `not verified: outside the project ${checker} checked (${project}), so not compiled`;
}
