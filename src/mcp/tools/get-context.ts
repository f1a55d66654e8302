/** `get_context`: the first call in a session, about 200 tokens of where you are. */
import { z } from 'zod';
import { defineTool } from '../tool.js';

export const getContextTool = defineTool({
  name: 'get_context',
  title: 'Repository context',
  description:
    'Call FIRST in a session (~200 tokens): repo, branch, remote, last commit, index freshness, project type and entry points.',
  input: {},
  output: {
    repo_name: z.string(),
    branch: z.string().nullable(),
    detached: z.boolean(),
    remote: z.string().nullable(),
    last_commit: z.object({ hash: z.string(), message: z.string(), author: z.string(), date: z.string() }).nullable(),
    index_status: z.enum(['fresh', 'stale', 'not_indexed']),
    stale_files: z.number().nullable(),
    project_type: z.string().nullable(),
    entry_points: z.array(z.string()),
    languages: z.array(z.object({ language: z.string(), files: z.number(), lines: z.number() })),
    notes: z.array(z.string()),
  },
  // Reports freshness rather than fixing it: the stale count is part of the answer.
  freshness: 'none',
  async run(_args, ctx) {
    const { getContext } = await import('../../analysis/context.js');
    const c = getContext(ctx.ws.root, ctx.loaded.store);
    const freshness = c.index_status === 'fresh' ? 'index fresh' : c.index_status === 'stale' ? `index stale: ${c.stale_files} file(s); the next query refreshes them` : 'index not built yet: the next query builds it';
    const commit = c.last_commit ? `${c.last_commit.hash} ${c.last_commit.date} ${c.last_commit.author}: ${c.last_commit.message}` : 'no commits';
    const text = [
      `${c.repo_name} on ${c.detached ? 'a detached HEAD' : (c.branch ?? 'no branch')}${c.remote ? ` (${c.remote})` : ''}`,
      `last commit ${commit}`,
      `${c.project_type ?? 'project type unknown'}; entry points: ${c.entry_points.join(', ') || 'none found'}`,
      `languages: ${c.languages.map((l) => `${l.language} ${l.files} files/${l.lines} lines`).join(', ')}`,
      ...c.notes.map((n) => `note: ${n}`),
    ].join('\n');
    return { structured: { ...c, freshness }, text };
  },
});
