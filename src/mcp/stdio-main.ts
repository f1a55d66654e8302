/**
 * `scout mcp` over stdio. Starts reading stdin before anything heavy loads, so
 * `initialize` and `tools/list` are answered from the build-time listing while the
 * SDK, SQLite and the rest load (see stdio-transport.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EARLY_ANSWERS_FILE } from './server-info.js';
import { ScoutStdioTransport, type EarlyAnswers } from './stdio-transport.js';

export function readEarlyAnswers(): EarlyAnswers | null {
  try {
    return JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), EARLY_ANSWERS_FILE), 'utf8')) as EarlyAnswers;
  } catch {
    return null; // not built yet: the SDK answers everything once loaded
  }
}

export async function runStdioServer(root: string, options: { beforeOpen?: () => Promise<string | null>; storeUrl?: string | null } = {}): Promise<void> {
  // SCOUT_MCP_EARLY_ANSWERS=0 turns the early answers off (the benchmark's baseline).
  const early = process.env.SCOUT_MCP_EARLY_ANSWERS === '0' ? null : readEarlyAnswers();
  const transport = new ScoutStdioTransport(early);
  await transport.start();
  const { serveStdio } = await import('./server.js');
  await serveStdio(root, transport, { beforeOpen: options.beforeOpen, storeUrl: options.storeUrl ?? null });
}
