/** A hash of every file under a directory (paths and contents): the same before and after means nothing was written. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export function treeHash(dir: string, skip: readonly string[] = ['.scout']): string {
  const h = createHash('sha1');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      if (skip.includes(name)) continue;
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else h.update(`${path.relative(dir, full)}\0`).update(readFileSync(full)).update('\0');
    }
  };
  walk(dir);
  return h.digest('hex');
}
