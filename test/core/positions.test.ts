import { describe, expect, it } from 'vitest';
import { fromLspLine, spanFromPoints, toLspLine } from '../../src/core/positions.js';
import { extractFacts } from '../../src/parse/extract.js';
import { confine, toRelative } from '../../src/workspace/confine.js';

describe('positions', () => {
  it('stores 1-based lines and converts to and from LSP 0-based lines', () => {
    expect(spanFromPoints({ row: 0, column: 2 }, { row: 3, column: 0 })).toEqual({ startLine: 1, startColumn: 2, endLine: 4, endColumn: 0 });
    expect(toLspLine(1)).toBe(0);
    expect(fromLspLine(0)).toBe(1);
  });

  it('measures columns in UTF-16 code units, as LSP does', async () => {
    // é is one UTF-16 unit (two bytes), 😀 is two UTF-16 units (four bytes).
    const facts = await extractFacts('typescript', 'const s = "héllo😀"; foo();\n');
    const foo = facts.usages.find((u) => u.name === 'foo');
    expect(foo?.span).toEqual({ startLine: 1, startColumn: 21, endLine: 1, endColumn: 24 });
  });
});

describe('path confinement', () => {
  it('resolves paths inside the root and refuses the ones that escape it', () => {
    expect(confine('/repo', 'src/a.ts')).toBe('/repo/src/a.ts');
    expect(toRelative('/repo', '/repo/src/a.ts')).toBe('src/a.ts');
    expect(() => confine('/repo', '../etc/passwd')).toThrow(/outside the repository root/);
    expect(() => confine('/repo', '/etc/passwd')).toThrow(/outside the repository root/);
    expect(() => confine('/repo', 'src/../../x')).toThrow(/outside the repository root/);
    expect(confine('/repo', 'src/../b.ts')).toBe('/repo/b.ts');
  });
});
