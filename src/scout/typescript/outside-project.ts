/**
 * TypeScript files of the repository that the checked project does not compile: excluded by its tsconfig.json
 * (`include`, `exclude`, `files`) and imported by none of its files, such as build scripts or a second package
 * with its own configuration. A change can still break them, and the checker cannot say: the answer marks their
 * sites "not verified" (verify/merge.ts) instead of "compiles". Only files that mention the target (its name or
 * a member's) are reported, so the list stays short in a monorepo.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listSourceFiles } from './project.js';
import type { MentionWords } from './likely-files.js';

/** Repository-relative paths of the files outside `programFiles` (absolute) that mention one of `words`. */
export function filesOutsideProject(root: string, programFiles: ReadonlySet<string>, words: MentionWords, rel: (file: string) => string): string[] {
  const out: string[] = [];
  for (const file of mentioningFiles(root, words) ?? listSourceFiles(root)) {
    if (programFiles.has(file) || /\.d\.[mc]?ts$/.test(file)) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const mentions = words.names.some((w) => text.includes(w)) || words.strings.some((w) => text.includes(`'${w}'`) || text.includes(`"${w}"`) || text.includes(`\`${w}\``));
    if (mentions) out.push(rel(file));
  }
  return out.sort();
}

/**
 * In a git checkout, the TypeScript files that contain one of the words, from `git grep` (its index and threads:
 * tens of milliseconds in a monorepo where reading every file outside the project took seconds); null outside
 * git, or when git fails. Untracked files are searched too; ignored ones are not (as the walk skips them).
 */
function mentioningFiles(root: string, words: MentionWords): string[] | null {
  // String members quoted, as the text check below wants them: a bare one-letter member would match every file.
  const patterns = [...words.names, ...words.strings.flatMap((w) => [`'${w}'`, `"${w}"`, `\`${w}\``])].filter((w) => w.length > 0);
  if (patterns.length === 0) return [];
  try {
    const out = execFileSync('git', ['grep', '-l', '-z', '-F', '--untracked', ...patterns.flatMap((w) => ['-e', w]), '--', '*.ts', '*.tsx', '*.mts', '*.cts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
    return out.split('\0').filter(Boolean).map((f) => path.resolve(root, f));
  } catch (error) {
    // git grep exits 1 when nothing matches: no file mentions the target.
    return (error as { status?: number }).status === 1 ? [] : null;
  }
}
