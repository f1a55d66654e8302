/** The server's background warm-up gives way to the first tool call (real index, real language server when it runs). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoutWorkspace } from '../../src/mcp/workspace.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo;
beforeAll(() => {
  repo = tempRepo({ fixture: 'lsp/ts-app', git: true });
});
afterAll(() => repo.cleanup());

describe('warm-up', () => {
  it('after a tool call came in, it brings the index up to date and starts no language server or checker', async () => {
    const ws = new ScoutWorkspace(repo.root, { watch: false });
    const log: string[] = [];
    try {
      ws.noteToolCall();
      await ws.warmUp((m) => log.push(m));
      expect(log[0]).toMatch(/^index ready/);
      expect(log).toContain('warm-up stopped early: a tool call came first and warms what it needs');
      expect(log.join('\n')).not.toMatch(/language server for|checker/);
    } finally {
      await ws.close();
    }
  });
});
