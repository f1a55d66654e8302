/** An SDK client connected to a Scout server, in memory or over stdio (the built CLI). */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createScoutServer } from '../../src/mcp/server.js';
import { ScoutWorkspace } from '../../src/mcp/workspace.js';

export const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'main.js');

export interface Connected {
  client: Client;
  ws?: ScoutWorkspace;
  logs: string[];
  close(): Promise<void>;
}

export async function connectInMemory(root: string): Promise<Connected> {
  const ws = new ScoutWorkspace(root);
  const logs: string[] = [];
  const server = createScoutServer(ws, (m) => logs.push(m));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'scout-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    ws,
    logs,
    close: async () => {
      await client.close();
      await server.close();
      await ws.close();
    },
  };
}

export async function connectStdio(root: string, args: string[] = ['mcp']): Promise<Connected> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, ...args, '--repo', root], stderr: 'pipe' });
  const logs: string[] = [];
  transport.stderr?.on('data', (d: Buffer) => logs.push(d.toString()));
  const client = new Client({ name: 'scout-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, logs, close: () => client.close() };
}

export function textOf(result: { content?: unknown }): string {
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
  return content.map((c) => c.text ?? '').join('\n');
}
