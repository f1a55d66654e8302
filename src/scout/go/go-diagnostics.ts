/**
 * The Go compiler's errors as the checker reads them from `go build`'s output:
 *
 *     # example.com/shop/report
 *     report/report.go:12:23: not enough arguments in call to orders.Total
 *     	have (orders.Order)
 *     	want (orders.Order, struct{scoutNew bool}, ...int)
 *
 * A header names the package; each error is `file:line:column: message`, its details on the tab-indented
 * lines after it (joined with `; `). The column counts bytes (1-based): verify/mapped-error.ts's byteColumn converts it. Go 1.19's
 * compiler prints no error code, so the code is go/types' name for the kind of error, read back from the
 * message (`WrongArgCount`), `error` for the others. And which errors are the same error before and after
 * the edit (goErrorKey).
 */
import type { Diagnostic } from '../verify/checker-template.js';
import type { MappedError } from '../verify/mapped-error.js';

/** go/types' error code names (internal/typesinternal) for the messages a change typically raises. */
const CODES: ReadonlyArray<[RegExp, string]> = [
  [/^undefined: /, 'UndeclaredName'],
  [/^undeclared name: /, 'UndeclaredName'],
  [/^(?:not enough|too many) arguments in call/, 'WrongArgCount'],
  [/^(?:not enough|too many) return values/, 'WrongResultCount'],
  [/has no field or method/, 'MissingFieldOrMethod'],
  [/^unknown field /, 'MissingLitField'],
  [/^cannot use .* as .* value in (?:argument|assignment|return statement|struct literal|variable declaration|map literal)/, 'IncompatibleAssign'],
  [/^cannot use /, 'IncompatibleAssign'],
  [/^invalid operation: .*\(mismatched types/, 'MismatchedTypes'],
  [/^invalid operation: /, 'UndefinedOp'],
  [/^missing return/, 'MissingReturn'],
  [/^cannot convert /, 'InvalidConversion'],
  [/does not implement /, 'InvalidIfaceAssign'],
  [/^duplicate case /, 'DuplicateCase'],
  [/declared (?:and|but) not used/, 'UnusedVar'],
  [/imported (?:and|but) not used/, 'UnusedImport'],
  [/^could not import /, 'BrokenImport'],
];

export function goCode(message: string): string {
  return CODES.find(([re]) => re.test(message))?.[1] ?? 'error';
}

const ERROR = /^(.+?\.go):(\d+):(\d+): (.*)$/;

/** The errors of `go build`'s output; column in bytes, 1-based. */
export function parseGoOutput(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  let current: (Diagnostic & { details: string[] }) | null = null;
  const close = (): void => {
    if (current) {
      const { details, ...d } = current;
      out.push({ ...d, message: [d.message, ...details].join('; ') });
    }
    current = null;
  };
  for (const line of output.split(/\r?\n/)) {
    const m = ERROR.exec(line);
    if (m) {
      close();
      const message = (m[4] ?? '').trim();
      current = { file: m[1] ?? '', line: Number(m[2]), column: Number(m[3]), code: goCode(message), message, details: [] };
    } else if (current && /^\t/.test(line) && line.trim() !== '') current.details.push(line.trim().replace(/\s+/g, ' '));
    else close();
  }
  close();
  return out;
}

/**
 * Two errors with the same key are the same error: file, position and the message's first line, with the
 * names in it blanked (an error that was already there may name the new parameter's type or the renamed
 * name: `want (int, struct{scoutNew bool})`). Positions never move: the checker's edits keep every line.
 */
export const goErrorKey = (d: MappedError): string =>
  `${d.file}|${d.line}|${d.character}|${(d.message.split('; ')[0] ?? '').replace(/"[^"\n]*"/g, '"…"').replace(/[A-Za-z_][\w.]*[A-Z0-9_.][\w.]*|\b(?:struct|func|interface)\{[^}]*\}/g, '…')}`;
