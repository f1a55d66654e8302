/** Which diagnostics an edit introduced: the multiset difference, and errors about the target library never count. */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { countDiagnostics, mayBeNew, newDiagnostics } from '../../../src/scout/typescript/diagnostic-diff.js';

const sf = ts.createSourceFile('a.ts', 'async function f() {}\nconst x: number = "s";\n', ts.ScriptTarget.ES5);
const diagnostic = (start: number, code: number): ts.Diagnostic => ({ file: sf, start, length: 1, code, category: ts.DiagnosticCategory.Error, messageText: `TS${code}` });

describe('new diagnostics', () => {
  it('an error already there does not count again; a second one at the same place and code does', () => {
    const before = countDiagnostics([diagnostic(30, 2322)]);
    expect(newDiagnostics([diagnostic(30, 2322)], before, []).length).toBe(0);
    expect(newDiagnostics([diagnostic(30, 2322), diagnostic(30, 2322)], before, []).map((d) => d.code)).toEqual([2322]);
  });

  it("an error about the target library (an async function without the 'Promise' constructor) is never new", () => {
    const after = [diagnostic(0, 2705), diagnostic(0, 2318), diagnostic(30, 2322)];
    expect(newDiagnostics(after, new Map(), []).map((d) => d.code)).toEqual([2322]);
  });

  it('an error about what the project can resolve (a package not installed, a missing helper library) is never new either', () => {
    const after = [diagnostic(0, 2307), diagnostic(0, 7016), diagnostic(0, 2354), diagnostic(30, 2322)];
    expect(after.filter(mayBeNew).map((d) => d.code)).toEqual([2322]);
    expect(newDiagnostics(after, new Map(), []).map((d) => d.code)).toEqual([2322]);
  });
});
