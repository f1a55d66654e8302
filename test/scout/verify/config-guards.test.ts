/** The configuration guards each language reads around a site: code its checker's one build may not compile. */
import { describe, expect, it } from 'vitest';
import { goBuildConstraint } from '../../../src/scout/go/build-constraint.js';
import { pythonVersionGuard } from '../../../src/scout/python/version-guard.js';
import { rustCfgGuard } from '../../../src/scout/rust/cfg-guard.js';
import { preprocessorGuard } from '../../../src/scout/verify/preprocessor-guard.js';

const lineOf = (lines: readonly string[], needle: string): number => lines.findIndex((l) => l.includes(needle)) + 1;

describe('Rust: #[cfg(…)]', () => {
  const lines = [
    'pub fn name(c: Color) -> &\'static str {',
    '    match c { Color::Red => "red", Color::Green => "green" }',
    '}',
    '#[cfg(windows)]',
    'mod win {',
    '    pub fn code<\'a>(c: &\'a Color) -> u32 {',
    '        match c { Color::Red => 1, Color::Green => 2 }',
    '    }',
    '}',
    '#[cfg(unix)]',
    'fn unix_only(c: Color) -> u8 { match c { _ => 0 } }',
    'fn arms(c: Color) -> u8 {',
    '    match c {',
    '        #[cfg(feature = "blue")]',
    '        Color::Blue => 3,',
    '        _ => 0,',
    '    }',
    '}',
  ];
  it('a site inside an item under a cfg the host may not meet: the cfg, through nested blocks and lifetimes', () => {
    expect(rustCfgGuard(lines, lineOf(lines, 'Color::Red => 1'))).toBe('#[cfg(windows)]');
  });
  it('an arm under its own cfg attribute', () => {
    expect(rustCfgGuard(lines, lineOf(lines, 'Color::Blue => 3'))).toBe('#[cfg(feature = "blue")]');
  });
  it('code every build compiles, and a cfg this host meets (unix): no guard', () => {
    expect(rustCfgGuard(lines, lineOf(lines, '"red"'))).toBeNull();
    expect(rustCfgGuard(lines, lineOf(lines, 'unix_only'))).toBeNull();
    expect(rustCfgGuard(lines, lineOf(lines, '_ => 0,'))).toBeNull();
  });
});

describe('Python: branches on the version or the platform', () => {
  const lines = [
    'import sys',
    'if sys.version_info >= (3, 11):',
    '    def label(m: Mode) -> str:',
    '        if m is Mode.A:',
    '            return "a"',
    '        return "b"',
    'else:',
    '    def label(m):',
    '        return {Mode.A: "a"}[m]',
    'if TYPE_CHECKING:',
    '    from x import Mode',
    'def plain(m: Mode) -> str:',
    '    return m.value',
  ];
  it('inside an if on sys.version_info, and inside its else: the condition', () => {
    expect(pythonVersionGuard(lines, lineOf(lines, 'return "a"'))).toBe('if sys.version_info >= (3, 11):');
    expect(pythonVersionGuard(lines, lineOf(lines, '{Mode.A: "a"}'))).toBe('if sys.version_info >= (3, 11):');
  });
  it('TYPE_CHECKING blocks (pyright checks them) and plain code: no guard', () => {
    expect(pythonVersionGuard(lines, lineOf(lines, 'from x import Mode'))).toBeNull();
    expect(pythonVersionGuard(lines, lineOf(lines, 'return m.value'))).toBeNull();
  });
});

describe('Go: build constraints', () => {
  it('a //go:build line for another OS, or a file name suffix for another OS: the constraint', () => {
    expect(goBuildConstraint(['//go:build windows', '', 'package p'], 3, 'p/x.go')).toBe('//go:build windows');
    expect(goBuildConstraint(['package p'], 1, 'p/exec_windows.go')).toBe("the file name's `_windows` suffix");
    expect(goBuildConstraint(['package p'], 1, 'p/zsys_darwin_arm64.go')).toBe("the file name's `_darwin_arm64` suffix");
  });
  it('the host\'s own OS, a name that merely contains an architecture word, and no constraint: none', () => {
    expect(goBuildConstraint(['//go:build linux', 'package p'], 2, 'p/x.go')).toBeNull();
    expect(goBuildConstraint(['package p'], 1, 'p/exec_linux.go')).toBeNull();
    expect(goBuildConstraint(['package p'], 1, 'p/arm_helpers.go')).toBeNull();
    expect(goBuildConstraint(['package p'], 1, 'p/x.go')).toBeNull();
  });
});

describe('C-family preprocessor conditionals', () => {
  const lines = [
    '#ifndef COLOR_H',
    '#define COLOR_H',
    'enum color { RED, GREEN };',
    '#ifdef _WIN32',
    'static int code(enum color c) { switch (c) { case RED: return 1; case GREEN: return 2; } return 0; }',
    '#else',
    'static int code(enum color c) { return c; }',
    '#endif',
    '#if 0',
    '#if defined(X)',
    'int x;',
    '#endif',
    'int dead;',
    '#endif',
    'int live;',
    '#endif',
  ];
  it('inside #ifdef, its #else, and after a nested conditional closed: the innermost open one', () => {
    expect(preprocessorGuard(lines, lineOf(lines, 'case RED'))).toBe('#ifdef _WIN32');
    expect(preprocessorGuard(lines, lineOf(lines, 'return c;'))).toBe('#else (of #ifdef _WIN32)');
    expect(preprocessorGuard(lines, lineOf(lines, 'int dead'))).toBe('#if 0');
  });
  it('the include guard wraps everything and is not a guard', () => {
    expect(preprocessorGuard(lines, lineOf(lines, 'enum color'))).toBeNull();
    expect(preprocessorGuard(lines, lineOf(lines, 'int live'))).toBeNull();
  });
});
