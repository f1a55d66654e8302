/**
 * A language's own checker, asked what a change breaks: the language-neutral side of verification.
 *
 * The change is made in memory (an overlay of the edited file, never the user's tree); the checker
 * type-checks the files that can see the change and returns the errors that are new compared with the
 * unmodified code. Each error is a verified pointer. Everything language-specific (how to find the
 * declaration, how to write the new variant, how to run the checker) lives behind this interface, in one
 * folder per language beside that language's exploration rules: src/scout/typescript/checker.ts,
 * src/scout/python/checker.ts, src/scout/rust/checker.ts, src/scout/haskell/checker.ts, src/scout/java/checker.ts, src/scout/go/checker.ts. This folder (verify/)
 * is the language-neutral core: the interface, what the checkers share (the shadow copy: shadow-tree.ts and
 * shadow-copy.ts; the compile-check-diff-map template a compiler's checker is a strategy of:
 * checker-template.ts; pacing and bounded child processes), the registry (checkers.ts), the verify step
 * (verify.ts) and the merge with the exploration (merge.ts).
 *
 * "Add a variant" is every checker's ability (`addVariant`); the other change kinds (`ChangeRequest`) are
 * optional (`applyChange`): a checker without them leaves those questions to the exploration, and says so.
 */

/** The kinds of change a question can ask about (see scout/change-request.ts for how a question names one). */
export const CHANGE_KINDS = ['add_variant', 'remove', 'rename', 'add_parameter', 'change_type', 'make_optional'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The change, language-neutral: what to do to the declaration, with what the question said about it. */
export interface ChangeSpec {
  kind: ChangeKind;
  /** remove: the member to take out of the declaration ("remove `'fast'` from `Mode`"); absent: the declaration itself. */
  member?: string;
  /** add_variant: the new member, when the question names it ("add `lasso` to `ToolType`"). */
  newMember?: string;
  /** rename: the new name, when the question gives one. */
  newName?: string;
  /** change_type: the new type, as written in the question (`string`, `number | null`). */
  newType?: string;
  /** add_parameter: the new parameter is optional ("add an optional parameter"). */
  optional?: boolean;
}

/** The declaration a question is about, found by the exploration (never resolved again by bare name). */
export interface DeclarationRef {
  /** The name as asked (`LLMKind`, `ModelConfig.kind`). */
  name: string;
  /** Path relative to the repository root, `/` separators. */
  file: string;
  /** 1-based line of the declaration's name. */
  line: number;
  /** 0-based UTF-16 column of the name, when known. */
  column?: number;
}

/** Where an error sits: the innermost function-like unit or field around it, else its top-level statement. */
export interface CheckerPlace {
  /** `createClient`, `Router.ask`, `DEFAULT_MODEL`; null when the unit has no name. */
  name: string | null;
  kind: 'function' | 'method' | 'constructor' | 'accessor' | 'arrow function' | 'field' | 'statement';
  /** 1-based lines of the unit. */
  startLine: number;
  endLine: number;
}

/** One error the change introduces. */
export interface CheckerError {
  /** Path relative to the repository root. */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** The checker's own code, as it prints it (`TS2366`). */
  code: string;
  /** The checker's message, flattened to one line. */
  message: string;
  place: CheckerPlace | null;
  /** `file:line` of the declaration whose change causes the error, when the name has several (same-name.ts). */
  declaration?: string;
}

/** A change the checker could express and run. */
export interface VariantCheck {
  /** What was edited: the declaration as the checker sees it. */
  target: { name: string; kind: string; file: string; line: number };
  /** The edit, as text (`member __ScoutNew = '__scout_new' added to enum LLMKind`). */
  edit: string;
  /** New errors, sorted by file and line. */
  errors: CheckerError[];
  /** Files type-checked after the edit (the edited file and the files that can see it). */
  checkedFiles: number;
  /**
   * Files that can see the change but were not checked before the deadline (repository-relative, sorted):
   * the check is partial, and an exploration site there is neither verified nor known to compile.
   */
  unchecked?: string[];
  /**
   * Files of the language that the checked project does not compile at all (outside its configuration) and that
   * mention the target: an exploration site there is neither verified nor known to compile. `project` names the
   * configuration (`tsconfig.json`).
   */
  outsideProject?: { files: string[]; project: string };
  /** Notes about the check itself (a project configuration fallback, an ambiguity). */
  notes: string[];
  /** The change made; absent means "add a variant" (checkers written before other kinds existed). */
  change?: ChangeSpec;
}

export type CheckOutcome =
  | { status: 'checked'; check: VariantCheck }
  /** The change cannot be expressed for this declaration (not a type, a generic alias, ...): `reason` says why. */
  | { status: 'refused'; reason: string };

export interface CheckRequest {
  /** Absolute repository root. */
  root: string;
  declaration: DeclarationRef;
  /** `performance.now()` value after which the checker gives up (throws CheckTimeout at its next step). */
  deadline: number;
  /**
   * Optional milliseconds of checking file by file after which a checker keeps only the files likely to break
   * (they mention the declaration or one of its members) and reports the rest as unchecked. Counted from its
   * first file, not from the question: a cold checker builds its program first, and that time would otherwise
   * leave a cold question no time for the other files while a warm one checks them all.
   */
  likelyOnlyAfterMs?: number;
  signal?: AbortSignal;
}

/** A change of any kind to the declaration. */
export interface ChangeRequest extends CheckRequest {
  change: ChangeSpec;
}

export interface Checker {
  /** `typescript`. */
  readonly name: string;
  /** The checker's version (the pinned package's). */
  readonly version: string;
  /** Whether this checker understands the file (by extension). */
  handles(file: string): boolean;
  /** Add one variant to the declared type, in memory, and list the errors it introduces. */
  addVariant(request: CheckRequest): Promise<CheckOutcome>;
  /**
   * Build what the first question would otherwise pay for (the unmodified program, its import graph) for the
   * project that holds `file` (repository-relative), so a long-lived server's first answer is warm. Optional.
   */
  prepare?(root: string, file: string): Promise<void>;
  /**
   * Make any change in `CHANGE_KINDS` in memory and list the errors it introduces; refuse (with what would
   * work) a kind or a declaration the checker cannot express. Absent: only "add a variant" is verified.
   */
  applyChange?(request: ChangeRequest): Promise<CheckOutcome>;
  /** Drop what the checker keeps warm between questions. */
  dispose(): void;
}

/** Thrown by a checker that reaches its deadline between two steps. */
export class CheckTimeout extends Error {
  constructor(readonly afterMs: number) {
    super(`the checker did not finish within ${afterMs} ms`);
    this.name = 'CheckTimeout';
  }
}
