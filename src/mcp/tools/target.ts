/** The symbol a tool is about: a name (`parse`, `Router.route`) or a file and line inside the repository. */
import { z } from 'zod';
import { ScoutError } from '../../core/errors.js';
import type { AmbiguousTarget } from '../../analysis/symbol-target.js';
import { repoRelativePath } from '../../workspace/repo-path.js';

export const targetFields = {
  symbol: z.string().min(1).max(300).optional().describe('name or Class.method'),
  file: z.string().max(500).optional(),
  line: z.number().int().min(1).optional(),
};

export function targetOf(root: string, args: { symbol?: string | undefined; file?: string | undefined; line?: number | undefined }): string {
  if (args.file !== undefined) {
    if (args.line === undefined) throw new ScoutError('USAGE', 'file needs line too: pass {"file": "src/app.ts", "line": 42}, or pass symbol instead');
    return `${repoRelativePath(root, args.file, 'file')}:${args.line}`;
  }
  if (args.symbol !== undefined) return args.symbol;
  throw new ScoutError('USAGE', 'pass symbol (e.g. "parseConfig" or "Router.route"), or file and line');
}

/** Several definitions share the name: the agent picks one, nothing is guessed. */
export function refuseAmbiguous<T extends object>(result: T | AmbiguousTarget): T {
  if ('ambiguous' in result) {
    const options = result.candidates.slice(0, 8).map((c) => `${c.kind} ${c.qualified_name} at ${c.target}`).join('; ');
    throw new ScoutError('USAGE', `${result.message}. Candidates: ${options}`);
  }
  return result;
}
