/**
 * The verify step, between the exploration and synthesis: for a change question (the query's `change`: add
 * a variant, remove, rename, add a parameter, change a type, make optional), pick the declaration the
 * exploration seeded from, ask that language's checker what the change breaks (bounded by a timeout), and
 * say what happened. A checker that can only add a variant (no `applyChange`) leaves the other kinds to
 * the exploration, with a note. Language-neutral: the checker does everything language-specific. A checker that is
 * missing, refuses the change, fails or runs out of time leaves the answer to the exploration, with the
 * reason in a note; nothing is ever written to the repository.
 */
import path from 'node:path';
import type { SeededQuestion as Seeded } from '../seeded-question.js';
import type { ScoutLink } from '../link.js';
import { type ChangeKind, type ChangeSpec, type Checker, type CheckOutcome, type CheckRequest, CheckTimeout, type VariantCheck } from './checker.js';
import type { Checkers } from './checkers.js';
import { type DeclarationCheck, mergeDeclarationChecks } from './same-name.js';

export interface Verification {
  /** verified: the checker ran (errors may be empty); refused: the change cannot be expressed; the rest: exploration only. */
  status: 'verified' | 'refused' | 'no_checker' | 'no_target' | 'failed' | 'timeout';
  checker: { name: string; version: string } | null;
  check: VariantCheck | null;
  ms: number;
  /** Why the answer is not verified (null when it is). */
  note: string | null;
}

export interface VerifyOptions {
  root: string;
  checkers: Checkers;
  /** Milliseconds the checker may take (cold included); after that the answer is the exploration's. */
  timeoutMs: number;
  /** Milliseconds after which a check keeps to the files likely to break (0 or absent: never narrows). */
  likelyOnlyAfterMs?: number;
  signal?: AbortSignal;
}

/** Kinds of seed each change applies to best, tried first (others are still tried: the checker explains a refusal). */
const TYPE_KINDS = ['enum', 'type_alias', 'property', 'field', 'constant', 'variable'];
const PREFERRED: Record<ChangeKind, readonly string[]> = {
  add_variant: TYPE_KINDS,
  remove: ['enum_member', 'property', 'method', 'enum', 'type_alias', 'interface', 'class'],
  rename: [],
  add_parameter: ['function', 'method', 'class'],
  change_type: ['property', 'variable', 'constant', 'type_alias'],
  make_optional: ['property', 'method'],
};

/** How a change reads in a note ("cannot express a rename yet"). */
const CHANGE_WORDS: Record<ChangeKind, string> = {
  add_variant: 'a new variant',
  remove: 'a removal',
  rename: 'a rename',
  add_parameter: 'a new parameter',
  change_type: 'a type change',
  make_optional: 'an optional property',
};

const EXPLORATION_ONLY = 'pointers come from the exploration alone';

/** What the verify step needs of an exploration: the question read and its seeds (available as soon as the seeds are found). */
export type SeededQuestion = Pick<Seeded, 'query' | 'seeds'>;

/** The question's own declarations (not the constants a derived union was followed to), those in a file the question names first, then the kinds the change applies to. */
function targetSeeds(exploration: SeededQuestion, kind: ChangeKind): ScoutLink[] {
  const target = exploration.query.target;
  if (!target) return [];
  const last = target.split('.').pop() ?? target;
  const own = exploration.seeds.filter((s) => s.relation === 'seed' && s.symbol !== null && (s.symbol === target || s.symbol.split('.').pop() === last));
  const preferred = PREFERRED[kind];
  // A file the question names ("rename `ZodObject` in src/v4/mini/schemas.ts") picks among declarations of one name first;
  // then the declaration named exactly as asked: a bare `IPNetSliceP` is the function, not the method `FlagSet.IPNetSliceP`.
  const rank = (s: ScoutLink): number => (inNamedFile(exploration, s) ? 0 : 4) + (s.symbol === target ? 0 : 2) + (s.kind !== null && preferred.includes(s.kind) ? 0 : 1);
  return [...own].sort((a, b) => rank(a) - rank(b));
}

