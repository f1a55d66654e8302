/**
 * javac's errors as the checker reads them, from its plain text output (`-XDrawDiagnostics` would give
 * message keys, a base file name only, and columns with tabs expanded):
 *
 *     src/main/java/com/example/Pricing.java:7: error: the switch expression does not cover all possible input values
 *             return switch (kind) {
 *                    ^
 *       symbol:   method total(int)
 *
 * The column is where the caret stands under the echoed source line: javac copies the line's tabs into the
 * caret line, so the caret's index is the UTF-16 column of the source. The message is the header's text and
 * the detail lines after it (`symbol:`, `location:`, `required:`), joined. Notes (`Note: ... uses preview
 * features`) and the final count are not errors. And which errors are the same error before and after the
 * edit (javacErrorKey).
 */
import type { Diagnostic } from '../verify/checker-template.js';
import type { MappedError } from '../verify/mapped-error.js';

/**
 * javac's diagnostic key (as `-XDrawDiagnostics` would print it, without `compiler.err.`) for the messages a
 * change typically raises, read back from the English message; `error` for the others.
 */
const CODES: ReadonlyArray<[RegExp, string]> = [
  [/^the switch expression does not cover all possible input values/, 'not.exhaustive'],
  [/^the switch statement does not cover all possible input values/, 'not.exhaustive.statement'],
  [/^cannot find symbol/, 'cant.resolve'],
  [/cannot be applied to given types/, 'cant.apply.symbol'],
  [/^no suitable (?:method|constructor) found/, 'cant.apply.symbols'],
  [/^incompatible types/, 'prob.found.req'],
  [/^bad operand types? for (?:binary|unary) operator/, 'operator.cant.be.applied'],
  [/is not abstract and does not override abstract method/, 'does.not.override.abstract'],
  [/^method does not override or implement a method from a supertype/, 'method.does.not.override.superclass'],
  [/^an enum switch case label must be the unqualified name/, 'enum.label.must.be.unqualified.enum'],
  [/^missing return statement/, 'missing.ret.stmt'],
  [/^package .* does not exist/, 'doesnt.exist'],
  [/^cannot access /, 'cant.access'],
];

export function javacCode(message: string): string {
  return CODES.find(([re]) => re.test(message))?.[1] ?? 'error';
}

const HEADER = /^(.+?\.java):(\d+): (error|warning): (.*)$/;
const CARET = /^[ \t]*\^\s*$/;
const SUMMARY = /^\d+ (?:errors?|warnings?)$/;

/** The errors of javac's stderr (warnings are off: `-nowarn`; any left are skipped). Column 1-based. */
export function parseJavacOutput(output: string): Diagnostic[] {
  const lines = output.split(/\r?\n/);
  const out: Diagnostic[] = [];
  let current: (Diagnostic & { severity: string; details: string[]; caretSeen: boolean }) | null = null;
  const close = (): void => {
    if (current && current.severity === 'error') {
      const { severity: _s, details, caretSeen: _c, ...d } = current;
      // `cannot be applied to given types;` ends with the semicolon its details follow.
      out.push({ ...d, message: [d.message.replace(/;$/, ''), ...details].join('; ') });
    }
    current = null;
  };
  for (const line of lines) {
    const header = HEADER.exec(line);
    if (header) {
      close();
      const message = (header[4] ?? '').trim();
      current = { file: header[1] ?? '', line: Number(header[2]), column: 1, code: javacCode(message), message, severity: header[3] ?? 'error', details: [], caretSeen: false };
      continue;
    }
    if (!current) continue;
    if (SUMMARY.test(line.trim()) || /^Note: /.test(line)) {
      close();
      continue;
    }
    if (!current.caretSeen && CARET.test(line)) {
      current.column = line.indexOf('^') + 1;
      current.caretSeen = true;
      continue;
    }
    // Before the caret: the echoed source line (skipped). After it: details, indented.
    if (current.caretSeen && line.trim() !== '') current.details.push(line.trim().replace(/\s+/g, ' '));
  }
  close();
  return out;
}

/**
 * Two errors with the same key are the same error: file, position and the message's first part, with what
 * it quotes blanked ('…' and the names javac lists after `symbol:` may name the new constant or parameter
 * in an error that was already there). Positions never move: the checker's edits keep every line.
 */
export const javacErrorKey = (d: MappedError): string => `${d.file}|${d.line}|${d.character}|${(d.message.split('; ')[0] ?? '').replace(/'[^'\n]*'/g, "'…'")}`;
