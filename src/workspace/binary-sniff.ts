/**
 * Binary sniffing on the first bytes of a file, before anything parses it: a NUL byte
 * (git's heuristic), or a large share of bytes that are not valid UTF-8 or are control
 * characters. Source code in a legacy 8-bit encoding has a few invalid bytes (an accent
 * in a comment); compiled output, images and archives have them everywhere.
 */

/** How many leading bytes the walker reads to decide. */
export const SNIFF_BYTES = 8192;
/** More than this share of the sniffed bytes invalid as UTF-8 (or control characters) means binary. */
const MAX_SUSPICIOUS_SHARE = 0.1;

/** Returns why `bytes` (a file's first bytes) look binary, or null when they look like text. */
export function sniffBinary(bytes: Uint8Array): string | null {
  const n = bytes.length;
  if (n === 0) return null;
  const nul = bytes.indexOf(0);
  if (nul >= 0) return `NUL byte at offset ${nul}`;
  let invalid = 0;
  let control = 0;
  let i = 0;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      // Tab, line feed, vertical tab, form feed, carriage return and escape occur in text.
      if (b < 0x20 && !(b >= 0x09 && b <= 0x0d) && b !== 0x1b) control++;
      else if (b === 0x7f) control++;
      i++;
      continue;
    }
    const length = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b <= 0xdf ? 2 : 0;
    if (length === 0 || (length === 4 && b > 0xf4)) {
      invalid++;
      i++;
      continue;
    }
    if (i + length > n) break; // a sequence cut by the end of the sniffed window
    let ok = true;
    for (let k = 1; k < length; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) ok = false;
    if (ok && length === 3) {
      const b1 = bytes[i + 1] as number;
      if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 >= 0xa0)) ok = false; // overlong, surrogate
    }
    if (ok && length === 4) {
      const b1 = bytes[i + 1] as number;
      if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 >= 0x90)) ok = false; // overlong, above U+10FFFF
    }
    if (ok) i += length;
    else {
      invalid++;
      i++;
    }
  }
  const share = (invalid + control) / n;
  if (share > MAX_SUSPICIOUS_SHARE) {
    const what = invalid >= control ? 'not valid UTF-8' : 'control characters';
    return `${Math.round(share * 100)}% of the first ${n} bytes ${what}`;
  }
  return null;
}