/** Whether the seed lies in a file (or folder) the question names ("… `Mode` in src/a.ts"). */
function inNamedFile(exploration: SeededQuestion, s: ScoutLink): boolean {
  return exploration.query.paths.some((p) => s.location.file === p || s.location.file.endsWith(`/${p}`) || s.location.file.startsWith(`${p.replace(/\/$/, '')}/`));
}

/** The declaration a checker is asked to change: the seed's place, under the name asked. */
function declarationOf(seed: ScoutLink, name: string): CheckRequest['declaration'] {
  return { name, file: seed.location.file, line: seed.location.line, ...(seed.location.column !== undefined ? { column: seed.location.column } : {}) };
}

/** The checker's outcome; the checker gives up at its next step after the deadline, and the timer bounds a step that never returns control. */
async function bounded(running: Promise<CheckOutcome>, ms: number): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([running, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new CheckTimeout(Math.round(ms))), ms + 1000)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** At most this many declarations of one name are checked (a name declared in every package stays bounded). */
const MAX_DECLARATIONS = 4;

/** The other declarations of the name, of the same kind (a second enum `Color`, not a function `Color`), that the same checker reads, in other places than `checked`. */
function otherDeclarations(seeds: readonly ScoutLink[], checked: ScoutLink, checkerName: string, options: VerifyOptions): ScoutLink[] {
  const seen = new Set([`${checked.location.file}:${checked.location.line}`]);
  const out: ScoutLink[] = [];
  for (const s of seeds) {
    const key = `${s.location.file}:${s.location.line}`;
    if (seen.has(key) || s.kind !== checked.kind || options.checkers.for(s.location.file)?.name !== checkerName) continue;
    seen.add(key);
    out.push(s);
  }
  return out.slice(0, MAX_DECLARATIONS - 1);
}

/**
 * Change and check each other declaration in turn, within what is left of the verify step's time, and merge the
 * checks (same-name.ts). A declaration the checker refuses (a same-named function) is left out; one it cannot
 * reach in time is named as not checked.
 */
async function checkEach(name: string, first: DeclarationCheck, others: readonly ScoutLink[], change: ChangeSpec, options: VerifyOptions, started: number): Promise<VariantCheck> {
  const deadline = started + options.timeoutMs;
  const checks: DeclarationCheck[] = [first];
  const notChecked: string[] = [];
  for (const seed of others) {
    const where = `${seed.location.file}:${seed.location.line}`;
    const checker = options.checkers.for(seed.location.file);
    const msLeft = deadline - performance.now();
    if (!checker || msLeft <= 0) {
      notChecked.push(where);
      continue;
    }
    const running = run(checker, { root: options.root, declaration: declarationOf(seed, name), deadline, ...(options.signal ? { signal: options.signal } : {}) }, change);
    try {
      const outcome = running ? await bounded(running, msLeft) : null;
      if (outcome?.status === 'checked') checks.push({ declaration: `${outcome.check.target.file}:${outcome.check.target.line}`, check: outcome.check });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      notChecked.push(where);
    }
  }
  return mergeDeclarationChecks(name, checks, notChecked);
}

/** The change the question asks a checker to make, or null when it asks none. */
function changeOf(exploration: SeededQuestion): ChangeSpec | null {
  return exploration.query.change ?? (exploration.query.intent === 'add_variant' ? { kind: 'add_variant' } : null);
}

/** Whether this question gets a verify step: it asks for a change a checker can make. */
export function wantsVerification(exploration: SeededQuestion): boolean {
  return changeOf(exploration) !== null;
}

/** The checker asked for the change: "add a variant" through `addVariant` (every checker has it), the rest through `applyChange`. */
function run(checker: Checker, request: CheckRequest, change: ChangeSpec): Promise<CheckOutcome> | null {
  if (checker.applyChange) return checker.applyChange({ ...request, change });
  return change.kind === 'add_variant' ? checker.addVariant(request) : null;
}

