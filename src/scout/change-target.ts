/**
 * A change question must name what it changes in a form scout can read. "What breaks if I add a variant to
 * `Foo..bar`?" or "... to ``?" would otherwise be answered about something else (`Foo`, or whatever a text
 * search finds, with risks that look like an answer): such a question gets a clear error that says how to
 * ask instead.
 */
import { ScoutError } from '../core/errors.js';
import type { AnalyzedQuery, Intent } from './query-analysis.js';

/** Intents that change a declaration: their answer is about that declaration, or it is no answer. */
const CHANGES: ReadonlySet<Intent> = new Set(['add_variant', 'remove', 'rename', 'change_signature']);

/** `LLMKind`, `ModelConfig.kind`, `$ZodIssueCode`, `parse()`: what a code name in backticks may look like. */
const READABLE_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$#][\w$]*)*(?:\(\))?$/;

const EXAMPLE = 'name the declaration as it is written in the code, in backticks, e.g. "what breaks if I add a variant to `LLMKind`?" or "... to `ModelConfig.kind`?"';

/** Throws a USAGE error when a change question's name cannot be read, or it names nothing to change. */
export function assertReadableChangeTarget(question: string, analyzed: Pick<AnalyzedQuery, 'intent' | 'target'>): void {
  if (!CHANGES.has(analyzed.intent)) return;
  const quoted = [...question.matchAll(/`([^`\n]*)`/g)].map((m) => (m[1] ?? '').trim());
  if (quoted.length > 0 && !quoted.some((q) => READABLE_NAME.test(q))) {
    const shown = quoted.find((q) => q !== '');
    throw new ScoutError('USAGE', `${shown !== undefined ? `\`${shown.slice(0, 80)}\` is not a name scout can read` : 'the backticks in the question are empty'}: ${EXAMPLE}`);
  }
  if (analyzed.target === null) throw new ScoutError('USAGE', `the question names no declaration to change: ${EXAMPLE}`);
}
