/**
 * GHC 9.0's text output, read: it has no JSON diagnostics. A diagnostic starts at column 0 with
 * `file:line:col: warning: [-Wflag]` (or `file:line:col-col:`, or `file:(l1,c1)-(l2,c2):` for a span over
 * several lines; `error:` for errors, which carry no code in 9.0); its message is the indented lines below,
 * up to a blank line or the source excerpt (`   |`, `12 | code`). A warning the project turns into an error
 * (`[-Wincomplete-patterns, -Werror=incomplete-patterns]`) keeps its warning flag as its code.
 *
 * Also read: which modules a run compiled (`[2 of 3] Compiling Llm.Route ( src/Llm/Route.hs, nothing )` on
 * stdout; modules up to date are silent, and so are their warnings), and the imports GHC could not resolve
 * (a package not bundled with GHC, or a hidden one), which decide what is left out of the check.
 *
 * Then the diff (verify/checker-template.ts maps the diagnostics to repository positions): new diagnostics
 * are the edited run's minus the unmodified project's, as a multiset keyed by (file, position, code, message
 * without its list of patterns not matched: a function already missing `Local` that now also misses the new
 * constructor was already incomplete).
 */
import type { MappedError } from '../verify/mapped-error.js';
import { newErrors } from '../verify/new-errors.js';

export interface GhcDiagnostic {
  /** As GHC prints it (relative to the directory it ran in). */
  file: string;
  /** 1-based line and column (characters). */
  line: number;
  column: number;
  severity: 'warning' | 'error';
  /** `-Wincomplete-patterns`, or `error` for an error without a flag. */
  code: string;
  /** The message's lines joined by single spaces. */
  message: string;
}

const HEADER = /^(.+?):(?:(\d+):(\d+)(?:-\d+)?|\((\d+),(\d+)\)-\(\d+,\d+\)): (warning|error):\s*(?:\[([^\]]*)\])?\s*(.*)$/;
const EXCERPT = /^\s*\d*\s*\|/;

export function parseGhcOutput(text: string): GhcDiagnostic[] {
  const out: GhcDiagnostic[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = HEADER.exec(lines[i] ?? '');
    if (!m || /^\s/.test(lines[i] ?? '')) continue;
    const message: string[] = m[8] ? [m[8].trim()] : [];
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j] ?? '';
      if (next.trim() === '' || EXCERPT.test(next) || !/^\s/.test(next)) break;
      message.push(next.trim());
      i = j;
    }
    const flags = (m[7] ?? '').split(',').map((f) => f.trim()).filter(Boolean);
    out.push({
      file: m[1] ?? '',
      line: Number(m[2] ?? m[4]),
      column: Number(m[3] ?? m[5]),
      severity: m[6] === 'error' ? 'error' : 'warning',
      code: flags.find((f) => !f.startsWith('-Werror')) ?? flags[0] ?? 'error',
      message: message.join(' '),
    });
  }
  return out;
}

/** The files a run compiled (checked), as GHC prints them. */
export function compiledFiles(stdout: string): string[] {
  const out: string[] = [];
  for (const m of stdout.matchAll(/^\[\s*\d+ of \d+\] Compiling \S+\s+\( ([^,]+?),/gm)) if (m[1]) out.push(m[1].trim());
  return out;
}

export interface MissingImport {
  /** The importing file, as GHC prints it. */
  file: string;
  module: string;
  /** The hidden package that has it (`ghc-9.0.2`), or null when no package GHC knows has it. */
  hiddenPackage: string | null;
}

/** `Could not find module ‘Test.Hspec’`, `Could not load module ‘GHC’ It is a member of the hidden package ‘ghc-9.0.2’`. */
export function missingImports(diags: readonly GhcDiagnostic[]): MissingImport[] {
  const out: MissingImport[] = [];
  for (const d of diags) {
    const m = /Could not (?:find|load) module [‘'`]([^’'`]+)[’'`]/.exec(d.message);
    if (!m?.[1] || d.severity !== 'error') continue;
    out.push({ file: d.file, module: m[1], hiddenPackage: /hidden package [‘'`]([^’'`]+)[’'`]/.exec(d.message)?.[1] ?? null });
  }
  return out;
}

/** The message without what lists the patterns not matched (which name the new constructor). */
export const haskellErrorKey = (d: MappedError): string => `${d.file}|${d.line}|${d.character}|${d.code}|${d.message.replace(/Patterns?(?: of type .*?)? not matched:[\s\S]*$/, '')}`;

export function newHaskellErrors(after: readonly MappedError[], before: readonly MappedError[]): MappedError[] {
  return newErrors(after, before, haskellErrorKey);
}
