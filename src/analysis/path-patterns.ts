/**
 * Explicit path exclusion for overviews. The index never guesses what a "test file"
 * is; an overview may leave paths out, but only by patterns the caller can see,
 * change, and find echoed back with a count of what they removed.
 */

/** Directories an overview leaves out unless told otherwise. */
export const DEFAULT_EXCLUDE_PATTERNS: readonly string[] = [
  'test/',
  'tests/',
  '__tests__/',
  'spec/',
  'fixtures/',
  'testdata/',
  'examples/',
  'vendor/',
  'node_modules/',
];

/**
 * A pattern ending in '/' names a directory and matches at a path-segment boundary:
 * 'test/' matches `test/a.ts` and `src/test/a.ts` but not `latest/a.ts`. Any other
 * pattern is a plain substring of the repo-relative path (e.g. '.spec.').
 */
export function matchesPattern(relPath: string, pattern: string): boolean {
  if (pattern.endsWith('/')) return `/${relPath}`.includes(pattern.startsWith('/') ? pattern : `/${pattern}`);
  return relPath.includes(pattern);
}

export function isExcluded(relPath: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => matchesPattern(relPath, p));
}
