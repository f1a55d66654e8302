/**
 * Where a repository's index lives: `<repo>/.scout/index.db` (with a `.gitignore`
 * holding `*`), or, when the repository is read-only, a per-user cache directory.
 */
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface IndexLocation {
  dbPath: string;
  /** Set when the index could not live inside the repository, saying why and where it went. */
  note: string | null;
}

/** The index inside the repository, where it lives unless the repository is read-only (nothing is created). */
export function checkoutIndexPath(root: string): string {
  return path.join(root, '.scout', 'index.db');
}

export function indexLocation(root: string): IndexLocation {
  const dir = path.join(root, '.scout');
  try {
    if (!existsSync(dir)) mkdirSync(dir);
    accessSync(dir, constants.W_OK);
    const ignoreFile = path.join(dir, '.gitignore');
    if (!existsSync(ignoreFile)) writeFileSync(ignoreFile, '*\n');
    return { dbPath: checkoutIndexPath(root), note: null };
  } catch {
    const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
    const key = createHash('sha1').update(root).digest('hex').slice(0, 16);
    const fallback = path.join(cacheRoot, 'semantic-scout', key);
    mkdirSync(fallback, { recursive: true });
    return {
      dbPath: path.join(fallback, 'index.db'),
      note: `repository is read-only: index kept at ${fallback}`,
    };
  }
}
