import { describe, expect, it } from 'vitest';
import { bracketDepth, gateText, lineStats, type FileLimits } from '../../src/index/file-gate.js';
import { decodeSource } from '../../src/index/source-file.js';
import { sniffBinary } from '../../src/workspace/binary-sniff.js';

const LIMITS: FileLimits = { maxLineLength: 5_000, maxNestingDepth: 2_000, parseBudgetMs: 3_000 };

describe('binary sniffing', () => {
  it('passes source text, UTF-8 with multibyte characters and Latin-1 with a few accents', () => {
    expect(sniffBinary(Buffer.from('export const s = "héllo 😀 名前";\n'.repeat(100)))).toBeNull();
    expect(sniffBinary(Buffer.from('// caf\xe9 na\xefve\nexport const x = 1;\n'.repeat(50), 'latin1'))).toBeNull();
    expect(sniffBinary(Buffer.from('\x1b[31mred\x1b[0m\tand\r\nform\f', 'latin1'))).toBeNull();
  });

  it('flags NUL bytes (UTF-16 text too) and mostly-invalid UTF-8 or control bytes', () => {
    expect(sniffBinary(Buffer.from('export const x = 1;\n', 'utf16le'))).toMatch(/^NUL byte at offset 1$/);
    const high = Buffer.alloc(4096, 0);
    for (let i = 0; i < high.length; i++) high[i] = 0x80 | ((i * 37) & 0x7f);
    expect(sniffBinary(high)).toMatch(/not valid UTF-8/);
    expect(sniffBinary(Buffer.from('\x01\x02\x03\x04abc'.repeat(100), 'latin1'))).toMatch(/control characters/);
  });

  it('does not count a multibyte character cut by the end of the window', () => {
    const bytes = Buffer.from(`${'a'.repeat(10)}😀`);
    expect(sniffBinary(bytes.subarray(0, 12))).toBeNull();
  });
});

describe('content gate', () => {
  it('skips minified code but keeps a file with one long data line among normal lines', () => {
    const minified = `!function(){${'var a=function(b){return b+1};'.repeat(400)}}();`;
    expect(gateText(minified, false, LIMITS)).toMatchObject({ reason: 'minified', detail: expect.stringMatching(/^longest line \d+ chars > limit 5000/) });
    const withData = `${'export const x = 1;\n'.repeat(200)}export const svg = "${'M0 0L1 1'.repeat(1000)}";\n`;
    expect(lineStats(withData).longest).toBeGreaterThan(5_000);
    expect(gateText(withData, false, LIMITS)).toBeNull();
  });

  it('skips nesting above the cap, and stops counting there', () => {
    expect(bracketDepth('f(a[1], {b: (c)})', 100)).toBe(3);
    expect(bracketDepth(')))((', 100)).toBe(2); // stray closers clamp at zero
    expect(bracketDepth('('.repeat(100_000), 10)).toBe(11);
    const deep = `x = ${'['.repeat(2_001)}${']'.repeat(2_001)}`;
    expect(gateText(deep, false, LIMITS)).toEqual({ reason: 'nesting_too_deep', detail: 'brackets nested more than 2000 deep' });
    expect(gateText(`x = ${'['.repeat(2_000)}${']'.repeat(2_000)}`, false, LIMITS)).toBeNull();
  });

  it('skips text that decoded to mostly replacement characters, keeps a few', () => {
    const mostlyBad = decodeSource(Buffer.concat([Buffer.from('// header\n'), Buffer.alloc(2000, 0xff)]));
    expect(gateText(mostlyBad.text, mostlyBad.invalidUtf8, LIMITS)?.reason).toBe('binary');
    const fewBad = decodeSource(Buffer.concat([Buffer.from('export const s = "'), Buffer.from([0xff]), Buffer.from('";\n'.repeat(20))]));
    expect(gateText(fewBad.text, fewBad.invalidUtf8, LIMITS)).toBeNull();
  });
});

describe('content gate on files the walker did not sniff (partial reindex)', () => {
  it('skips text with a NUL byte near the start', () => {
    expect(gateText('export const x = 1;\0\0\0', false, LIMITS)).toEqual({ reason: 'binary', detail: 'NUL byte at offset 19' });
  });
});
