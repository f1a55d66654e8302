/**
 * clang's errors as the checker reads them (`-fno-caret-diagnostics -fdiagnostics-show-option`):
 *
 *     src/report.c:5:10: error: call to undeclared function 'color_name' [-Werror,-Wimplicit-function-declaration]
 *     src/color.c:7:11: error: enumeration value 'SCOUT_NEW_VARIANT' not handled in switch [-Werror,-Wswitch]
 *     clang: error: no such file or directory: 'x.c'
 *
 * Notes, warnings and "In file included from" lines are not errors. The column counts bytes (1-based). clang
 * prints no error code: the code is the warning option an error comes from (`-Wswitch`), else a name for
 * the kind of error read from the message (`UndeclaredName`), else `error`. A driver error (no position) means
 * clang did not check the unit at all.
 */
import type { Diagnostic } from '../verify/checker-template.js';
import type { MappedError } from '../verify/mapped-error.js';

const CODES: ReadonlyArray<[RegExp, string]> = [
  [/^use of undeclared identifier /, 'UndeclaredName'],
  [/^unknown type name /, 'UnknownType'],
  [/^no member named .* in /, 'MissingMember'],
  [/^no matching (?:function|constructor|member function) for call/, 'NoMatchingCall'],
  [/^too (?:few|many) arguments to function call/, 'WrongArgCount'],
  [/^(?:variable|field) has incomplete type|^incomplete definition of type|^incomplete type /, 'IncompleteType'],
  [/^conflicting types for /, 'ConflictingTypes'],
  [/^(?:cannot initialize|assigning to|initializing|returning|passing) .* (?:with|from) (?:an? )?(?:lvalue|rvalue|expression|value)? ?of (?:incompatible )?type/, 'IncompatibleType'],
  [/^invalid operands to binary expression/, 'InvalidOperands'],
  [/^no viable conversion/, 'NoViableConversion'],
  [/^out-of-line definition of .* does not match/, 'MismatchedDefinition'],
  [/^only virtual member functions can be marked 'override'|marked 'override' but does not override/, 'DoesNotOverride'],
  [/^member reference (?:base )?type .* is not a (?:structure|pointer)/, 'BadMemberAccess'],
  [/^use of undeclared label|^undeclared identifier/, 'UndeclaredName'],
];

export function clangCode(message: string, option: string | null): string {
  const warning = option?.split(',').find((o) => o.startsWith('-W') && !o.startsWith('-Werror'));
  if (warning) return warning;
  return CODES.find(([re]) => re.test(message))?.[1] ?? 'error';
}

const ERROR = /^(.+?):(\d+):(\d+): (error|fatal error): (.*?)(?: \[([^\]]*)\])?$/;
const DRIVER = /^clang(?:-\d+)?: error: (.*)$/;

/** The errors of clang's output, and its driver's errors (clang did not check the unit). */
export function parseClangOutput(output: string): { errors: Diagnostic[]; fatal: string[]; driver: string[] } {
  const errors: Diagnostic[] = [];
  const fatal: string[] = [];
  const driver: string[] = [];
  for (const line of output.split(/\r?\n/)) {
    const m = ERROR.exec(line);
    if (m) {
      const message = (m[5] ?? '').trim();
      const d = { file: m[1] ?? '', line: Number(m[2]), column: Number(m[3]), code: m[4] === 'fatal error' ? 'fatal' : clangCode(message, m[6] ?? null), message };
      errors.push(d);
      if (m[4] === 'fatal error') fatal.push(`${d.file}:${d.line}: ${message}`);
      continue;
    }
    const dm = DRIVER.exec(line);
    if (dm) driver.push((dm[1] ?? '').trim());
  }
  return { errors, fatal, driver };
}

/** Two errors with the same key are the same error: file, line, column and message (the checker's edits keep every line). */
export const clangErrorKey = (d: MappedError): string => `${d.file}|${d.line}|${d.character}|${d.message}`;