/** The verify step for "add a variant" (kept for callers written before the other change kinds). */
export function verifyAddVariant(exploration: SeededQuestion, options: VerifyOptions): Promise<Verification> {
  return verifyChange(exploration, options, { kind: 'add_variant' });
}

export async function verifyChange(exploration: SeededQuestion, options: VerifyOptions, asked: ChangeSpec | null = changeOf(exploration)): Promise<Verification> {
  const started = performance.now();
  const done = (v: Omit<Verification, 'ms'>): Verification => ({ ...v, ms: Math.round(performance.now() - started) });
  const target = exploration.query.target;
  const change = asked ?? { kind: 'add_variant' };
  const seeds = targetSeeds(exploration, change.kind);
  if (seeds.length === 0) {
    return done({ status: 'no_target', checker: null, check: null, note: `not verified: no declaration of ${target ? `\`${target}\`` : 'the question\'s target'} was found to change; ${EXPLORATION_ONLY}` });
  }
  const refusals: string[] = [];
  let unsupported: string | null = null;
  let cannot: string | null = null;
  for (const seed of seeds) {
    const checker = options.checkers.for(seed.location.file);
    if (!checker) {
      unsupported ??= /\.d\.[mc]?ts$/.test(seed.location.file) ? 'declaration (.d.ts)' : path.extname(seed.location.file) || seed.location.file;
      continue;
    }
    const id = { name: checker.name, version: checker.version };
    const running = run(
      checker,
      {
        root: options.root,
        declaration: declarationOf(seed, target ?? seed.symbol ?? ''),
        deadline: performance.now() + options.timeoutMs,
        ...(options.likelyOnlyAfterMs ? { likelyOnlyAfterMs: Math.min(options.likelyOnlyAfterMs, options.timeoutMs) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      change,
    );
    if (!running) {
      cannot ??= `the ${checker.name} checker cannot express ${CHANGE_WORDS[change.kind]} yet (it verifies added variants only)`;
      continue;
    }
    try {
      const outcome = await bounded(running, options.timeoutMs);
      if (outcome.status === 'refused') {
        refusals.push(outcome.reason);
        continue;
      }
      const check = outcome.check;
      const others = seeds.some((s) => inNamedFile(exploration, s)) ? [] : otherDeclarations(seeds, seed, checker.name, options);
      if (others.length === 0) {
        if (seeds.length > 1) check.notes.push(`\`${target}\` has ${seeds.length} declarations; the checker changed the one at ${check.target.file}:${check.target.line}`);
        return done({ status: 'verified', checker: id, check, note: null });
      }
      const merged = await checkEach(target ?? seed.symbol ?? '', { declaration: `${check.target.file}:${check.target.line}`, check }, others, change, options, started);
      return done({ status: 'verified', checker: id, check: merged, note: null });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (error instanceof CheckTimeout) {
        return done({ status: 'timeout', checker: id, check: null, note: `not verified: the ${checker.name} checker did not finish within ${options.timeoutMs} ms; ${EXPLORATION_ONLY}` });
      }
      const message = (error as Error).message?.split('\n')[0]?.slice(0, 200) ?? String(error);
      return done({ status: 'failed', checker: id, check: null, note: `not verified: the ${checker.name} checker failed (${message}); ${EXPLORATION_ONLY}` });
    }
  }
  if (refusals.length > 0) return done({ status: 'refused', checker: null, check: null, note: `not verified: ${refusals[0]}` });
  if (cannot) return done({ status: 'no_checker', checker: null, check: null, note: `not verified: ${cannot}; ${EXPLORATION_ONLY}` });
  return done({
    status: 'no_checker',
    checker: null,
    check: null,
    note: `not verified: no checker for ${unsupported} files yet (verification covers ${options.checkers.names().join(', ')}); ${EXPLORATION_ONLY}`,
  });
}
