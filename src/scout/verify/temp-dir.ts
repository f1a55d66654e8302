/**
 * `$TMPDIR/semantic-scout-<uid>`: where checkers write what they must never write into the user's tree
 * (overlays, shadow projects), one directory per user of the machine.
 */
import os from 'node:os';
import path from 'node:path';

export function scoutTempDir(): string {
  return path.join(os.tmpdir(), `semantic-scout-${process.getuid?.() ?? 'user'}`);
}
